// Session bookkeeping for the UI: runs of the script, their steps, and the
// things that can be compared (a step, or one run of a LAB RUN workload).
import type { LatchFigures, ScriptResult, Step, WaitFigures } from './model/types';

export interface SessionRun {
  id: number;
  label: string;
  script: string;
  version: string;
  steps: Step[];
  /** Steps of a live run still have their traces in the engine. */
  live: boolean;
  savedId?: string | number;
  /** Why saving it to the run history failed (shown with a Retry until it succeeds). */
  saveError?: string;
  source: 'session' | 'history';
}

export interface Comparable {
  key: string;
  label: string;
  stats: Record<string, number>;
  latches?: Record<string, LatchFigures>;
  waits?: Record<string, WaitFigures>;
  elapsed_us: number;
  folded: string[];
}

export function shortStmt(s: string, n = 60): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

/**
 * A statement label that keeps what tells steps apart: a LAB RUN workload
 * becomes 'LAB RUN t1 via jdbc_thin ×5: select value from t1 where key = :1'
 * (table, driver and runs first, so that they survive truncation).
 */
export function stmtLabel(s: string, n = 60): string {
  const m = /^\s*LAB\s+RUN\s+'((?:[^']|'')*)'\s*([\s\S]*)$/i.exec(s);
  if (!m) return shortStmt(s, n);
  const sql = m[1].replace(/''/g, "'");
  const rest = m[2];
  const via = /\bVIA\s+(\S+?);?\s*(?:\s|$)/i.exec(rest)?.[1];
  const runs = /\bRUNS\s+(\d+)/i.exec(rest)?.[1];
  const table = /\bfrom\s+([\w$#."]+)/i.exec(sql)?.[1];
  const head = ['LAB RUN', table, via ? `via ${via}` : '', runs ? `×${runs}` : ''].filter(Boolean).join(' ');
  return shortStmt(`${head}: ${sql}`, n);
}

export function comparables(runs: SessionRun[]): Comparable[] {
  const out: Comparable[] = [];
  for (const r of runs) {
    for (const s of r.steps) {
      if (s.error || (s.kind !== 'query' && s.kind !== 'lab' && s.kind !== 'dml' && s.kind !== 'plsql')) continue;
      const base = `${r.label} · #${s.index} ${stmtLabel(s.statement, 48)}`;
      out.push({ key: `${r.id}:${s.index}`, label: base, stats: s.stats, latches: s.latches, waits: s.waits, elapsed_us: s.elapsed_us, folded: s.folded });
      for (const w of s.runs ?? []) {
        out.push({ key: `${r.id}:${s.index}:run${w.run}`, label: `${base} · run ${w.run}`, stats: w.stats, waits: w.waits, elapsed_us: w.elapsed_us, folded: w.folded });
      }
    }
  }
  return out;
}

export function resultOf(run: SessionRun): ScriptResult { return { lio_lab: run.version, steps: run.steps }; }

export function runTitle(script: string, scenario: string | null): string {
  if (scenario) return scenario;
  const first = script.split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('--') && !l.startsWith('REM')) ?? 'script';
  return shortStmt(first, 60);
}

/** Options a picker lists at most: a <select> of 100,000 options takes the page seconds to draw. */
export const PICKER_OPTIONS = 1000;

/**
 * The comparables a picker lists: all of them, or the first and last
 * PICKER_OPTIONS / 2 plus the chosen ones, and how many are left out.
 */
export function pickerItems(items: Comparable[], chosen: string[], max = PICKER_OPTIONS): { shown: Comparable[]; omitted: number } {
  if (items.length <= max) return { shown: items, omitted: 0 };
  const half = Math.floor(max / 2);
  const keep = new Set(chosen);
  const shown = items.filter((it, i) => i < half || i >= items.length - half || keep.has(it.key));
  return { shown, omitted: items.length - shown.length };
}
