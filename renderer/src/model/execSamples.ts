// A LAB RUN's figures per execution (the engine keeps them with the step's
// trace: trace/samples.rs), as Compare's samples: one row an execution, of
// the whole step or of one of its runs, and the CSV R and pandas read as
// they are (seed 004 tests and correlates per-execution figures in R).
import type { ExecSamples } from '../engine/contract.gen';
import { samplesCsv } from './sampleStats';

export type { ExecSamples };

/** One execution's figures: its run (1-based), its number within the run, and the figures. */
export interface ExecRow { run: number; execution: number; elapsed_us: number; cpu_us: number; wait_us: number; buffer_gets: number; physical_reads: number }

/** The CSV's columns after `side,sample` (R: read.csv; pandas: read_csv). */
export const EXEC_CSV_COLUMNS = ['run', 'execution', 'elapsed_us', 'cpu_us', 'wait_us', 'buffer_gets', 'physical_reads'] as const;

/** The executions kept of `s`, or of its run `run` (1-based) alone. */
export function executionRows(s: ExecSamples, run?: number): ExecRow[] {
  const per = Math.max(1, s.per_run);
  const out: ExecRow[] = [];
  const from = run === undefined ? 0 : (run - 1) * per;
  const to = run === undefined ? s.elapsed_us.length : Math.min(s.elapsed_us.length, run * per);
  for (let i = from; i < to; i++) {
    out.push({ run: Math.floor(i / per) + 1, execution: (i % per) + 1, elapsed_us: s.elapsed_us[i], cpu_us: s.cpu_us[i], wait_us: s.wait_us[i], buffer_gets: s.buffer_gets[i], physical_reads: s.physical_reads[i] });
  }
  return out;
}

/**
 * What a side's rows leave out: the engine keeps the first 10,000 executions
 * of a step; '' when every execution asked for is there.
 */
export function keptNote(s: ExecSamples, rows: ExecRow[], run?: number): string {
  const asked = run === undefined ? s.executions : Math.min(s.per_run, Math.max(0, s.executions - (run - 1) * s.per_run));
  if (rows.length >= asked) return '';
  const n = (v: number) => v.toLocaleString('en-US');
  return `the first ${n(rows.length)} of ${n(asked)} executions (the step keeps ${n(s.elapsed_us.length)})`;
}

/** Both sides' executions as CSV: side,sample,run,execution,elapsed_us,cpu_us,wait_us,buffer_gets,physical_reads. */
export function executionsCsv(a: ExecRow[], b: ExecRow[]): string {
  const rows = (x: ExecRow[]) => x.map((r) => EXEC_CSV_COLUMNS.map((k) => r[k]));
  return samplesCsv([...EXEC_CSV_COLUMNS], [{ side: 'A', rows: rows(a) }, { side: 'B', rows: rows(b) }]);
}
