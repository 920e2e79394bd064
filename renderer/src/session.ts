// Session bookkeeping for the UI: runs of the script, their steps, and the
// things that can be compared (a step, or one run of a LAB RUN workload).
import type { Catalog, LatchFigures, PlanLine, ScriptResult, Step, WaitFigures, WaitHistogram } from './model/types';
import type { TraceInfo } from './host';

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
  /** A saved run's trace parts on the host (app/savedTraces.ts), and its catalog once loaded. */
  traces?: TraceInfo[];
  catalog?: Catalog | null;
}

export interface Comparable {
  key: string;
  label: string;
  stats: Record<string, number>;
  latches?: Record<string, LatchFigures>;
  waits?: Record<string, WaitFigures>;
  wait_histograms?: WaitHistogram[];
  elapsed_us: number;
  folded: string[];
  /** The step's execution plan (a workload run: its step's). */
  plan?: PlanLine[];
  /** A LAB RUN step's runs, each a sample (its elapsed time and statistics): Compare's t-test and CSV. */
  samples?: { elapsed_us: number; stats: Record<string, number> }[];
  /** Where it ran: the session run's id and the step's index (and the run of a LAB RUN, 1-based), to fetch its trace's per-execution figures. */
  source?: { run: number; step: number; runNo?: number };
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
      out.push({ key: `${r.id}:${s.index}`, label: base, stats: s.stats, latches: s.latches, waits: s.waits, wait_histograms: s.wait_histograms, elapsed_us: s.elapsed_us, folded: s.folded, plan: s.plan, source: { run: r.id, step: s.index },
        ...(s.runs?.length ? { samples: s.runs.map((w) => ({ elapsed_us: w.elapsed_us, stats: w.stats })) } : {}) });
      for (const w of s.runs ?? []) {
        out.push({ key: `${r.id}:${s.index}:run${w.run}`, label: `${base} · run ${w.run}`, stats: w.stats, waits: w.waits, wait_histograms: w.wait_histograms, elapsed_us: w.elapsed_us, folded: w.folded, plan: s.plan, source: { run: r.id, step: s.index, runNo: w.run } });
      }
    }
  }
  return out;
}

export function resultOf(run: SessionRun): ScriptResult { return { lio_lab: run.version, steps: run.steps }; }

/** Set-up commands that say nothing about what a script is for. */
const SETUP_LINE = /^(LAB\s+(VERSION|SET|RESET|SESSION)|SET\s|ALTER\s+(SYSTEM|SESSION)|SHUTDOWN|STARTUP|CONNECT|CONN\s|EXEC\s+dbms_random|PROMPT|REM|\/$)/i;

/** Statements a script is usually for: a query, a workload, a change measured. */
const MEASURED_LINE = /^(select|with|LAB\s+(RUN|SWEEP)|update|delete|merge)\b/i;

/**
 * A run's title: the scenario's name; else the demo's `--@ title`; else the
 * script's first comment line; else its first query, workload or UPDATE /
 * DELETE / MERGE (scripts that differ in what they measure start alike with
 * `CREATE TABLE`); else its first statement that is not set-up
 * (`LAB VERSION 18c;` names nothing).
 */
export function runTitle(script: string, scenario: string | null): string {
  if (scenario) return scenario;
  const lines = script.split('\n').map((l) => l.trim());
  const title = lines.map((l) => /^--@\s*title\s+(.+)$/i.exec(l)?.[1]).find(Boolean);
  if (title) return shortStmt(title, 60);
  const comment = lines.find((l) => /^--(?!@)\s*\S/.test(l));
  if (comment && lines.indexOf(comment) < (lines.findIndex((l) => l && !l.startsWith('--')) + 1 || Infinity)) {
    return shortStmt(comment.replace(/^--\s*/, ''), 60);
  }
  const measured = lines.find((l) => MEASURED_LINE.test(l));
  if (measured) return shortStmt(measured.replace(/;\s*$/, ''), 60);
  const first = lines.find((l) => l && !l.startsWith('--') && !SETUP_LINE.test(l)) ?? lines.find((l) => l && !l.startsWith('--')) ?? 'script';
  return shortStmt(first.replace(/;\s*$/, ''), 60);
}

/**
 * The step to select after Run all: the last error; else the statement a
 * demo marks `--@ focus` (by its line); else the last step that did
 * measurable work (a query, workload, PL/SQL block or DML with gets or
 * time), not an empty set-up step such as `LAB VERSION`.
 */
export function stepToShow(steps: Step[], focus: number | null): Step | undefined {
  const last = <T,>(xs: T[], f: (x: T) => boolean) => { for (let i = xs.length - 1; i >= 0; i--) if (f(xs[i])) return xs[i]; return undefined; };
  const worked = (s: Step) => s.kind === 'query' || s.kind === 'lab' || s.kind === 'plsql' || s.kind === 'dml';
  return last(steps, (s) => !!s.error)
    ?? (focus !== null ? steps.find((s) => s.line === focus) : undefined)
    ?? last(steps, (s) => worked(s) && ((s.stats['consistent gets'] ?? 0) > 0 || (s.stats['db block gets'] ?? 0) > 0 || (s.runs?.length ?? 0) > 0 || !!s.sweep))
    ?? last(steps, worked)
    ?? steps[steps.length - 1];
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
