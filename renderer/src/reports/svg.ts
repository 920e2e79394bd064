// Helpers for standalone SVG documents: escaping, number formatting and the
// generic font stacks, so exported files read well without the app.

export const MONO = 'ui-monospace, Menlo, Consolas, monospace';
export const SANS = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

/** XML-escape text and attribute values. Also drops characters XML 1.0 forbids. */
export function esc(s: unknown): string {
  return String(s)
    // Keeps XML 1.0's Char (tab, LF, CR, U+0020-U+FFFD, and the surrogates that pair into
    // U+10000-U+10FFFF): drops the other C0 controls, U+FFFE and U+FFFF.
    .replace(/[^\t\n\r\u0020-\uFFFD]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Compact numbers for coordinates. */
export function n(v: number): string {
  if (!Number.isFinite(v)) return '0';
  return String(Math.round(v * 100) / 100);
}

export function svgDocument(width: number, height: number, title: string, body: string, desc = '', background = '#ffffff'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" font-family="${esc(SANS)}" font-size="12">\n` +
    `<title>${esc(title)}</title>\n${desc ? `<desc>${esc(desc)}</desc>\n` : ''}` +
    `<rect x="0" y="0" width="${n(width)}" height="${n(height)}" fill="${background}"/>\n${body}</svg>\n`;
}

export function text(x: number, y: number, s: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}"${attrs ? ` ${attrs}` : ''}>${esc(s)}</text>`;
}

/** Rough text width for layout (no DOM): average glyph widths for the font stacks. */
export function textWidth(s: string, size = 12, mono = false): number {
  return s.length * size * (mono ? 0.6 : 0.55);
}

export function truncate(s: string, maxWidth: number, size = 12, mono = false): string {
  const per = size * (mono ? 0.6 : 0.55);
  const max = Math.floor(maxWidth / per);
  if (s.length <= max) return s;
  if (max <= 1) return '';
  return `${s.slice(0, max - 1)}…`;
}

/** `s` on at most `max` lines of `width` (bold text: `size` a little wider), broken at spaces; the last line cut if need be. */
export function wrapWords(s: string, width: number, size: number, max: number): string[] {
  const out: string[] = [];
  let rest = s.trim();
  while (rest && out.length < max - 1 && textWidth(rest, size) > width) {
    const fit = Math.max(1, Math.floor(width / (size * 0.55)));
    const cut = rest.lastIndexOf(' ', fit);
    const at = cut > fit / 2 ? cut : fit;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) out.push(truncate(rest, width, size));
  return out;
}

/** Fixed colours of exported pictures (light; files are viewed outside the app). */
/** Colours a picture is drawn in (a projector's dark palette overrides some). */
export type ReportColors = typeof REPORT_COLORS;

export const REPORT_COLORS = {
  text: '#1d2433', muted: '#5f6b7c', border: '#d8dce3', panel: '#f4f6f9', grid: '#e6e9ee', stroke: '#c5cbd4',
  header: '#9aa5b4', link: '#9aa5b4', accent: '#1f6feb', heatLo: '#fde2b0', heatHi: '#b3261e', grew: '#d7301f', shrank: '#2166ac',
  get: { 0: '#2a9d8f', 1: '#e09a24', 2: '#8e5fd0', 3: '#7b8896', 4: '#d1495b', 5: '#c2185b', 255: '#3b6fb6' } as Record<number, string>,
};

export function mix(a: string, b: string, t: number): string {
  const pa = hex(a), pb = hex(b);
  const c = pa.map((v, i) => Math.round(v + (pb[i] - v) * Math.max(0, Math.min(1, t))));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
function hex(h: string): number[] {
  let s = h.replace('#', '');
  if (s.length === 3) s = s.split('').map((c) => c + c).join('');
  const v = parseInt(s, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
