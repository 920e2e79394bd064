// What of a run goes into the run history, and what the user is told about
// what did not. The host takes a bounded result (electron/host/services.mjs
// LIMITS.resultBytes; browser mode also caps the request body), while one
// statement can return a million rows and a script can have 500,000 steps.
// Rather than have the host refuse the whole run, the result is cut to fit:
//   - rows beyond SAVED_ROWS_PER_STEP per step become a count (`rows_omitted`);
//   - output lines beyond SAVED_OUTPUT_LINES per step become a count (`output_omitted`);
//   - traces are not in the result: they are sent after it, step by step, under
//     their own caps (model/savedTraces.ts, app/savedTraces.ts);
//   - steps beyond what fits in SAVED_RESULT_BYTES become a count (`steps_omitted`).
// A script over SAVED_SCRIPT_BYTES is refused, with the reason.
import type { ScriptResult, Step } from './types';

export const SAVED_ROWS_PER_STEP = 500;
export const SAVED_OUTPUT_LINES = 1000;
/** Result JSON bytes the host accepts (services.mjs LIMITS.resultBytes), less room for the envelope. */
export const SAVED_RESULT_BYTES = 6 * 1024 * 1024 - 16 * 1024;
/** Script bytes the host accepts (services.mjs LIMITS.scriptBytes). */
export const SAVED_SCRIPT_BYTES = 1024 * 1024;

export interface SavedResult extends ScriptResult { steps_omitted?: number }

export interface FittedResult {
  result: SavedResult;
  /** One sentence per thing left out, for the user ('' when everything fits). */
  notes: string[];
}

/** The run cannot be saved at all; `message` says why and what would help. */
export class SaveRefusedError extends Error {
  constructor(message: string) { super(message); this.name = 'SaveRefusedError'; }
}

/** UTF-8 length of a string without encoding it. */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

export function fmtBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(n >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A step as it is saved: rows and output lines cut to the caps, with counts of what was cut. */
export function savedStep(step: Step): Step {
  const rows = step.rows.length > SAVED_ROWS_PER_STEP ? step.rows.slice(0, SAVED_ROWS_PER_STEP) : step.rows;
  const out = step.output && step.output.length > SAVED_OUTPUT_LINES ? step.output.slice(0, SAVED_OUTPUT_LINES) : step.output;
  if (rows === step.rows && out === step.output) return step;
  const s: Step = { ...step, rows, output: out };
  if (rows !== step.rows) s.rows_omitted = (step.rows_omitted ?? 0) + step.rows.length - rows.length;
  if (out !== step.output) s.output_omitted = (step.output_omitted ?? 0) + (step.output?.length ?? 0) - (out?.length ?? 0);
  return s;
}

/** Check the script and cut the result to what the run history keeps. */
export function fitForHistory(script: string, result: ScriptResult, budget = SAVED_RESULT_BYTES): FittedResult {
  const scriptBytes = utf8Bytes(script);
  if (scriptBytes > SAVED_SCRIPT_BYTES) {
    throw new SaveRefusedError(`the script is ${fmtBytes(scriptBytes)}; the run history keeps scripts up to ${fmtBytes(SAVED_SCRIPT_BYTES)} (save it as a file and run it with the CLI: npm run --silent lio -- run file.sql)`);
  }
  const steps: Step[] = [];
  let bytes = utf8Bytes(JSON.stringify({ lio_lab: result.lio_lab, steps: [], steps_omitted: result.steps.length }));
  let rowsCut = 0, rowSteps = 0, outCut = 0;
  for (const step of result.steps) {
    const s = savedStep(step);
    const size = utf8Bytes(JSON.stringify(s)) + 1;
    if (bytes + size > budget) break;
    bytes += size;
    if (s !== step) {
      const r = (s.rows_omitted ?? 0) - (step.rows_omitted ?? 0);
      if (r > 0) { rowsCut += r; rowSteps++; }
      outCut += (s.output_omitted ?? 0) - (step.output_omitted ?? 0);
    }
    steps.push(s);
  }
  const notes: string[] = [];
  if (rowsCut) notes.push(`rows beyond ${SAVED_ROWS_PER_STEP} per statement were not saved (${plural(rowsCut, 'row', 'rows')} in ${plural(rowSteps, 'statement', 'statements')})`);
  if (outCut) notes.push(`${plural(outCut, 'output line', 'output lines')} beyond ${SAVED_OUTPUT_LINES} per statement were not saved`);
  const omitted = result.steps.length - steps.length;
  const saved: SavedResult = { lio_lab: result.lio_lab, steps };
  if (omitted > 0) {
    saved.steps_omitted = omitted;
    notes.push(`only the first ${plural(steps.length, 'step', 'steps')} fit in the ${fmtBytes(budget)} a saved run holds (${plural(omitted, 'later step was', 'later steps were')} not saved)`);
  }
  return { result: saved, notes };
}
