// The fuzz runner: a pool of worker threads (one wasm instance each), a
// per-case timeout that terminates and replaces a hung worker, and a fresh
// worker after every trap (a trapped wasm instance cannot be reused).
// Used by scripts/fuzz.mjs (npm run fuzz) and tests/fuzz/fuzz.test.mjs.
import { Worker } from 'node:worker_threads';

/** Wall time, in multiples of the per-case limit, after which a case is a hang whatever its CPU time. */
const HANG_WALL_FACTOR = 10;
import { Session } from 'node:inspector';
import { readFileSync, mkdirSync, writeFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { FAMILIES, makeCase, pathologicalCases } from './families.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORKER = new URL('./worker.mjs', import.meta.url);
const WASM = path.join(ROOT, 'engine-wasm', 'pkg', 'lio_wasm_bg.wasm');

let compiled = null;
function wasmModule() {
  if (!compiled) {
    if (!existsSync(WASM)) throw new Error(`fuzz: ${WASM} is missing; run: node scripts/build.mjs --wasm-only`);
    compiled = new WebAssembly.Module(readFileSync(WASM));
  }
  return compiled;
}

/** Strip the hash suffix and module prefix of a wasm function name. */
export function cleanFrame(name) {
  return String(name)
    .replace(/^\$/, '')
    .replace(/^lio_wasm\.wasm\./, '')
    .replace(/::h[0-9a-f]{16}$/, '');
}

/** Frames without consecutive repeats (deep recursion): a < a < b -> a (x2) < b. */
export function collapseFrames(frames) {
  const out = [];
  for (const f of frames.map(cleanFrame)) {
    const last = out[out.length - 1];
    if (last && last.name === f) last.n++;
    else out.push({ name: f, n: 1 });
  }
  return out.map((f) => (f.n > 1 ? `${f.name} (x${f.n})` : f.name));
}

/**
 * The innermost engine frames of a stack as a stable key: library frames
 * (alloc, core, std, hashbrown, dlmalloc, ...) and the recursion depth left
 * out, so the same bug groups together wherever it was caught.
 */
function frameKey(frames, n = 3) {
  const all = collapseFrames(frames ?? []);
  const own = all.filter((f) => /^<?lio_(core|sql|wasm)::/.test(f));
  return (own.length ? own : all)
    .slice(0, n)
    .map((f) => f.replace(/ \(x\d+\)$/, ' (recursive)'))
    .join(' < ');
}

/**
 * Where a hung worker is: the main thread's inspector attaches to each
 * worker (no domain enabled, so no cost) and, on a timeout, enables the
 * debugger in the worker and pauses it; the paused call frames name the
 * wasm functions that loop. Best effort: null when anything fails.
 */
class HangProbe {
  constructor() {
    this.sessions = new Map(); // threadId -> inspector sessionId
    this.pending = new Map();
    this.paused = new Map(); // sessionId -> resolve
    this.id = 0;
    try {
      this.session = new Session();
      this.session.connect();
      this.session.on('NodeWorker.attachedToWorker', ({ params }) => {
        const tid = Number(params.workerInfo?.workerId);
        this.sessions.set(tid, params.sessionId);
      });
      this.session.on('NodeWorker.detachedFromWorker', ({ params }) => {
        for (const [tid, sid] of this.sessions) if (sid === params.sessionId) this.sessions.delete(tid);
      });
      this.session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
        let m;
        try {
          m = JSON.parse(params.message);
        } catch {
          return;
        }
        if (m.id && this.pending.has(m.id)) {
          this.pending.get(m.id)(m);
          this.pending.delete(m.id);
        } else if (m.method === 'Debugger.paused') {
          this.paused.get(params.sessionId)?.(m.params.callFrames.map((f) => f.functionName || '(anonymous)'));
        }
      });
      this.session.post('NodeWorker.enable', { waitForDebuggerOnStart: false });
    } catch {
      this.session = null;
    }
  }
  send(sessionId, method, params = {}) {
    return new Promise((resolve) => {
      const id = ++this.id;
      this.pending.set(id, resolve);
      this.session.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  }
  /** The call stack of a busy worker, innermost first; null if unknown. */
  async stack(worker, waitMs = 3000) {
    const sid = this.session && this.sessions.get(worker.threadId);
    if (!sid) return null;
    let timer;
    const frames = new Promise((resolve) => {
      this.paused.set(sid, resolve);
      timer = setTimeout(() => resolve(null), waitMs);
    });
    this.send(sid, 'Debugger.enable');
    this.send(sid, 'Debugger.pause');
    const f = await frames;
    clearTimeout(timer);
    this.paused.delete(sid);
    // A worker paused in the debugger does not terminate: let it go on
    // (the caller terminates it next).
    await Promise.race([this.send(sid, 'Debugger.disable'), new Promise((r) => setTimeout(r, 1000))]);
    return f;
  }
  close() {
    try {
      this.session?.disconnect();
    } catch {
      // already disconnected: nothing to close
    }
  }
}

/** One worker slot: spawns, runs one case at a time, replaces itself. */
class Slot {
  constructor(opts, probe) {
    this.opts = opts;
    this.probe = probe;
    this.worker = null;
    this.ready = null;
    this.pending = null; // { resolve, timer }
  }

  spawn() {
    const w = new Worker(WORKER, { workerData: { module: wasmModule() }, stdout: true, stderr: true });
    this.worker = w;
    // Keep the last bytes a worker printed (a panic message, if any).
    this.output = '';
    const keep = (d) => {
      this.output = (this.output + d).slice(-4000);
    };
    w.stdout.on('data', keep);
    w.stderr.on('data', keep);
    this.ready = new Promise((resolve, reject) => {
      const onMsg = (m) => {
        if (m?.ready) {
          w.off('message', onMsg);
          resolve();
        }
      };
      w.on('message', onMsg);
      w.once('error', reject);
    });
    w.on('message', (m) => {
      if (m?.ready || !this.pending || this.worker !== w) return;
      this.finish(m);
    });
    w.on('error', (e) => {
      if (this.worker !== w) return;
      this.finish({ outcome: 'failure', kind: 'worker-crash', detail: { name: e?.name, message: String(e?.message ?? e) }, restart: true });
    });
    w.on('exit', (code) => {
      if (this.worker !== w) return;
      this.finish({ outcome: 'failure', kind: 'worker-exit', detail: { message: `worker exited with code ${code}` }, restart: true });
    });
    return this.ready;
  }

  finish(verdict) {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    if (verdict.outcome === 'trap') {
      verdict.detail = { ...verdict.detail, frames: collapseFrames(verdict.detail?.frames ?? []) };
      if (this.output) verdict.detail.output = this.output;
    }
    p.resolve({ ...verdict, wall_ms: performance.now() - p.t0 });
  }

  async kill() {
    const w = this.worker;
    this.worker = null;
    // Bounded: never let a worker that will not stop stall the run.
    if (w) await Promise.race([w.terminate().catch(() => {}), new Promise((r) => setTimeout(r, 5000).unref())]);
  }

  /** Run one script; resolves with a verdict (outcome ok|trap|hang|failure). */
  async run(script, timeoutMs) {
    if (!this.worker) await this.spawn();
    await this.ready;
    const verdict = await new Promise((resolve) => {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      // A case is a hang once it has had the limit in CPU time, not merely in
      // wall time: on a loaded machine a long-running case gets a fraction of
      // a core. The process's CPU time since the case began bounds the
      // worker's from above (other workers add to it), so with several
      // workers this is never later than the wall limit's CPU share; past
      // HANG_WALL_FACTOR times the limit in wall time it is a hang anyway.
      const expire = async () => {
        const wall_ms = performance.now() - t0;
        const used = process.cpuUsage(cpu0);
        const cpu_ms = (used.user + used.system) / 1000;
        if (cpu_ms < timeoutMs && wall_ms < timeoutMs * HANG_WALL_FACTOR) {
          if (this.pending) this.pending.timer = setTimeout(expire, Math.max(250, timeoutMs - cpu_ms));
          return;
        }
        this.pending = null;
        const stack = this.probe ? await this.probe.stack(this.worker).catch(() => null) : null;
        const frames = stack ? collapseFrames(stack.map(cleanFrame).filter((f) => !/^(exec|engine_exec|.*multivalue shim|\[.*\]|\(anonymous\)|<anonymous>)$/.test(f))) : [];
        const message = `no answer within ${timeoutMs} ms of CPU time (${Math.round(cpu_ms)} ms CPU, ${Math.round(wall_ms)} ms wall)`;
        resolve({ outcome: 'hang', detail: { message, frames }, wall_ms, restart: true });
      };
      const timer = setTimeout(expire, timeoutMs);
      this.pending = { resolve, timer, t0 };
      this.worker.postMessage({ id: 0, script });
    });
    const tooBig = (verdict.memory ?? 0) > this.opts.recycleBytes;
    if (verdict.restart || tooBig) await this.kill();
    return verdict;
  }
}

/** Stable one-line cause of a verdict, for grouping. */
export function causeOf(v) {
  const d = v.detail ?? {};
  if (v.outcome === 'hang') {
    // Where the debugger found the worker busy, from the outside in (the
    // outer frames are stable, the innermost one is wherever the pause
    // landed): the statement family that Run::run_statement called, and
    // the frame it called; else the innermost engine frame (the parser).
    const fr = (d.frames ?? []).map((f) => f.replace(/ \(x\d+\)$/, ''));
    const short = (f) => f.replace(/^.*::(?=[^:]+$)/, '');
    const i = fr.findIndex((f) => /Run::run_statement$/.test(f));
    if (i > 0) return `hang in ${fr.slice(Math.max(0, i - 2), i).reverse().map(short).join(' > ')}`;
    return `hang @ ${frameKey(fr, 1) || 'unknown'}`;
  }
  if (v.outcome === 'trap') {
    const where = frameKey(d.frames) || 'no wasm frames';
    return `trap (${v.stage}): ${d.name}: ${String(d.message).split('\n')[0]} @ ${where}`;
  }
  if (v.kind === 'bad-position') {
    const f = d.first?.[0] ?? {};
    // 0/0 is one missing position per error site: the code names it.
    return `bad-position (${f.why}) in ${f.ctx}${f.why === '0/0' ? `: ${f.code}` : ''}`;
  }
  if (v.kind === 'unusable') {
    const f = d.first ?? d;
    return `unusable: ${f.code ?? f.name ?? ''} ${String(f.message ?? JSON.stringify(f)).slice(0, 80)}`;
  }
  return `${v.kind}: ${d.name ?? ''} ${String(d.message ?? '').split('\n')[0].slice(0, 120)}`;
}

function emptyStats() {
  return { cases: 0, busy_ms: 0, traps: 0, hangs: 0, failures: 0 };
}

/**
 * Run the fuzzer.
 *   families   names to run (default: all), cases interleaved round-robin
 *   cases      total number of cases (default: unlimited while time remains)
 *   perFamily  { family: count } instead of `cases`
 *   seconds    start no case after this many seconds
 *   seed       PRNG seed (default 1)
 *   timeoutMs  per case (default 10,000); pathologicalTimeoutMs overrides it there
 *   workers    worker threads (default 1)
 *   only       [{ family, n }] run exactly these cases ({ family, n, name, script }: as given)
 *   failuresDir  where to write <family>-<n>.sql and .txt (null: write nothing)
 *   onResult   (record) => void, after each case
 * Resolves with { seed, seconds, families: {name: stats}, total, failures: [record] }.
 */
export async function runFuzz(o = {}) {
  const families = o.families?.length ? o.families : FAMILIES;
  for (const f of families) if (!FAMILIES.includes(f)) throw new Error(`fuzz: unknown family '${f}' (one of ${FAMILIES.join(', ')})`);
  const seed = o.seed ?? 1;
  const timeoutMs = o.timeoutMs ?? 60_000;
  const nWorkers = Math.max(1, o.workers ?? 1);
  const recycleBytes = (o.recycleMb ?? 1024) * 1024 * 1024;
  const deadline = o.seconds != null ? performance.now() + o.seconds * 1000 : Infinity;
  const pathoCount = families.includes('pathological') ? pathologicalCases(ROOT).length : 0;

  const stats = Object.fromEntries(families.map((f) => [f, emptyStats()]));
  const inflight = Object.fromEntries(families.map((f) => [f, []])); // start times

  // The case queue: an explicit list; per-family counts; a total count
  // dealt round-robin (the same cases whatever the machine); or, for a
  // time-bounded run, the family that has had the least time so far (each
  // family gets an equal share of the time, so slow families, such as the
  // pathological one, do not starve the fast ones).
  const next = (() => {
    if (o.only) {
      const list = [...o.only];
      return () => list.shift() ?? null;
    }
    const counters = Object.fromEntries(families.map((f) => [f, 0]));
    const limits = Object.fromEntries(families.map((f) => [f, o.perFamily ? o.perFamily[f] ?? 0 : Infinity]));
    if (limits.pathological !== undefined) limits.pathological = Math.min(limits.pathological, pathoCount);
    const timeFair = o.cases == null && !o.perFamily;
    let total = 0;
    let k = 0;
    const take = (f) => {
      total++;
      const start = performance.now();
      inflight[f].push(start);
      return { family: f, n: counters[f]++, start };
    };
    return () => {
      if (performance.now() >= deadline) return null;
      if (o.cases != null && total >= o.cases) return null;
      const open = families.filter((f) => counters[f] < limits[f]);
      if (open.length === 0) return null;
      if (timeFair) {
        // Time used, counting the cases in flight so far.
        const now = performance.now();
        const used = (f) => stats[f].busy_ms + inflight[f].reduce((sum, t) => sum + (now - t), 0);
        return take(open.reduce((a, b) => (used(b) < used(a) ? b : a)));
      }
      for (let tries = 0; tries < families.length; tries++) {
        const f = families[k++ % families.length];
        if (counters[f] < limits[f]) return take(f);
      }
      return null;
    };
  })();

  if (o.failuresDir) {
    mkdirSync(o.failuresDir, { recursive: true });
    for (const f of readdirSync(o.failuresDir)) {
      if (/^[a-z]+-\d+\.(sql|txt)$/.test(f)) rmSync(path.join(o.failuresDir, f));
    }
  }

  const failures = [];
  const t0 = performance.now();
  const probe = o.hangStacks === false ? null : new HangProbe();
  const slots = Array.from({ length: nWorkers }, () => new Slot({ recycleBytes }, probe));

  const loop = async (slot) => {
    for (let id = next(); id; id = next()) {
      const c = id.script != null ? id : makeCase(id.family, id.n, seed, ROOT);
      if (!c) continue;
      const limit = c.family === 'pathological' ? o.pathologicalTimeoutMs ?? timeoutMs : timeoutMs;
      const v = await slot.run(c.script, limit);
      const fl = inflight[id.family];
      if (fl && fl.includes(id.start)) fl.splice(fl.indexOf(id.start), 1);
      const st = (stats[c.family] ??= emptyStats());
      st.cases++;
      st.busy_ms += v.wall_ms;
      const record = {
        family: c.family,
        n: c.n,
        name: c.name,
        seed,
        outcome: v.outcome,
        kind: v.kind ?? null,
        cause: v.outcome === 'ok' ? null : causeOf(v),
        detail: v.detail ?? null,
        ms: Math.round(v.wall_ms),
        memory_mb: v.memory ? Math.round(v.memory / 1048576) : null,
        script_chars: c.script.length,
      };
      if (v.outcome === 'trap') st.traps++;
      else if (v.outcome === 'hang') st.hangs++;
      else if (v.outcome === 'failure') st.failures++;
      if (v.outcome !== 'ok') {
        if (o.failuresDir) {
          const base = path.join(o.failuresDir, `${c.family}-${c.n}`);
          writeFileSync(`${base}.sql`, c.script);
          writeFileSync(`${base}.txt`, reasonText(record));
          record.file = path.relative(ROOT, `${base}.sql`);
        }
        record.script = c.script.length <= 2000 ? c.script : null;
        failures.push(record);
      }
      o.onResult?.(record);
    }
  };

  try {
    await Promise.all(slots.map(loop));
  } finally {
    await Promise.all(slots.map((s) => s.kill()));
    probe?.close();
  }

  const elapsed = (performance.now() - t0) / 1000;
  const total = emptyStats();
  for (const st of Object.values(stats)) {
    for (const k of Object.keys(total)) total[k] += st[k];
    st.per_second = st.busy_ms ? +(st.cases / (st.busy_ms / 1000)).toFixed(2) : 0;
  }
  total.per_second = elapsed ? +(total.cases / elapsed).toFixed(2) : 0;
  const causes = groupByCause(failures).map((g) => ({
    cause: g.cause,
    outcome: g.outcome,
    count: g.count,
    codes: g.codes,
    cases: g.cases.slice(0, 50),
    shortest: { name: g.shortest.name, file: g.shortest.file ?? null, chars: g.shortest.script_chars, script: g.shortest.script },
  }));
  return { seed, seconds: +elapsed.toFixed(1), workers: nWorkers, timeout_ms: timeoutMs, families: stats, total, causes, failures };
}

function reasonText(r) {
  return [
    `family: ${r.family}`,
    `case: ${r.n}${r.family === 'pathological' ? ` (${r.name})` : ''}`,
    `seed: ${r.seed}`,
    `outcome: ${r.outcome}${r.kind ? ` (${r.kind})` : ''}`,
    `cause: ${r.cause}`,
    `time: ${r.ms} ms, wasm memory afterwards: ${r.memory_mb ?? '?'} MB`,
    `replay: npm run fuzz -- --replay tests/fuzz/failures/${r.family}-${r.n}.sql`,
    `regenerate: npm run fuzz -- --seed ${r.seed} --case ${r.family}:${r.n}`,
    '',
    JSON.stringify(r.detail, null, 2),
    '',
  ].join('\n');
}

/** Group failures by cause: [{ cause, count, outcome, shortest: record }]. */
export function groupByCause(failures) {
  const groups = new Map();
  for (const f of failures) {
    const g = groups.get(f.cause) ?? { cause: f.cause, outcome: f.outcome, count: 0, cases: [], shortest: f };
    g.count++;
    g.cases.push(f.name);
    g.codes ??= new Set();
    for (const b of f.detail?.first ?? []) if (b.code) g.codes.add(b.code);
    for (const k of ['code', 'name']) if (f.detail?.first?.[k]) g.codes.add(f.detail.first[k]);
    if (f.script_chars < g.shortest.script_chars) g.shortest = f;
    groups.set(f.cause, g);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, codes: [...(g.codes ?? [])].sort() }))
    .sort((a, b) => b.count - a.count);
}

/** The text summary: one line per family, a total, then causes. */
export function formatSummary(res) {
  const pad = (s, n) => String(s).padEnd(n);
  const lpad = (s, n) => String(s).padStart(n);
  const line = (name, s) =>
    `${pad(name, 13)} cases ${lpad(s.cases, 6)}  ${lpad(s.per_second.toFixed(1), 7)}/s  traps ${lpad(s.traps, 3)}  hangs ${lpad(s.hangs, 3)}  failures ${lpad(s.failures, 3)}`;
  const out = [];
  const any = Object.values(res.families).some((s) => s.cases > 0);
  for (const [name, s] of Object.entries(res.families)) if (s.cases > 0 || !any) out.push(line(name, s));
  out.push(line('total', res.total) + `  (${res.seconds} s, seed ${res.seed}, ${res.workers} worker${res.workers > 1 ? 's' : ''})`);
  const groups = groupByCause(res.failures);
  if (groups.length) {
    out.push('', 'by cause (count, shortest case):');
    for (const g of groups) {
      const s = g.shortest;
      out.push(`  ${lpad(g.count, 4)}  ${g.cause}${g.codes.length ? `  [${g.codes.join(', ')}]` : ''}`);
      out.push(`        ${s.file ?? `${s.family}-${s.n}`}${s.family === 'pathological' ? ` (${s.name})` : ''}, ${s.script_chars} chars, ${s.ms} ms`);
    }
  }
  return out.join('\n');
}

/**
 * Minimise a failing script: greedily drop chunks of lines, then of
 * tokens, keeping each cut while the case still fails with the same cause
 * (delta debugging, one pass per granularity down to single units).
 * Resolves with { cause, script, tries } (cause null: the script did not fail).
 */
export async function shrinkScript(script, o = {}) {
  const { tokenize } = await import('./families.mjs');
  const timeoutMs = o.timeoutMs ?? 60_000;
  const deadline = performance.now() + (o.seconds ?? 60) * 1000;
  const slot = new Slot({ recycleBytes: 1024 * 1024 * 1024 }, o.hangStacks === false ? null : new HangProbe());
  let tries = 0;
  const causeFor = async (s, limit) => {
    tries++;
    const v = await slot.run(s, limit);
    return v.outcome === 'ok' ? null : causeOf(v);
  };
  try {
    const cause = await causeFor(script, timeoutMs);
    if (!cause) return { cause: null, script, tries };
    // Trials of a hang wait only as long as the original took to be called one.
    const limit = cause.startsWith('hang') ? Math.min(timeoutMs, o.hangTrialMs ?? 3000) : timeoutMs;
    let best = script;
    const pass = async (split, join) => {
      let units = split(best);
      for (let size = Math.max(1, units.length >> 1); size >= 1; size = size > 1 ? size >> 1 : 0) {
        for (let i = 0; i < units.length && performance.now() < deadline; ) {
          const cand = [...units.slice(0, i), ...units.slice(i + size)];
          const text = join(cand);
          if (cand.length && text !== best && (await causeFor(text, limit)) === cause) {
            units = cand;
            best = text;
          } else {
            i += size;
          }
        }
      }
    };
    await pass((s) => s.split(/(?<=\n)/), (u) => u.join(''));
    await pass((s) => tokenize(s), (u) => u.join(''));
    // Collapse runs of blanks the cuts left behind, if that changes nothing.
    const tidy = best.replace(/[ \t]+/g, ' ').replace(/\n{2,}/g, '\n').trim() + '\n';
    if (tidy !== best && performance.now() < deadline && (await causeFor(tidy, limit)) === cause) best = tidy;
    return { cause, script: best, tries };
  } finally {
    await slot.kill();
    slot.probe?.close();
  }
}
