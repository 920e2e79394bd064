// LAB SWEEP curves: the figures a sweep can plot against the swept value.
import type { SweepPoint, SweepResult } from './types';

export interface SweepMetric { id: string; label: string; of(p: SweepPoint): number }

const perExec = (p: SweepPoint) => Math.max(1, p.executions);
const perRunExecs = (p: SweepPoint) => Math.max(1, p.executions) / Math.max(1, p.runs);

/** The curves a sweep offers, the first the default. */
export const SWEEP_METRICS: SweepMetric[] = [
  { id: 'cg', label: 'consistent gets per execution', of: (p) => (p.stats['consistent gets'] ?? 0) / perExec(p) },
  { id: 'el', label: 'elapsed per execution (µs, simulated)', of: (p) => (p.trimmed_mean_us ?? p.elapsed_us) / perRunExecs(p) },
  { id: 'rt', label: 'SQL*Net roundtrips to/from client per run', of: (p) => (p.stats['SQL*Net roundtrips to/from client'] ?? 0) / Math.max(1, p.runs) },
  { id: 'run', label: 'elapsed per run (s, simulated)', of: (p) => (p.trimmed_mean_us ?? p.elapsed_us) / 1e6 },
];

export function sweepMetric(id: string): SweepMetric { return SWEEP_METRICS.find((m) => m.id === id) ?? SWEEP_METRICS[0]; }

/**
 * A release sweep's statistics that move: those whose value is not the same
 * in every release that ran (a statistic a release does not count is
 * missing from its figures), in name order, as the engine's evolution table
 * lists them.
 */
export function movingStats(s: SweepResult): string[] {
  const ok = s.points.filter((p) => !p.error);
  const names = [...new Set(ok.flatMap((p) => Object.keys(p.stats)))].sort();
  return names.filter((n) => ok.some((p) => p.stats[n] !== ok[0].stats[n]));
}

/** A point's place on the x axis as written: the release, or the value. */
export function pointLabel(p: SweepPoint): string { return p.label ?? String(p.value); }

/** The points that measured something (a failed point has no figure). */
export function curve(s: SweepResult, m: SweepMetric): { x: number; y: number }[] {
  return s.points.filter((p) => !p.error).map((p) => ({ x: p.value, y: m.of(p) }));
}
