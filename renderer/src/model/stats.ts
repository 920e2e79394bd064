// Statistics helpers: filtering, ordering and diffing V$STATNAME deltas.
import type { LatchFigures, Step, WaitFigures } from './types';

export interface StatRow { name: string; value: number }
export interface StatDiffRow { name: string; a: number; b: number; diff: number }

/** Non-zero statistics, in name order, filtered by a case-insensitive substring. */
export function statRows(stats: Record<string, number>, filter = ''): StatRow[] {
  const q = filter.trim().toLowerCase();
  return Object.entries(stats)
    .filter(([k, v]) => v !== 0 && (!q || k.toLowerCase().includes(q)))
    .map(([name, value]) => ({ name, value }))
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/** Side-by-side statistics: union of names, zero where absent; rows where both are zero are dropped. */
export function diffStats(a: Record<string, number>, b: Record<string, number>, filter = ''): StatDiffRow[] {
  const q = filter.trim().toLowerCase();
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  const rows: StatDiffRow[] = [];
  for (const name of names) {
    if (q && !name.toLowerCase().includes(q)) continue;
    const va = a[name] ?? 0, vb = b[name] ?? 0;
    if (va === 0 && vb === 0) continue;
    rows.push({ name, a: va, b: vb, diff: vb - va });
  }
  return rows.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/** Latch figures flattened into statistic-like rows ("latch: cache buffers chains gets"). */
export function latchStats(latches: Record<string, LatchFigures>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, f] of Object.entries(latches)) {
    out[`latch: ${name} gets`] = f.gets;
    if (f.misses) out[`latch: ${name} misses`] = f.misses;
    if (f.sleeps) out[`latch: ${name} sleeps`] = f.sleeps;
  }
  return out;
}

export function waitStats(waits: Record<string, WaitFigures>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, w] of Object.entries(waits)) {
    out[`wait: ${name} count`] = w.count;
    out[`wait: ${name} time (us)`] = w.time_us;
  }
  return out;
}

/** Everything comparable about a step or run in one flat record. */
export function comparableFigures(s: { stats: Record<string, number>; latches?: Record<string, LatchFigures>;
  waits?: Record<string, WaitFigures>; elapsed_us: number }): Record<string, number> {
  return { ...s.stats, ...latchStats(s.latches ?? {}), ...waitStats(s.waits ?? {}), 'elapsed time (us, simulated)': s.elapsed_us };
}

/** Statistics Oracle counts in centiseconds (V$SESSTAT 'DB time', 'CPU used by this session', ...). */
const CENTISECOND_STATS = new Set(['DB time', 'CPU used by this session', 'CPU used when call started', 'recursive cpu usage',
  'parse time cpu', 'parse time elapsed', 'user I/O wait time', 'application wait time', 'concurrency wait time', 'cluster wait time']);
export function isCentiseconds(name: string): boolean { return CENTISECOND_STATS.has(name); }
/** A unit hint for a statistic value ('cs = 6.55 s'), or '' when the value is a plain count. */
export function statUnit(name: string, value: number): string {
  return isCentiseconds(name) ? `cs = ${fmtUs(value * 1e4)}` : '';
}

export function consistentGets(step: Step): number { return step.stats['consistent gets'] ?? 0; }

const nf = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
export function fmtNum(v: number): string { return nf.format(v); }
export function fmtSigned(v: number): string { return v > 0 ? `+${nf.format(v)}` : nf.format(v); }
export function fmtUs(us: number): string {
  if (us >= 1e6) return `${nf.format(Math.round(us / 1e3) / 1e3)} s`;
  if (us >= 1e3) return `${nf.format(Math.round(us) / 1e3)} ms`;
  return `${nf.format(Math.round(us * 10) / 10)} µs`;
}

/**
 * A compared row's three figures with the same decimal places: whole
 * numbers when all three are whole, else one decimal (simulated µs and
 * wait times), so the columns line up.
 */
export function fmtCompared(a: number, b: number, diff: number): [string, string, string] {
  const whole = [a, b, diff].every((v) => Math.abs(v - Math.round(v)) < 1e-9);
  const f = new Intl.NumberFormat('en-US', { minimumFractionDigits: whole ? 0 : 1, maximumFractionDigits: whole ? 0 : 1 });
  const d = Math.abs(diff) < 1e-9 ? 0 : diff;
  return [f.format(a), f.format(b), d > 0 ? `+${f.format(d)}` : f.format(d)];
}

/** A runstats row: `STAT..name` or `LATCH.name`, both sides and B - A. */
export interface RunstatsRow { name: string; a: number; b: number; diff: number }

/**
 * Two executions compared the way runstats-style harnesses print them (the
 * 11g article's "Statistics Name / Unique / Non-Unique / Difference"):
 * every statistic as `STAT..name`, every latch's gets as `LATCH.name`,
 * rows where both sides are zero dropped, ordered by the absolute
 * difference (smallest first), then by name.
 */
export function runstatsRows(
  a: { stats: Record<string, number>; latches?: Record<string, LatchFigures> },
  b: { stats: Record<string, number>; latches?: Record<string, LatchFigures> },
): RunstatsRow[] {
  const rows: RunstatsRow[] = [];
  const add = (prefix: string, x: Record<string, number>, y: Record<string, number>) => {
    for (const name of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const va = x[name] ?? 0, vb = y[name] ?? 0;
      if (va === 0 && vb === 0) continue;
      rows.push({ name: `${prefix}${name}`, a: va, b: vb, diff: vb - va });
    }
  };
  const gets = (l?: Record<string, LatchFigures>) => Object.fromEntries(Object.entries(l ?? {}).map(([k, f]) => [k, f.gets]));
  add('STAT..', a.stats, b.stats);
  add('LATCH.', gets(a.latches), gets(b.latches));
  return rows.sort((x, y) => Math.abs(x.diff) - Math.abs(y.diff) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The runstats rows as text, in the article's layout (name 53 wide, then A, B and the difference). */
export function runstatsText(rows: RunstatsRow[], labelA: string, labelB: string): string {
  const wa = Math.max(8, labelA.length, ...rows.map((r) => grouped.format(r.a).length));
  const wb = Math.max(11, labelB.length, ...rows.map((r) => grouped.format(r.b).length));
  const wd = Math.max(11, 'Difference'.length, ...rows.map((r) => grouped.format(r.diff).length));
  const wn = Math.max(53, ...rows.map((r) => r.name.length));
  const line = (n: string, x: string, y: string, d: string) => `${n.padEnd(wn)} ${x.padStart(wa)} ${y.padStart(wb)} ${d.padStart(wd)}`;
  return [
    line('Statistics Name', labelA, labelB, 'Difference'),
    `${'-'.repeat(wn)} ${'-'.repeat(wa)} ${'-'.repeat(wb)} ${'-'.repeat(wd)}`,
    ...rows.map((r) => line(r.name, grouped.format(r.a), grouped.format(r.b), grouped.format(r.diff))),
  ].join('\n');
}
