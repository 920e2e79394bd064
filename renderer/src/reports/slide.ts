// A 16:9 slide (1920 x 1080) around any exported picture: a title band, the
// picture scaled to fit the rest, and a footer with the source, so a
// trainer can drop it into a deck as it is.
import { esc, REPORT_COLORS, svgDocument, text, textWidth, truncate, wrapWords } from './svg';

export const SLIDE = { width: 1920, height: 1080 } as const;

/** The picture's own size, from its root <svg> element. */
function sizeOf(svg: string): { width: number; height: number } {
  const m = /<svg\b[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  return { width: Number(m?.[1] ?? 1000), height: Number(m?.[2] ?? 600) };
}

/** The picture without its own heading (the first text that repeats its <title>): the slide's band says it, once. */
export function withoutHeading(svg: string): string {
  const open = svg.indexOf('<title>'), close = svg.indexOf('</title>');
  if (open < 0 || close < open) return svg;
  const end = svg.indexOf(`>${svg.slice(open + 7, close)}</text>`, close);
  const start = end < 0 ? -1 : svg.lastIndexOf('<text', end);
  if (start < close) return svg;
  return svg.slice(0, start) + svg.slice(svg.indexOf('</text>', end) + 7);
}

export function slideSvg(picture: string, title: string, footer: string): string {
  picture = withoutHeading(picture);
  const { width: W, height: H } = SLIDE;
  const pad = 60, band = 120, foot = 50;
  const box = { x: pad, y: band, w: W - 2 * pad, h: H - band - foot - 20 };
  const p = sizeOf(picture);
  const scale = Math.min(box.w / p.width, box.h / p.height);
  const w = p.width * scale, h = p.height * scale;
  const x = box.x + (box.w - w) / 2, y = box.y + (box.h - h) / 2;
  // The picture nests as an <svg> with its own viewBox: scaled, not re-laid-out.
  const inner = picture.replace(/^<\?xml[^>]*>\s*/, '').replace(/<svg\b/, `<svg x="${x.toFixed(1)}" y="${y.toFixed(1)}" preserveAspectRatio="xMidYMid meet"`)
    .replace(/(<svg\b[^>]*?)\bwidth="[\d.]+"([^>]*?)\bheight="[\d.]+"/, `$1width="${w.toFixed(1)}"$2height="${h.toFixed(1)}"`);
  // The title on one line at 44 px, or on two at 32 px: the picture's own heading is gone, so the band keeps it whole.
  const one = textWidth(title, 44 * 1.08) <= W - 2 * pad;
  const wrapped = one ? [] : wrapWords(title, W - 2 * pad, 32 * 1.08, 2);
  const heading = one
    ? text(pad, 78, title, `font-size="44" font-weight="700" fill="${REPORT_COLORS.text}"`)
    : wrapped.map((l, i) => text(pad, (wrapped.length === 1 ? 74 : 48) + i * 38, l, `font-size="32" font-weight="700" fill="${REPORT_COLORS.text}"`)).join('');
  const body = `${heading}\n` +
    `<line x1="${pad}" y1="100" x2="${W - pad}" y2="100" stroke="${REPORT_COLORS.border}" stroke-width="2"/>\n${inner}\n` +
    `${text(pad, H - 22, truncate(footer, W - 2 * pad, 24), `font-size="24" fill="${REPORT_COLORS.muted}"`)}\n`;
  return svgDocument(W, H, title, body, `LIO Lab slide (16:9): ${esc(title)}`);
}
