// Flame-graph frame colours, shared by the canvas view and the SVG export.
import { mix, REPORT_COLORS } from './svg';

/** Stable hash of a frame name. */
export function nameHash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); }
  return h >>> 0;
}

/** Kernel layer of an Oracle function name, for colour families. */
export function layerOf(name: string): 'net' | 'cache' | 'memopt' | 'sql' | 'other' {
  const n = name.toLowerCase();
  if (/^(opikndf|nsbasic|nttrd|nsrd|sntp|net|sqlnet|jdbc|oci)/.test(n) || n.includes('net')) return 'net';
  if (/^kcb|^kdi|^kds|^kdst|^qertb|^qerix|^kcl|^kdifx|^kdsgr/.test(n)) return 'cache';
  if (/^kpoxih|memopt/.test(n)) return 'memopt';
  if (/^kks|^opi|^kpo|^ksu|^kxs|^opiexe|^opifch/.test(n)) return 'sql';
  return 'other';
}

const BASES: Record<ReturnType<typeof layerOf>, [number, number, number]> = {
  // hue, saturation, lightness (light theme)
  net: [205, 60, 62], cache: [28, 85, 60], memopt: [345, 65, 64], sql: [45, 85, 58], other: [10, 70, 62],
};

export function frameColor(name: string, dark = false): string {
  const [h, s, l] = BASES[layerOf(name)];
  const j = nameHash(name);
  const dh = ((j & 0xff) / 255 - 0.5) * 16;
  const dl = (((j >> 8) & 0xff) / 255 - 0.5) * 10;
  return `hsl(${Math.round(h + dh)}, ${s}%, ${Math.round((dark ? l - 18 : l) + dl)}%)`;
}

/** Differential colour: -1 shrank (blue) .. 0 same (grey) .. +1 grew (red). */
export function diffColor(t: number, dark = false): string {
  const neutral = dark ? '#4a5160' : '#dcdfe4';
  if (t > 0) return mix(neutral, REPORT_COLORS.grew, 0.25 + 0.75 * t);
  if (t < 0) return mix(neutral, REPORT_COLORS.shrank, 0.25 + 0.75 * -t);
  return neutral;
}
