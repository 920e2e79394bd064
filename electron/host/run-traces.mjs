// A saved run's traces on the host (issue 35): the verbs runs.putTrace and
// runs.getTrace. The UI packs and compresses each step's trace
// (renderer/src/model/savedTraces.ts) and sends it base64; the host checks
// the caps (LIMITS.traceBytes a part, LIMITS.runTraceBytes a run) and stores
// the bytes as they are in run_traces (store.mjs migration 3). Step -1 is the
// run's catalog.

import { HostError, LIMITS, bad, checkRunId, fmtBytes } from './checks.mjs';

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
/** The largest step number a trace is kept under (a script has fewer steps). */
const MAX_TRACE_STEP = 10_000_000;

/**
 * A trace part's number: a step index, or -1 for the run's catalog (a
 * decimal string, as a URL carries it, is taken too).
 * @param {unknown} step
 */
function checkTraceStep(step) {
  const n = typeof step === 'string' && /^-?\d{1,8}$/.test(step) ? Number(step) : step;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < -1 || n > MAX_TRACE_STEP) throw bad('step must be a step index (or -1, the catalog)');
  return n;
}

/**
 * @param {ReturnType<typeof import('./store-guard.mjs').createStoreGuard>} guard
 */
export function runTraces(guard) {
  const { read, write } = guard;
  return {
    /**
     * Keep one part of a saved run's traces: a step's (step >= 0) or its
     * catalog (-1), compressed by the UI; the host stores the bytes as they are.
     * @param {unknown} part
     */
    putTrace(part) {
      if (!part || typeof part !== 'object') throw bad('trace must be an object');
      const { id, step, data, raw_bytes: raw } = /** @type {any} */ (part);
      const n = checkRunId(id);
      const s = checkTraceStep(step);
      if (typeof data !== 'string' || !BASE64_RE.test(data)) throw bad('trace data must be base64');
      if (!Number.isSafeInteger(raw) || raw < 0) throw bad('raw_bytes must be a count of bytes');
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length > LIMITS.traceBytes) {
        throw new HostError(413, `trace not saved: step #${s}'s trace is ${fmtBytes(bytes.length)} compressed; a saved step's trace holds at most ${fmtBytes(LIMITS.traceBytes)}`);
      }
      return write('trace not saved', () => {
        if (!guard.store.runs.get(n)) throw new HostError(404, `trace not saved: no saved run ${n}`);
        const others = guard.store.traces.total(n, s);
        if (others + bytes.length > LIMITS.runTraceBytes) {
          throw new HostError(413, `trace not saved: run ${n}'s traces would be ${fmtBytes(others + bytes.length)} compressed; a saved run keeps at most ${fmtBytes(LIMITS.runTraceBytes)}`);
        }
        guard.store.traces.put(n, s, bytes, raw);
        return { step: s, bytes: bytes.length };
      });
    },
    /** @param {unknown} part @returns {{ step: number, data: string, raw_bytes: number } | null} */
    getTrace(part) {
      if (!part || typeof part !== 'object') throw bad('trace must be an object');
      const { id, step } = /** @type {any} */ (part);
      const n = checkRunId(id);
      const s = checkTraceStep(step);
      const row = read('trace not read', () => guard.store.traces.get(n, s));
      return row ? { step: row.step, data: Buffer.from(row.data).toString('base64'), raw_bytes: row.raw_bytes } : null;
    },
  };
}
