// The presenter's keys, one test a key (issue 35: "the presenter can't play
// the animation without the mouse"): what a clicker or a keyboard sends on a
// slide, on a blanked screen, in a filter box and on a focused button.
import { describe, expect, it } from 'vitest';
import { presenterKeyAction, type KeyContext } from '../src/views/presenterKeys';

const slide: KeyContext = { blanked: false, inField: false, onButton: false };
const on = (key: string, ctx: Partial<KeyContext> = {}) => presenterKeyAction(key, { ...slide, ...ctx });

describe('presenter keys on a slide', () => {
  it.each(['PageDown', 'ArrowRight', 'ArrowDown', ' '])('%j goes to the next slide', (k) => expect(on(k)).toBe('next'));
  it.each(['PageUp', 'ArrowLeft', 'ArrowUp'])('%j goes to the previous slide', (k) => expect(on(k)).toBe('prev'));
  it('Home and End go to the first and the last slide', () => {
    expect(on('Home')).toBe('first');
    expect(on('End')).toBe('last');
  });
  it.each(['Enter', 'p', 'P'])('%j plays or pauses the slide\'s animation (Space does not: it is next)', (k) => expect(on(k)).toBe('play'));
  it.each(['b', 'B', '.'])('%j blanks the screen black', (k) => expect(on(k)).toBe('black'));
  it.each(['w', 'W', ','])('%j blanks the screen white', (k) => expect(on(k)).toBe('white'));
  it('A toggles auto-advance, Escape leaves', () => {
    expect(on('a')).toBe('auto');
    expect(on('Escape')).toBe('exit');
  });
  it('other keys do nothing', () => {
    for (const k of ['x', 'F5', 'Tab', 'Shift', '1']) expect(on(k)).toBeNull();
  });
});

describe('presenter keys elsewhere', () => {
  it('on a blanked screen every key brings the slide back and does nothing else', () => {
    for (const k of ['PageDown', 'b', '.', 'w', 'Enter', 'p', 'x', 'Home']) expect(on(k, { blanked: true })).toBe('unblank');
  });
  it('Escape leaves even from a blanked screen or a filter box', () => {
    expect(on('Escape', { blanked: true })).toBe('exit');
    expect(on('Escape', { inField: true })).toBe('exit');
  });
  it('a filter box or a picker keeps its keys', () => {
    for (const k of ['ArrowDown', ' ', 'p', 'b', 'Enter', 'Home']) expect(on(k, { inField: true })).toBeNull();
  });
  it('a focused button keeps Enter (it clicks it); the clicker\'s other keys still work', () => {
    expect(on('Enter', { onButton: true })).toBeNull();
    expect(on('p', { onButton: true })).toBe('play');
    expect(on('PageDown', { onButton: true })).toBe('next');
    expect(on('b', { onButton: true })).toBe('black');
  });
});
