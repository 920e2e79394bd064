// Profiles for the tools people open flame graphs and timelines in.
//
// speedscope (https://www.speedscope.app/file-format-schema.json): one
// "sampled" profile per step, its folded cost stacks with their weights in
// microseconds (the flame graph the app draws, exactly), and for a
// `LAB RUN ... SESSIONS n` step one "evented" profile per session, its lane
// on the simulated clock (CPU, run queue, each wait event), the same ledger
// the session timeline draws.
//
// Chrome's trace-event format (what Perfetto, chrome://tracing and speedscope
// read): a step is a process, each session a thread named by its SID, its
// lane's states begin/end ("B"/"E") slices on the simulated clock (microseconds,
// the format's unit), and the step's trace events instant ("i") events at
// the time the engine recorded them, up to a cap that the file states.

import { stepFrame } from './folded.mjs';
import type { Trace } from '../model/types';
import { slug } from './report';
import { EVENT_KIND_NAMES, GET_KIND_NAMES, NO_PLAN_LINE, NO_SEGMENT, TIMELINE_STATE_NAMES } from '../engine/contract.gen';

export const SPEEDSCOPE_SCHEMA = 'https://www.speedscope.app/file-format-schema.json';

/** Instant events kept in a Chrome trace file before it says it stopped. */
export const CHROME_EVENT_CAP = 40_000;
/** A profile file stays under this (the host's export limit is 8 MB): a Chrome trace keeps fewer events until it fits. */
export const PROFILE_BYTES = 7 * 1024 * 1024;
/** Bytes kept for the file's wrapper and otherData around its events. */
const FILE_ROOM = 4096;
/** Bytes kept, while instants are added, for a thread's name and its first-to-last slice. */
const SLICE_ROOM = 1024;

/** What a profile needs of a step (a saved step has these too). */
export interface ProfileStep {
  index: number; line: number; statement: string; folded?: string[];
  sessions?: { sid: number; start_us: number; timeline: [number, number, number][] }[];
}

const stateName = (s: number) => TIMELINE_STATE_NAMES[s] ?? `state ${s}`;

/** Round to a nanosecond: the files stay small and exact to the engine's resolution. */
const ns = (us: number) => Math.round(us * 1000) / 1000;

/**
 * A speedscope file of a run's steps: a sampled profile per step with cost
 * stacks, an evented profile per session of a SESSIONS step.
 */
export function speedscopeFile({ name, steps, exporter = 'LIO Lab' }: { name: string; steps: ProfileStep[]; exporter?: string }) {
  const frames: { name: string }[] = [];
  const index = new Map<string, number>();
  const frame = (n: string) => {
    let i = index.get(n);
    if (i === undefined) {
      i = frames.length;
      frames.push({ name: n });
      index.set(n, i);
    }
    return i;
  };
  const profiles: object[] = [];
  for (const step of steps) {
    const label = stepFrame(step);
    const samples: number[][] = [];
    const weights: number[] = [];
    let total = 0;
    for (const line of step.folded ?? []) {
      const sp = line.lastIndexOf(' ');
      if (sp <= 0) continue;
      const us = Number(line.slice(sp + 1));
      if (!Number.isFinite(us) || us <= 0) continue;
      samples.push(line.slice(0, sp).split(';').map(frame));
      weights.push(ns(us));
      total += us;
    }
    if (samples.length) {
      profiles.push({ type: 'sampled', name: label, unit: 'microseconds', startValue: 0, endValue: ns(total), samples, weights });
    }
    for (const s of step.sessions ?? []) {
      const events: { type: 'O' | 'C'; frame: number; at: number }[] = [];
      let end = 0;
      for (const [a, b, st] of s.timeline) {
        if (!(b > a) || a < end) continue;
        const f = frame(stateName(st));
        events.push({ type: 'O', frame: f, at: ns(s.start_us + a) }, { type: 'C', frame: f, at: ns(s.start_us + b) });
        end = b;
      }
      if (!events.length) continue;
      profiles.push({
        type: 'evented', name: `SID ${s.sid} · ${label}`, unit: 'microseconds',
        startValue: events[0].at, endValue: events[events.length - 1].at, events,
      });
    }
  }
  return { $schema: SPEEDSCOPE_SCHEMA, shared: { frames }, profiles, name, activeProfileIndex: 0, exporter };
}

/** What a Chrome trace needs of a step's trace. */
export type ProfileTrace = Pick<Trace, 'length' | 'kind' | 'get_kind' | 'segment' | 'block' | 'plan_line' | 't_us' | 'stack' | 'sid' | 'stacks' | 'truncated'>;

type ChromeTraceArgs = {
  step: ProfileStep; trace?: ProfileTrace | null; exporter?: string; cap?: number;
  /** Keep instants while the file's events stay under this many bytes (each event measured as it is added). */
  bytes?: number;
};

/**
 * A Chrome trace-event file of one step, as JSON text: sessions as threads,
 * their lanes as slices, the step's trace events as instants. Each event is
 * written once, and its text is what the size limit measures.
 */
export function chromeTraceJson(args: ChromeTraceArgs): string {
  const { events, otherData } = chromeTraceEvents(args);
  return `{"traceEvents":[${events.join(',')}],"displayTimeUnit":"ms","otherData":${JSON.stringify(otherData)}}`;
}

/** The same file as an object (for tests and callers that inspect it). */
export function chromeTraceFile(args: ChromeTraceArgs): { traceEvents: Record<string, unknown>[]; displayTimeUnit: string; otherData: Record<string, unknown> } {
  return JSON.parse(chromeTraceJson(args));
}

function chromeTraceEvents({ step, trace = null, exporter = 'LIO Lab', cap = CHROME_EVENT_CAP, bytes = Infinity }: ChromeTraceArgs) {
  const pid = step.index + 1;
  const ev: string[] = [];
  let size = 0;
  const push = (...e: object[]) => {
    for (const x of e) {
      const j = JSON.stringify(x);
      size += j.length + 1;
      ev.push(j);
    }
  };
  push({ name: 'process_name', ph: 'M', pid, tid: 0, args: { name: stepFrame(step) } });
  const named = new Set<number>();
  const thread = (sid: number) => {
    if (named.has(sid)) return;
    named.add(sid);
    push({ name: 'thread_name', ph: 'M', pid, tid: sid, args: { name: `SID ${sid}` } });
  };
  for (const s of step.sessions ?? []) {
    thread(s.sid);
    for (const [a, b, st] of s.timeline) {
      if (!(b > a)) continue;
      const name = stateName(st);
      const cat = name === 'CPU' || name === 'CPU run queue' ? 'cpu' : 'wait';
      // Begin and end at the clock's own (rounded) times: an end and the next begin are the same number, never overlapping.
      push({ name, cat, ph: 'B', pid, tid: s.sid, ts: ns(s.start_us + a) }, { name, cat, ph: 'E', pid, tid: s.sid, ts: ns(s.start_us + b) });
    }
  }
  let kept = 0;
  let dropped = 0;
  let full = false;
  if (trace && trace.length > 0) {
    const span = new Map<number, [number, number]>();
    for (let i = 0; i < trace.length; i++) {
      const sid = trace.sid[i];
      const t = trace.t_us[i];
      const sp = span.get(sid);
      if (sp) { sp[0] = Math.min(sp[0], t); sp[1] = Math.max(sp[1], t); } else span.set(sid, [t, t]);
      if (kept >= cap || full) { dropped++; continue; }
      const args: Record<string, string | number> = { stack: trace.stacks[trace.stack[i]] ?? '' };
      if (trace.segment[i] !== NO_SEGMENT) { args.segment = trace.segment[i]; args.block = trace.block[i]; }
      const gk = GET_KIND_NAMES[trace.get_kind[i]];
      if (gk && gk !== 'none') args.get = gk;
      if (trace.plan_line[i] !== NO_PLAN_LINE) args.plan_line = trace.plan_line[i];
      const e = { name: EVENT_KIND_NAMES[trace.kind[i]] ?? `event ${trace.kind[i]}`, cat: 'event', ph: 'i', s: 't', pid, tid: sid, ts: ns(t), args };
      const j = JSON.stringify(e);
      // Room kept for a thread's name and its first-to-last slice.
      if (size + j.length + 1 + SLICE_ROOM > bytes) { full = true; dropped++; continue; }
      thread(sid);
      size += j.length + 1;
      ev.push(j);
      kept++;
    }
    // A session without a lane (a step of one session): one slice from its first event to its last.
    for (const [sid, [a, b]] of span) {
      if ((step.sessions ?? []).some((s) => s.sid === sid)) continue;
      push({ name: stepFrame(step), cat: 'step', ph: 'B', pid, tid: sid, ts: ns(a) }, { name: stepFrame(step), cat: 'step', ph: 'E', pid, tid: sid, ts: ns(Math.max(b, a + 0.001)) });
    }
  }
  return {
    events: ev,
    otherData: {
      exporter, clock: 'simulated (microseconds)', statement: step.statement,
      trace_events: kept, ...(dropped ? { trace_events_left_out: dropped, note: `the file keeps the first ${kept} trace events (at most ${cap}${full ? `, and under ${Math.round(bytes / 1024 / 1024)} MB` : ''})` } : {}),
      ...(trace?.truncated ? { trace_truncated: 'the step trace itself was cut at the engine budget' } : {}),
    },
  };
}

/** A profile export's file: the run for speedscope, the step for a Chrome trace. */
export function buildProfile(kind: 'speedscope' | 'chrome-trace', inp: { runLabel: string; steps: ProfileStep[]; step: ProfileStep; trace?: ProfileTrace | null; exporter?: string }): { json: string; name: string } {
  if (kind === 'speedscope') {
    const name = `lio-${slug(inp.runLabel)}.speedscope.json`;
    const json = JSON.stringify(speedscopeFile({ name: `LIO Lab · ${inp.runLabel}`, steps: inp.steps, exporter: inp.exporter }));
    if (json.length <= PROFILE_BYTES) return { json, name };
    // Too big with every session's lane: the cost stacks alone, and the file says so.
    const lean = inp.steps.map((s) => ({ ...s, sessions: undefined }));
    return { json: JSON.stringify(speedscopeFile({ name: `LIO Lab · ${inp.runLabel} (session lanes left out: over ${PROFILE_BYTES >> 20} MB)`, steps: lean, exporter: inp.exporter })), name };
  }
  // The instants stop where the file would pass the limit (deep stacks make an event a few hundred bytes).
  const json = chromeTraceJson({ step: inp.step, trace: inp.trace, exporter: inp.exporter, bytes: PROFILE_BYTES - FILE_ROOM });
  return { json, name: `lio-${slug(inp.step.statement)}-${inp.step.index}-trace.json` };
}
