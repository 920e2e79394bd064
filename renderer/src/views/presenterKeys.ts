// The keys a presenter's clicker (or keyboard) sends, as actions on the
// slides. Kept apart from the component so that each key's meaning is one
// table a test can read: PageDown / ArrowRight / ArrowDown / Space next,
// PageUp / ArrowLeft / ArrowUp previous, Home / End first / last, Enter / P
// play or pause the slide's animation, B / . blank the screen black and
// W / , white (any key brings the slide back, and does nothing else), A
// auto-advance, Esc leave.

export type PresenterAction = 'exit' | 'unblank' | 'black' | 'white' | 'play' | 'next' | 'prev' | 'first' | 'last' | 'auto';

/** Where the key was pressed: whether the screen is blanked, and what has the focus. */
export interface KeyContext {
  blanked: boolean;
  /** A filter box, a picker or a text area: it keeps its keys (a checkbox or a slider does not). */
  inField: boolean;
  /** A button has the focus: Enter clicks it rather than playing. */
  onButton: boolean;
}

const KEYS: Record<string, PresenterAction> = {
  b: 'black', B: 'black', '.': 'black',
  w: 'white', W: 'white', ',': 'white',
  Enter: 'play', p: 'play', P: 'play',
  PageDown: 'next', ArrowRight: 'next', ArrowDown: 'next', ' ': 'next',
  PageUp: 'prev', ArrowLeft: 'prev', ArrowUp: 'prev',
  Home: 'first', End: 'last',
  a: 'auto', A: 'auto',
};

/** What `key` does on a slide (null: nothing, the key goes on to whatever has the focus). */
export function presenterKeyAction(key: string, ctx: KeyContext): PresenterAction | null {
  if (key === 'Escape') return 'exit';
  if (ctx.inField) return null;
  if (ctx.blanked) return 'unblank';
  if (key === 'Enter' && ctx.onButton) return null;
  return KEYS[key] ?? null;
}
