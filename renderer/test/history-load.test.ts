// Loading a saved run from History (issue 35, "History is hard to use"):
// what the app says, plainly, when the run's traces were not stored, and
// that the editor now shows the run's script.
import { describe, expect, it } from 'vitest';
import { loadedText } from '../src/app/history';

describe('Load from History', () => {
  it('says how many step traces were kept and that the editor shows the script', () => {
    expect(loadedText({ id: 4, title: 'select count(*) from t4' }, 3, true)).toBe(
      'Loaded saved run 4 (select count(*) from t4): its steps can be selected and compared; the editor shows its script (Ctrl+Z brings back what was there); 3 step traces kept.');
    expect(loadedText({ id: 4, title: 'x' }, 1, false)).toMatch(/compared; 1 step trace kept\.$/);
  });
  it('says plainly when no trace was stored, and what that takes away', () => {
    const t = loadedText({ id: 7, title: 'LAB RUN t4' }, 0, true);
    expect(t).toMatch(/its traces were not stored, so its structure, flame graph and timeline cannot be replayed \(run its script again to see them\)\.$/);
  });
});
