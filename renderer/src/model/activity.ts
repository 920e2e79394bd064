// The activity view's figures from a step's ASH samples (engine.activity):
// active sessions by wait class over simulated time (as Enterprise
// Manager's Top Activity chart stacks them: each sample is one session for
// one sampling interval, so a bucket's count divided by its instants is
// the average number of active sessions), the top events (ashtop's
// `session_state, event`) and the top plan lines (SQL Monitor's Activity
// (%) per line).
import type { AshSample } from './types';

/** Enterprise Manager's wait-class colours, CPU first (the stacking order). */
export const WAIT_CLASS_COLORS: [string, string][] = [
  ['CPU', '#00cc00'],
  ['Scheduler', '#ccffcc'],
  ['User I/O', '#004ae7'],
  ['System I/O', '#0094e7'],
  ['Concurrency', '#8b1a00'],
  ['Application', '#c02800'],
  ['Commit', '#e46800'],
  ['Configuration', '#5c440b'],
  ['Administrative', '#717354'],
  ['Network', '#9f9371'],
  ['Cluster', '#cec3b5'],
  ['Queueing', '#c2b79b'],
  ['Other', '#f06eaa'],
];

export const WAIT_CLASSES = WAIT_CLASS_COLORS.map(([c]) => c);

export function classColor(cls: string): string {
  return WAIT_CLASS_COLORS.find(([c]) => c === cls)?.[1] ?? '#f06eaa';
}

export interface ActivityBucket {
  /** From and to, in us from the first instant. */
  from: number;
  to: number;
  /** Average active sessions per wait class (samples / instants in the bucket). */
  aas: Record<string, number>;
}

/**
 * Samples in at most `columns` equal buckets of whole sampling instants
 * (from the first sample's instant to the last's).
 */
export function activityBuckets(samples: AshSample[], intervalUs: number, columns: number): ActivityBucket[] {
  if (!samples.length || !(intervalUs > 0)) return [];
  const ids = samples.map((s) => s.sample_id);
  const first = Math.min(...ids);
  const instants = Math.max(...ids) - first + 1;
  const per = Math.max(1, Math.ceil(instants / Math.max(1, columns)));
  const n = Math.ceil(instants / per);
  const out: ActivityBucket[] = Array.from({ length: n }, (_, i) => ({ from: i * per * intervalUs, to: Math.min(instants, (i + 1) * per) * intervalUs, aas: {} }));
  for (const s of samples) {
    const b = out[Math.floor((s.sample_id - first) / per)];
    b.aas[s.wait_class] = (b.aas[s.wait_class] ?? 0) + 1;
  }
  for (const [i, b] of out.entries()) {
    const width = Math.min(instants, (i + 1) * per) - i * per;
    for (const k of Object.keys(b.aas)) b.aas[k] /= width;
  }
  return out;
}

export interface TopRow { key: string; waitClass: string; samples: number; pct: number }

/** ashtop's `session_state, event`: ON CPU or the event, most sampled first. */
export function topEvents(samples: AshSample[]): TopRow[] {
  const m = new Map<string, TopRow>();
  for (const s of samples) {
    const key = s.event ?? 'ON CPU';
    const r = m.get(key) ?? { key, waitClass: s.wait_class, samples: 0, pct: 0 };
    r.samples++;
    m.set(key, r);
  }
  return finish([...m.values()], samples.length);
}

export interface PlanLineActivity {
  sqlId: string;
  line: number;
  operation: string;
  object: string | null;
  samples: number;
  pct: number;
  /** Samples by wait class (SQL Monitor's Activity Detail). */
  byClass: Record<string, number>;
  /** Samples by event or ON CPU. */
  byEvent: Record<string, number>;
}

/** SQL Monitor's Activity (%) per plan line, over the samples that name one. */
export function topPlanLines(samples: AshSample[]): PlanLineActivity[] {
  const m = new Map<string, PlanLineActivity>();
  for (const s of samples) {
    if (s.plan_line == null || !s.sql_id) continue;
    const k = `${s.sql_id}:${s.plan_line}`;
    const r = m.get(k) ?? { sqlId: s.sql_id, line: s.plan_line, operation: s.operation ?? '', object: null, samples: 0, pct: 0, byClass: {}, byEvent: {} };
    r.samples++;
    r.byClass[s.wait_class] = (r.byClass[s.wait_class] ?? 0) + 1;
    const ev = s.event ?? 'Cpu';
    r.byEvent[ev] = (r.byEvent[ev] ?? 0) + 1;
    m.set(k, r);
  }
  const rows = [...m.values()];
  const total = rows.reduce((a, r) => a + r.samples, 0);
  for (const r of rows) r.pct = total ? (100 * r.samples) / total : 0;
  return rows.sort((a, b) => b.samples - a.samples || a.line - b.line);
}

function finish(rows: TopRow[], total: number): TopRow[] {
  for (const r of rows) r.pct = total ? (100 * r.samples) / total : 0;
  return rows.sort((a, b) => b.samples - a.samples || a.key.localeCompare(b.key));
}

/** The interval as people say it: "1 s" (Oracle's), "1 ms", "100 µs". */
export function intervalText(us: number): string {
  if (us >= 1e6 && us % 1e6 === 0) return `${us / 1e6} s`;
  if (us >= 1e3 && us % 1e3 === 0) return `${us / 1e3} ms`;
  return `${us} µs`;
}

/** One plan line's share of its statement's ASH samples (SQL Monitor's Activity). */
export interface LineShare {
  samples: number;
  /** Activity (%): the line's samples over the statement's. */
  pct: number;
  byClass: Record<string, number>;
  /** Samples by event, `Cpu` on CPU (SQL Monitor's Activity Detail). */
  byEvent: Record<string, number>;
}

/**
 * SQL Monitor's Activity (%) per line of a step's plan: of the step's samples
 * of the statement (the SQL_ID whose samples name the plan's lines, the most
 * sampled if several do), the share on each line. Null when none does.
 */
export function planActivity(samples: AshSample[], plan: { id: number; operation: string }[]): Map<number, LineShare> | null {
  const names = (s: AshSample) => s.plan_line != null && s.operation != null
    && plan.some((p) => p.id === s.plan_line && p.operation.startsWith(s.operation as string));
  const count = new Map<string, number>();
  for (const s of samples) if (s.sql_id && names(s)) count.set(s.sql_id, (count.get(s.sql_id) ?? 0) + 1);
  const sqlId = [...count.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  if (!sqlId) return null;
  const mine = samples.filter((s) => s.sql_id === sqlId);
  const out = new Map<number, LineShare>();
  for (const s of mine) {
    if (s.plan_line == null) continue;
    const r = out.get(s.plan_line) ?? { samples: 0, pct: 0, byClass: {}, byEvent: {} };
    r.samples++;
    r.byClass[s.wait_class] = (r.byClass[s.wait_class] ?? 0) + 1;
    const ev = s.event ?? 'Cpu';
    r.byEvent[ev] = (r.byEvent[ev] ?? 0) + 1;
    out.set(s.plan_line, r);
  }
  for (const r of out.values()) r.pct = (100 * r.samples) / mine.length;
  return out;
}

/** A line's Activity Detail as SQL Monitor lists it: `Cpu (2), db file scattered read (7)`. */
export function activityDetail(r: LineShare): string {
  return Object.entries(r.byEvent).sort((a, b) => a[0].localeCompare(b[0])).map(([e, n]) => `${e} (${n})`).join(', ');
}
