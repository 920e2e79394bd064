// Theme colours for canvas drawing, read from the CSS variables (so canvas
// and DOM agree, in light and dark). Get kinds are keyed by GetKind.
import { GetKind } from '../model/types';

export interface Palette {
  bg: string; panel: string; panel2: string; border: string; text: string; muted: string; accent: string;
  cellEmpty: string; cellStroke: string; heatLo: string; heatHi: string; header: string; link: string; danger: string;
  get: Record<number, string>;
  mono: string; sans: string;
  dark: boolean;
}

// One palette per scope: the document's, and a view's inside presenter mode
// (the presenter sets its own high-contrast variables on its root). Dropped
// when the colour scheme changes.
let cached = new WeakMap<Element, Palette>();
if (typeof window !== 'undefined' && window.matchMedia) {
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => { cached = new WeakMap(); });
}

/**
 * The colours in effect at `scope` (an element of the view; default the
 * document): a canvas inside presenter mode is drawn in the presenter's
 * colours, as the DOM around it is.
 */
export function palette(scope?: Element | null): Palette {
  const root = scope?.closest('.presenter') ?? document.documentElement;
  const hit = cached.get(root);
  if (hit) return hit;
  const cs = getComputedStyle(root);
  const v = (n: string) => cs.getPropertyValue(n).trim();
  const P: Palette = {
    bg: v('--bg'), panel: v('--panel'), panel2: v('--panel-2'), border: v('--border'), text: v('--text'), muted: v('--muted'), accent: v('--accent'),
    cellEmpty: v('--cell-empty'), cellStroke: v('--cell-stroke'), heatLo: v('--heat-lo'), heatHi: v('--heat-hi'), header: v('--header-cell'), link: v('--link'),
    danger: v('--danger'),
    get: {
      [GetKind.EXAMINATION]: v('--get-exam'), [GetKind.NORMAL]: v('--get-normal'), [GetKind.PIN]: v('--get-pin'),
      [GetKind.PINNED]: v('--get-pinned'), [GetKind.MEMOPT]: v('--get-memopt'), [GetKind.CURRENT]: v('--get-current'), [GetKind.NONE]: v('--get-phys'),
    },
    mono: v('--mono'), sans: v('--sans'),
    dark: root === document.documentElement ? window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false : /\bdark\b/.test(v('color-scheme')),
  };
  cached.set(root, P);
  return P;
}

/** Parse #rgb/#rrggbb to [r,g,b]. */
export function rgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A 256-entry heat LUT from lo to hi colour. */
export function heatLut(lo: string, hi: string): string[] {
  const a = rgb(lo), b = rgb(hi);
  return Array.from({ length: 256 }, (_, i) => {
    const t = i / 255;
    return `rgb(${Math.round(a[0] + (b[0] - a[0]) * t)},${Math.round(a[1] + (b[1] - a[1]) * t)},${Math.round(a[2] + (b[2] - a[2]) * t)})`;
  });
}
