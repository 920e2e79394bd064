// tkprof for the lab's extended SQL traces (event 10046): reads a trace
// file's lines and formats tkprof's report. Pure (no file access).
//
// Layout of tkprof's report as published:
//   https://redsalt.blogspot.com/2012/06/sample-tkprof-output.html (header, legend)
//   https://www.oreilly.com/library/view/oracle-in-a/0596003366/ch17s03s04.html (the call table)
// Trace lines as published:
//   http://www.dba-oracle.com/t_10046_trace_file_parse_execute.htm

const STARS = '*'.repeat(80);
const CALLS = /** @type {const} */ (['Parse', 'Execute', 'Fetch']);
const KIND = /** @type {Record<string, number>} */ ({ PARSE: 0, EXEC: 1, FETCH: 2 });
const SORT_CALL = /** @type {Record<string, number>} */ ({ prs: 0, exe: 1, fch: 2 });
const SORT_FIGURE = /** @type {Record<string, string>} */ ({
  cnt: 'count', cpu: 'cpu', ela: 'elapsed', dsk: 'disk', qry: 'query', cu: 'current', row: 'rows', mis: 'mis',
});

/**
 * @typedef {{ count: number, cpu: number, elapsed: number, disk: number, query: number, current: number, rows: number, mis: number }} Figures
 * @typedef {{ text: string, sqlid: string, plh: string, uid: string, dep: number, order: number,
 *   calls: Figures[], waits: Map<string, { times: number, max: number, total: number }>, stats: string[][] }} Statement
 */

/** @returns {Figures} */
const zero = () => ({ count: 0, cpu: 0, elapsed: 0, disk: 0, query: 0, current: 0, rows: 0, mis: 0 });

/**
 * `c=0,e=5,p=0,...` as numbers by name.
 * @param {string} body
 */
function fields(body) {
  /** @type {Record<string, string>} */
  const f = {};
  for (const kv of body.split(',')) {
    const i = kv.indexOf('=');
    if (i > 0) f[kv.slice(0, i).trim()] = kv.slice(i + 1).trim();
  }
  return f;
}

/**
 * The statements of a trace (by cursor text), in order of first parse.
 * @param {string} text  the trace file
 */
export function parseTrace(text) {
  const lines = text.split(/\r?\n/);
  /** @type {Map<string, Statement>} */
  const byText = new Map();
  /** @type {Map<string, Statement>} */
  const byCursor = new Map();
  let truncated = null;
  const tims = { first: 0, last: 0 };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    let m;
    const tim = /[ ,]tim=(\d+)/.exec(l);
    if (tim) {
      if (!tims.first) tims.first = Number(tim[1]);
      tims.last = Math.max(tims.last, Number(tim[1]));
    }
    if ((m = /^PARSING IN CURSOR #(\d+) (.*)$/.exec(l))) {
      const head = Object.fromEntries([...m[2].matchAll(/(\w+)=('[^']*'|\S+)/g)].map((x) => [x[1], x[2].replace(/'/g, '')]));
      const body = [];
      while (++i < lines.length && lines[i] !== 'END OF STMT') body.push(lines[i]);
      const sql = body.join('\n');
      let st = byText.get(sql);
      if (!st) {
        st = { text: sql, sqlid: head.sqlid ?? '', plh: '0', uid: head.uid ?? '', dep: Number(head.dep ?? 0), order: byText.size,
          calls: [zero(), zero(), zero()], waits: new Map(), stats: [] };
        byText.set(sql, st);
      }
      byCursor.set(m[1], st);
    } else if ((m = /^(PARSE|EXEC|FETCH) #(\d+):(.*)$/.exec(l))) {
      const st = byCursor.get(m[2]);
      if (!st) continue;
      const f = fields(m[3]);
      const c = st.calls[KIND[m[1]]];
      c.count++;
      c.cpu += Number(f.c ?? 0);
      c.elapsed += Number(f.e ?? 0);
      c.disk += Number(f.p ?? 0);
      c.query += Number(f.cr ?? 0);
      c.current += Number(f.cu ?? 0);
      c.rows += Number(f.r ?? 0);
      c.mis += Number(f.mis ?? 0);
      if (f.plh && f.plh !== '0') st.plh = f.plh;
    } else if ((m = /^WAIT #(\d+): nam='([^']*)' ela= *(\d+)/.exec(l))) {
      const st = byCursor.get(m[1]);
      if (!st) continue;
      const w = st.waits.get(m[2]) ?? { times: 0, max: 0, total: 0 };
      const ela = Number(m[3]);
      w.times++;
      w.max = Math.max(w.max, ela);
      w.total += ela;
      st.waits.set(m[2], w);
    } else if ((m = /^STAT #(\d+) id=(\d+) cnt=(\d+) pid=(\d+) pos=\d+ obj=(\d+) op='(.*)'$/.exec(l))) {
      const st = byCursor.get(m[1]);
      if (!st) continue;
      if (m[2] === '1' || st.stats.length === 0) st.stats.push([]);
      st.stats[st.stats.length - 1].push(JSON.stringify({ id: Number(m[2]), cnt: Number(m[3]), pid: Number(m[4]), obj: Number(m[5]), op: m[6] }));
    } else if (l.startsWith('*** DUMP FILE SIZE IS LIMITED TO')) {
      truncated = l;
    }
  }
  return { statements: [...byText.values()], lines: lines.filter((l, i) => l !== '' || i < lines.length - 1).length, truncated, tims };
}

/** @param {number} us */
const secs = (us) => (us / 1e6).toFixed(2);

/** @param {Figures[]} calls @param {string[]} out */
function callTable(calls, out) {
  const row = (/** @type {string} */ name, /** @type {Figures} */ f) =>
    `${name.padEnd(7)} ${String(f.count).padStart(6)} ${secs(f.cpu).padStart(9)} ${secs(f.elapsed).padStart(10)} ${String(f.disk).padStart(10)} ${String(f.query).padStart(10)} ${String(f.current).padStart(10)} ${String(f.rows).padStart(11)}`;
  const rule = '------- ------  -------- ---------- ---------- ---------- ----------  ----------';
  out.push('call     count       cpu    elapsed       disk      query    current        rows', rule);
  const total = zero();
  calls.forEach((c, i) => {
    out.push(row(CALLS[i], c));
    for (const k of /** @type {(keyof Figures)[]} */ (Object.keys(total))) total[k] += c[k];
  });
  out.push(rule, row('total', total), '');
  return total;
}

/** @param {Map<string, { times: number, max: number, total: number }>} waits @param {string[]} out */
function waitTable(waits, out) {
  if (waits.size === 0) return;
  out.push('Elapsed times include waiting on following events:');
  out.push(`  ${'Event waited on'.padEnd(40)}   ${'Times'.padStart(6)}  ${'Max. Wait'.padStart(10)}  ${'Total Waited'.padStart(12)}`);
  out.push(`  ${'-'.repeat(40)}   ${'Waited'.padStart(6)}  ${'-'.repeat(10)}  ${'-'.repeat(12)}`);
  for (const [name, w] of waits) {
    out.push(`  ${name.padEnd(40)}   ${String(w.times).padStart(6)}  ${secs(w.max).padStart(10)}  ${secs(w.total).padStart(12)}`);
  }
}

/** @param {Statement} st @param {string[]} out */
function rowSources(st, out) {
  if (st.stats.length === 0) return;
  const sets = st.stats.map((s) => s.map((j) => JSON.parse(j)));
  const first = sets[0];
  out.push(`Number of plan statistics captured: ${sets.length}`, '');
  out.push('Rows (1st) Rows (avg) Rows (max)  Row Source Operation');
  out.push(`---------- ---------- ----------  ${'-'.repeat(51)}`);
  /** @type {Map<number, number>} */
  const depth = new Map();
  for (const line of first) {
    const d = line.pid === 0 ? 0 : (depth.get(line.pid) ?? 0) + 1;
    depth.set(line.id, d);
    const cnts = sets.map((s) => s.find((x) => x.id === line.id)?.cnt ?? 0);
    const avg = Math.round(cnts.reduce((a, b) => a + b, 0) / cnts.length);
    // tkprof names an index's object id, not a table's (published reports:
    // `INDEX UNIQUE SCAN ORGANISATION__PK (cr=2 ... card=1)(object id 98786)`).
    const obj = line.obj && line.op.startsWith('INDEX ') ? `(object id ${line.obj})` : '';
    out.push(`${String(cnts[0]).padStart(10)} ${String(avg).padStart(10)} ${String(Math.max(...cnts)).padStart(10)}  ${' '.repeat(d)}${rowSourceOp(line.op)}${obj}`);
  }
  out.push('');
}

/**
 * A STAT line's op text as tkprof prints it: 12c's `str=` (the row source's
 * starts) follows the time as `starts=`, as published 19c tkprof output shows
 * (`(cr=87028 pr=50 pw=0 time=2758668 us starts=1)`).
 * @param {string} op
 */
export function rowSourceOp(op) {
  return op.replace(/ pw=(\d+) str=(\d+) time=(\d+) us/, ' pw=$1 time=$3 us starts=$2');
}

/**
 * The sort key of a statement for tkprof's `sort=` options (descending).
 * @param {Statement} st @param {string[]} sort
 */
function sortKey(st, sort) {
  let k = 0;
  for (const s of sort) {
    const call = SORT_CALL[s.slice(0, 3)];
    const fig = SORT_FIGURE[s.slice(3)];
    if (call === undefined || fig === undefined) continue;
    k += st.calls[call][/** @type {keyof Figures} */ (fig)];
  }
  return k;
}

/** tkprof's sort options, checked: `prsela,exeela,fchela`. @param {string} spec */
export function parseSort(spec) {
  const opts = spec.replace(/^\(|\)$/g, '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const s of opts) {
    if (SORT_CALL[s.slice(0, 3)] === undefined || SORT_FIGURE[s.slice(3)] === undefined || (s.slice(3) === 'mis' && s !== 'prsmis')) {
      throw new Error(`invalid sort option ${s}`);
    }
  }
  return opts;
}

/**
 * tkprof's report of a trace.
 * @param {string} text  the trace file
 * @param {{ traceName?: string, sort?: string[] }} [options]
 */
export function tkprof(text, { traceName = 'trace.trc', sort = [] } = {}) {
  const { statements, lines, truncated, tims } = parseTrace(text);
  const ordered = sort.length ? [...statements].sort((a, b) => sortKey(b, sort) - sortKey(a, sort) || a.order - b.order) : statements;
  const sortText = sort.length ? sort.join(' ') : 'default';
  const out = ['', 'TKPROF: LIO Lab', '', `Trace file: ${traceName}`, `Sort options: ${sortText}`, '', STARS,
    'count    = number of times OCI procedure was executed',
    'cpu      = cpu time in seconds executing',
    'elapsed  = elapsed time in seconds executing',
    'disk     = number of physical reads of buffers from disk',
    'query    = number of buffers gotten for consistent read',
    'current  = number of buffers gotten in current mode (usually for update)',
    'rows     = number of rows processed by the fetch or execute call',
    STARS, ''];
  const overall = [zero(), zero(), zero()];
  /** @type {Map<string, { times: number, max: number, total: number }>} */
  const allWaits = new Map();
  for (const st of ordered) {
    out.push(`SQL ID: ${st.sqlid} Plan Hash: ${st.plh}`, '', st.text, '', '');
    callTable(st.calls, out);
    const mis = st.calls[0].mis;
    const exeMis = st.calls[1].mis;
    // Printed whenever the statement was parsed (published output shows `: 0`).
    if (st.calls[0].count > 0) out.push(`Misses in library cache during parse: ${mis}`);
    if (exeMis > 0) out.push(`Misses in library cache during execute: ${exeMis}`);
    out.push('Optimizer mode: ALL_ROWS', `Parsing user id: ${st.uid}  `);
    rowSources(st, out);
    if (st.stats.length === 0) out.push('');
    if (st.waits.size > 0) out.push('');
    waitTable(st.waits, out);
    out.push(STARS, '');
    st.calls.forEach((c, i) => {
      for (const k of /** @type {(keyof Figures)[]} */ (Object.keys(c))) overall[i][k] += c[k];
    });
    for (const [name, w] of st.waits) {
      const a = allWaits.get(name) ?? { times: 0, max: 0, total: 0 };
      allWaits.set(name, { times: a.times + w.times, max: Math.max(a.max, w.max), total: a.total + w.total });
    }
  }
  out.push('OVERALL TOTALS FOR ALL NON-RECURSIVE STATEMENTS', '');
  callTable(overall, out);
  if (overall[0].mis > 0) out.push(`Misses in library cache during parse: ${overall[0].mis}`, '');
  waitTable(allWaits, out);
  out.push('', '', 'OVERALL TOTALS FOR ALL RECURSIVE STATEMENTS', '');
  callTable([zero(), zero(), zero()], out);
  const n = statements.length;
  out.push(`${String(n).padStart(5)}  user  SQL statements in session.`,
    `${String(0).padStart(5)}  internal SQL statements in session.`,
    `${String(n).padStart(5)}  SQL statements in session.`, STARS,
    `Trace file: ${traceName}`, 'Trace file compatibility: 11.1.0.7', `Sort options: ${sortText}`, '',
    `${String(1).padStart(8)}  session in tracefile.`,
    `${String(n).padStart(8)}  user  SQL statements in trace file.`,
    `${String(0).padStart(8)}  internal SQL statements in trace file.`,
    `${String(n).padStart(8)}  SQL statements in trace file.`,
    `${String(n).padStart(8)}  unique SQL statements in trace file.`,
    `${String(lines).padStart(8)}  lines in trace file.`,
    `${String(Math.round((tims.last - tims.first) / 1e6)).padStart(8)}  elapsed seconds in trace file.`);
  if (truncated) out.push('', truncated);
  return out.join('\n') + '\n';
}

/**
 * The trace files of a run's steps: each `Trace file .../NAME.trc` header
 * starts (or continues) the file NAME; a step's lines go to the file its
 * session last named.
 * @param {{ sql_trace?: string[] }[]} steps
 * @returns {Map<string, string[]>}
 */
export function traceFiles(steps) {
  /** @type {Map<string, string[]>} */
  const files = new Map();
  let current = null;
  for (const s of steps) {
    for (const l of s.sql_trace ?? []) {
      const m = /^Trace file .*\/([^/]+\.trc)$/.exec(l);
      if (m) current = m[1];
      if (current === null) continue;
      const f = files.get(current) ?? [];
      f.push(l);
      files.set(current, f);
    }
  }
  return files;
}
