// Profiles for other tools (issue 35): the run for speedscope, a step as
// Chrome trace events. Small cases worked out by hand; the speedscope file
// is validated against speedscope's own schema (the npm package's
// dist/release/file-format-schema.json). tests/e2e/profiles.e2e.mjs opens
// both files in speedscope itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildProfile, chromeTraceFile, speedscopeFile, type ProfileTrace } from '../../renderer/src/reports/profiles';
import { EventKind, GetKind, NO_PLAN_LINE, NO_SEGMENT, TimelineState } from '../../renderer/src/engine/contract.gen';

const require = createRequire(import.meta.url);
const Ajv = require('ajv');
const schema = JSON.parse(readFileSync(require.resolve('speedscope/dist/release/file-format-schema.json'), 'utf8'));

const query = { index: 3, line: 7, statement: 'select v from t where id = 7', folded: ['sqlplus;OCIStmtExecute 40', 'oracle;opitsk;opiodr;opifch2 12.5', 'oracle;opitsk;opiodr 0'] };
const workload = {
  index: 4, line: 9, statement: "LAB RUN 'select 1 from dual' SESSIONS 2", folded: ['oracle;opitsk 10'],
  sessions: [
    { sid: 10, start_us: 100, timeline: [[0, 5, TimelineState.CPU], [5, 8, TimelineState.DB_FILE_SEQUENTIAL_READ], [8, 8, TimelineState.CPU]] as [number, number, number][] },
    { sid: 11, start_us: 100, timeline: [[0, 2, TimelineState.RUN_QUEUE], [2, 8, TimelineState.CPU]] as [number, number, number][] },
  ],
};

function validate(file: unknown) {
  const ajv = new Ajv({ allErrors: true });
  const ok = ajv.validate(schema, file);
  return ok ? [] : ajv.errors;
}

describe('speedscope file', () => {
  it('carries each step\'s cost stacks as a sampled profile, weights in µs', () => {
    const f = speedscopeFile({ name: 'LIO Lab · Run 1', steps: [query] });
    expect(validate(f)).toEqual([]);
    // Frames in first-seen order: sqlplus, OCIStmtExecute, oracle, opitsk, opiodr, opifch2.
    expect(f.shared.frames.map((x) => x.name)).toEqual(['sqlplus', 'OCIStmtExecute', 'oracle', 'opitsk', 'opiodr', 'opifch2']);
    // The zero-weight stack is left out (speedscope would draw nothing for it).
    expect(f.profiles).toEqual([{
      type: 'sampled', name: 'step 3 line 7: select v from t where id = 7', unit: 'microseconds',
      startValue: 0, endValue: 52.5, samples: [[0, 1], [2, 3, 4, 5]], weights: [40, 12.5],
    }]);
  });

  it('draws each session of a SESSIONS step as an evented profile on the simulated clock', () => {
    const f = speedscopeFile({ name: 'x', steps: [workload] });
    expect(validate(f)).toEqual([]);
    const names = f.shared.frames.map((x) => x.name);
    const sid10 = f.profiles[1] as { name: string; events: { type: string; frame: number; at: number }[]; startValue: number; endValue: number };
    expect(sid10.name).toBe("SID 10 · step 4 line 9: LAB RUN 'select 1 from dual' SESSIONS 2");
    // CPU 100..105, db file sequential read 105..108; the empty span at 8 is left out.
    expect(sid10.events.map((e) => [e.type, names[e.frame], e.at])).toEqual([
      ['O', 'CPU', 100], ['C', 'CPU', 105], ['O', 'db file sequential read', 105], ['C', 'db file sequential read', 108],
    ]);
    expect([sid10.startValue, sid10.endValue]).toEqual([100, 108]);
    expect(f.profiles).toHaveLength(3);
  });
});

function trace(n: number): ProfileTrace {
  const col = <T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(a: T, f: (i: number) => number) => { for (let i = 0; i < n; i++) a[i] = f(i); return a; };
  return {
    length: n, stacks: ['oracle;opitsk;opiodr;opifch2', 'oracle;opitsk'], truncated: false,
    kind: col(new Uint8Array(n), (i) => (i === 0 ? EventKind.FETCH : EventKind.BLOCK_GET)),
    get_kind: col(new Uint8Array(n), (i) => (i === 0 ? GetKind.NONE : GetKind.NORMAL)),
    segment: col(new Uint32Array(n), (i) => (i === 0 ? NO_SEGMENT : 70)),
    block: col(new Uint32Array(n), (i) => i),
    plan_line: col(new Uint16Array(n), (i) => (i === 0 ? NO_PLAN_LINE : 1)),
    t_us: col(new Float64Array(n), (i) => 1000 + i * 2),
    stack: col(new Uint32Array(n), (i) => (i === 0 ? 1 : 0)),
    sid: col(new Uint32Array(n), () => 10),
  };
}

describe('Chrome trace file', () => {
  it('makes the step a process, sessions threads, lanes slices and trace events instants', () => {
    const f = chromeTraceFile({ step: workload });
    const ev = f.traceEvents as Record<string, unknown>[];
    expect(ev[0]).toEqual({ name: 'process_name', ph: 'M', pid: 5, tid: 0, args: { name: "step 4 line 9: LAB RUN 'select 1 from dual' SESSIONS 2" } });
    expect(ev.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => (e.args as { name: string }).name)).toEqual(['SID 10', 'SID 11']);
    expect(ev.filter((e) => (e.ph === 'B' || e.ph === 'E') && e.tid === 11).map((e) => [e.ph, e.name, e.ts])).toEqual([
      ['B', 'CPU run queue', 100], ['E', 'CPU run queue', 102], ['B', 'CPU', 102], ['E', 'CPU', 108],
    ]);
  });

  it('keeps trace events up to its cap and says how many it left out', () => {
    const f = chromeTraceFile({ step: query, trace: trace(5), cap: 3 });
    const ev = f.traceEvents as Record<string, unknown>[];
    const inst = ev.filter((e) => e.ph === 'i');
    expect(inst.map((e) => [e.name, e.ts])).toEqual([['fetch', 1000], ['block get', 1002], ['block get', 1004]]);
    expect(inst[1].args).toEqual({ stack: 'oracle;opitsk;opiodr;opifch2', segment: 70, block: 1, get: 'normal', plan_line: 1 });
    expect(inst[0].args).toEqual({ stack: 'oracle;opitsk' });
    // A session with no lane gets one slice from its first event to its last (1000..1008).
    expect(ev.filter((e) => e.ph === 'B' || e.ph === 'E').map((e) => [e.ph, e.tid, e.ts])).toEqual([['B', 10, 1000], ['E', 10, 1008]]);
    expect(f.otherData).toMatchObject({ trace_events: 3, trace_events_left_out: 2 });
  });

  it('names the files after the run and the step', () => {
    expect(buildProfile('speedscope', { runLabel: 'Run 2', steps: [query], step: query }).name).toBe('lio-run-2.speedscope.json');
    expect(buildProfile('chrome-trace', { runLabel: 'Run 2', steps: [query], step: query }).name).toBe('lio-select-v-from-t-where-id-7-3-trace.json');
  });
});

describe('profile files fit the host\'s export limit', () => {
  it('a Chrome trace keeps fewer events until it is under 7 MB', () => {
    const big = trace(120_000);
    const { json } = buildProfile('chrome-trace', { runLabel: 'r', steps: [query], step: query, trace: big });
    expect(json.length).toBeLessThanOrEqual(7 * 1024 * 1024);
    const f = JSON.parse(json);
    expect(f.otherData.trace_events + f.otherData.trace_events_left_out).toBe(120_000);
    expect(f.otherData.trace_events).toBeGreaterThan(0);
  });

  it('stops its instants where the file would pass 7 MB, in one pass', () => {
    // Deep stacks: each instant about 1 KB, so 40,000 of them would be 40 MB.
    const deep = trace(40_000);
    deep.stacks = deep.stacks.map((s) => `${s};${'kcbgtcr;'.repeat(120)}kslgetl`);
    const { json } = buildProfile('chrome-trace', { runLabel: 'r', steps: [query], step: query, trace: deep });
    expect(json.length).toBeLessThanOrEqual(7 * 1024 * 1024);
    expect(json.length).toBeGreaterThan(6.9 * 1024 * 1024);
    const f = JSON.parse(json);
    expect(f.otherData.trace_events + f.otherData.trace_events_left_out).toBe(40_000);
    expect(f.otherData.note).toMatch(/^the file keeps the first \d+ trace events \(at most 40000, and under 7 MB\)$/);
    // The slice of the session's first to last event is still there.
    expect(f.traceEvents.filter((e: { ph: string }) => e.ph === 'B' || e.ph === 'E')).toHaveLength(2);
  });
});
