// The lab's extended SQL trace (event 10046, level 12) of every sample,
// read by a third-party parser: trctools' trcparser (Priit Piipuu,
// https://github.com/priitp2/trctools, "Do stuff with Oracle 19c trace
// files"; Beerware licence; vendored unchanged as a fixture in
// tests/third_party/trctools/, run by tests/third_party/check_trace.py).
//
// For each sample: the event is set at the start and again after each
// STARTUP and LAB VERSION (each starts a new session), the run's trace files
// are written as `lio run --trace-dir` writes them, and the parser reads
// them. It must recognise every line (no errors, no unmatched lines), and
// what it read must agree with the run:
//   - per step, the cr= of its PARSE/EXEC/FETCH lines add up to the step's
//     `consistent gets`, cu= to `db block gets`, p= to `physical reads`;
//   - the r= of a query's FETCH lines are its rows, of a DML's EXEC its rows
//     processed;
//   - tim= never goes back, and a call starts (tim - e) no earlier than the
//     call before it ended (calls do not overlap on the simulated clock);
//   - WAIT lines name Oracle's events with V$EVENT_NAME's parameter names.
// LAB VERSION while tracing starts a new header in the file (the new
// release's layout); each header's part is handed to the parser as a file.
// What the parser cannot read of older releases' layouts, real ones too, is
// adapted for it and checked here instead:
//   - it reads the `***` lines of 12.2 on only (ISO times with a zone: its
//     DATE_MATCHER and get_timestamp); a 10g/11g part's (`*** 2024-01-01
//     00:00:00.000`, Oracle's layout then) are handed over blank and
//     checked against that layout here;
//   - it refuses cursor numbers under 10 ("Cursor is either 0 or a large
//     number": it expects the addresses 11.2.0.2 on writes); a 10g to
//     11.2.0.1 part's cursors (#1, #2, ...) are handed over as #1001, ....
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHECK = path.join(ROOT, 'tests/third_party/check_trace.py');
const LEVEL12 = "alter session set events '10046 trace name context forever, level 12';";
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lio-10046-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// V$EVENT_NAME's PARAMETER1..3 of the events the samples wait on.
const EVENT_PARAMS = {
  'db file sequential read': ['file#', 'block#', 'blocks'],
  'db file scattered read': ['file#', 'block#', 'blocks'],
  'direct path read': ['file number', 'first dba', 'block cnt'],
  'direct path read temp': ['file number', 'first dba', 'block cnt'],
  'direct path write temp': ['file number', 'first dba', 'block cnt'],
  'direct path write': ['file number', 'first dba', 'block cnt'],
  'SQL*Net message to client': ['driver id', '#bytes', 'p3'],
  'SQL*Net message from client': ['driver id', '#bytes', 'p3'],
  'log file sync': ['buffer#', 'sync scn', 'p3'],
  'buffer busy waits': ['file#', 'block#', 'class#'],
  'free buffer waits': ['file#', 'block#', 'set-id#'],
  'latch: cache buffers chains': ['address', 'number', 'tries'],
  'enq: KO - fast object checkpoint': ['name|mode', '2', '0'],
  'rdbms ipc reply': ['from_process', 'timeout', 'p3'],
  'cell single block physical read': ['cellhash#', 'diskhash#', 'bytes'],
  'cell multiblock physical read': ['cellhash#', 'diskhash#', 'bytes'],
  // Published traces: `nam='cell smart table scan' ela= 145 cellhash#=3249924569 p2=0 p3=0`
  // (Expert Oracle Exadata).
  'cell smart table scan': ['cellhash#', 'p2', 'p3'],
};

/** The sample with event 10046 set at its start and in each new session. */
function traced(sql) {
  const out = [LEVEL12];
  for (const line of sql.split('\n')) {
    out.push(line);
    if (/^\s*(startup\b|lab\s+version\b)/i.test(line)) out.push(LEVEL12);
  }
  return out.join('\n');
}

/**
 * The run's trace files, as `lio run --trace-dir` writes them, and for each
 * step the file and 1-based line range its lines took.
 */
function files(steps) {
  const byName = new Map();
  const spans = [];
  let current = null;
  for (const s of steps) {
    // A statement's text is one entry of sql_trace and as many lines of the file as it has.
    for (const l of (s.sql_trace ?? []).flatMap((x) => x.split('\n'))) {
      const m = /^Trace file .*\/([^/]+\.trc)$/.exec(l);
      if (m) current = m[1];
      if (current === null) continue;
      const f = byName.get(current) ?? [];
      f.push(l);
      byName.set(current, f);
      const sp = spans.find((x) => x.step === s && x.file === current);
      if (sp) sp.to = f.length;
      else spans.push({ step: s, file: current, from: f.length, to: f.length });
    }
  }
  return { byName, spans };
}


const samples = readdirSync(path.join(ROOT, 'samples')).filter((f) => f.endsWith('.sql')).sort();

describe('10046 traces of the samples, read by trctools (third-party parser)', () => {

  for (const name of samples) {
    it(name, { timeout: 600_000 }, async () => {
      const engine = await loadEngine();
      const sql = readFileSync(path.join(ROOT, 'samples', name), 'utf8');
      const r = engine.exec(traced(sql));
      const { byName, spans } = files(r.steps);
      expect(byName.size).toBeGreaterThan(0);
      const dir = mkdtempSync(path.join(tmp, name.replace(/\.sql$/, '-')));
      const given = [];
      for (const [file, all] of byName) {
        // Each header's part: lines [at, end) of the file.
        const heads = all.flatMap((l, i) => (l.startsWith('Trace file ') ? [i] : []));
        heads.forEach((at, k) => {
          const lines = all.slice(at, heads[k + 1] ?? all.length);
          const iso = lines.some((l) => /^\*\*\* \d{4}-\d\d-\d\dT/.test(l));
          const small = lines.some((l) => /^PARSING IN CURSOR #\d{1,4} /.test(l));
          if (!iso) {
            for (const l of lines.filter((x) => x.startsWith('*** '))) {
              expect(l).toMatch(/^\*\*\* (?:[A-Z ]+:\(.*\) )?\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
            }
          }
          // Lines keep their numbers: a `***` line is handed over blank.
          const adapted = lines.map((l) => {
            if (!iso && l.startsWith('*** ')) return '';
            return small ? l.replace(/^((?:PARSING IN CURSOR|PARSE|EXEC|FETCH|WAIT|STAT|CLOSE|BINDS|ERROR) #)(\d+)/, (_, a, n) => `${a}${1000 + Number(n)}`) : l;
          });
          const p = path.join(dir, `${k}-${file}`);
          writeFileSync(p, adapted.join('\n') + '\n');
          given.push({ file, p, iso, offset: at });
        });
      }
      const parsed = JSON.parse(execFileSync('python3', [CHECK, ...given.map((g) => g.p)], { encoding: 'utf8', maxBuffer: 256 << 20 }));
      const kinds = new Set();
      for (const [i, res] of parsed.entries()) {
        const { file, iso, offset } = given[i];
        for (const o of res.ops) o.line += offset;
        expect(res.errors, `${file}: parser errors`).toBe(0);
        // Oracle's own line when MAX_DUMP_FILE_SIZE stops a trace, which the parser does not know.
        const cap = res.orphans.filter((l) => /^\*\*\* DUMP FILE SIZE IS LIMITED TO \d+ BYTES \*\*\*$/.test(l));
        expect(res.orphans.filter((l) => !cap.includes(l)), `${file}: lines the parser did not recognise`).toEqual([]);
        const capAt = cap.length ? offset + res.lines : Infinity;
        if (iso) expect(res.warnings, `${file}: parser warnings`).toEqual([]);
        const ops = res.ops;
        for (const o of ops) kinds.add(o.op_type);
        // tim= never goes back; a call starts after the one before it ended.
        let lastTim = 0;
        let lastCallEnd = 0;
        for (const o of ops) {
          if (!o.tim) continue;
          expect(o.tim, `${file}:${o.line} ${o.op_type} tim`).toBeGreaterThanOrEqual(lastTim);
          lastTim = o.tim;
          if (['PARSE', 'EXEC', 'FETCH'].includes(o.op_type)) {
            // tim and e are each rounded to the microsecond.
            expect(o.tim - o.e + 1, `${file}:${o.line} ${o.op_type} starts before the last call ended`).toBeGreaterThanOrEqual(lastCallEnd);
            lastCallEnd = o.tim;
          }
          if (o.op_type === 'WAIT') {
            const want = EVENT_PARAMS[o.name];
            expect(want, `${file}:${o.line} event ${o.name}`).toBeDefined();
            const params = /ela= \d+ (.*) obj#=/.exec(o.raw)?.[1] ?? '';
            expect(params, `${file}:${o.line}`).toMatch(new RegExp(`^${want.map((w) => `${w.replace(/[|#*]/g, '\\$&')}=-?\\d+`).join(' ')}$`));
          }
        }
        // Per step: the calls' figures are the step's statistics.
        const [first, last] = [offset + 1, offset + res.lines];
        // A step the size limit cut short has only its first calls.
        for (const sp of spans.filter((x) => x.file === file && x.from >= first && x.to <= last && x.to < capAt)) {
          const s = sp.step;
          const calls = ops.filter((o) => o.line >= sp.from && o.line <= sp.to && ['PARSE', 'EXEC', 'FETCH'].includes(o.op_type));
          if (calls.length === 0) continue;
          const sum = (k) => calls.reduce((a, o) => a + o[k], 0);
          const where = `${name} step ${s.index} (line ${s.line}) ${s.statement.slice(0, 60)}`;
          expect(sum('cr'), `${where}: cr=`).toBe(s.stats['consistent gets'] ?? 0);
          expect(sum('cu'), `${where}: cu=`).toBe(s.stats['db block gets'] ?? 0);
          expect(sum('p'), `${where}: p=`).toBe(s.stats['physical reads'] ?? 0);
          if (!s.error && (s.kind === 'query' || /^\s*(insert|update|delete|merge)\b/i.test(s.statement))) {
            const call = s.kind === 'query' ? 'FETCH' : 'EXEC';
            const r = calls.filter((o) => o.op_type === call).reduce((a, o) => a + o.r, 0);
            expect(r, `${where}: r= of its ${call} lines`).toBe(s.rows_processed);
          }
        }
      }
      // A header's part may hold no statement (tracing turned on just before
      // LAB VERSION); the sample's trace as a whole does.
      for (const k of ['PARSING IN CURSOR', 'PARSE', 'EXEC']) expect(kinds.has(k), `${name}: ${k}`).toBe(true);
    });
  }
});
