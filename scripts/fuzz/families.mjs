// The fuzz families: each turns (seed, case number) into one script.
//   random       random characters, tokens and token lines
//   truncated    seed scripts cut at random points
//   mutated      seed scripts with token insertions/deletions/swaps,
//                number changes and keyword swaps
//   generated    a small grammar of SQL, PL/SQL, DDL and LAB commands
//   pathological the curated corpus tests/fuzz/pathological/*.sql
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Rng } from './prng.mjs';
import { loadSeeds } from './seeds.mjs';

export const FAMILIES = ['random', 'truncated', 'mutated', 'generated', 'pathological'];

// ------------------------------------------------------------ vocabulary

const KEYWORDS = `select from where and or not null is in between like order by group having connect level
rownum dual insert into values create table index unique cluster hashkeys size single organization heap
primary key constraint memoptimize for read segment creation immediate deferred storage buffer_pool keep
recycle default alter system session set scope spfile memory both drop purge commit rollback begin end
declare loop exec execute using xmltable count max min sum avg distinct as asc desc nvl rpad lpad substr
to_char to_number round trunc mod abs length upper lower dbms_random dbms_random.value dbms_random.string
dbms_random.seed dbms_stats.gather_table_stats dbms_memoptimize.populate dbms_output.put_line varchar2
number integer char date autotrace traceonly on off statistics explain arraysize linesize pagesize
serveroutput timing shutdown startup prompt connect union all exists case when then else user
LAB RUN BIND TO VIA RUNS FETCHSIZE BATCH LITERALS VERSION PROFILE RESET jdbc_thin jdbc_oci_net
jdbc_oci_bequeath plsql sqlplus use_nl leading index full gather_plan_statistics opt_param nlj_prefetch
no_nlj_prefetch nlj_batching update delete savepoint work nowait wait AUTOCOMMIT SESSION`
  .split(/\s+/)
  .filter(Boolean);

const PUNCT = [';', '/', '(', ')', ',', '.', '+', '-', '*', '||', '=', '<>', '!=', '<', '<=', '>', '>=', ':=',
  '..', "'", '"', ':', ':1', '@', '%', '--', '/*', '*/', '/*+', '\n', '\n/\n', '&', '?', '[', ']', '{', '}', '$',
  '#', '\\', '`', '=>'];

/** Numbers that break naive integer handling. */
export const NASTY_NUMBERS = ['0', '-1', '1', '-0', '9223372036854775807', '-9223372036854775808',
  '9223372036854775808', '18446744073709551616', '4294967295', '4294967296', '2147483647', '2147483648', '65535',
  '65536', '1e12', '1e18', '1e308', '1e309', '-1e308', '1e-300', '0.5', '1.5e3', '99999999999999999999999999999999999999999',
  '1e', '.e5', '1.2.3', 'NaN', 'nan', 'Infinity', '-Infinity', 'inf', '0x10', '1_000', '100000000', '1000000000000'];

const STRINGS = ["'x'", "''", "'it''s'", "'1 to 10'", "'9223372036854775807 to 9223372036854775807'",
  "'select * from dual'", "'T1'", "'%'", "'\u00e9\u00e8'", "'\u{1F600}'", "'a\nb'"];

const IDENTS = ['t', 't1', 't2', 't3', 't4', 'c3', 'x', 'y', 'key', 'value', 'id', 'filler', 'n', 'i', 'a', 'b',
  'dual', 'colocated', '"Quoted id"', '"x"', 'v$sysstat', 'sys.obj$', 'a'.repeat(200)];

function token(rng) {
  return rng.weighted([
    [5, () => rng.pick(KEYWORDS)],
    [3, () => rng.pick(PUNCT)],
    [2, () => rng.pick(NASTY_NUMBERS)],
    [2, () => String(rng.size(100000))],
    [2, () => rng.pick(IDENTS)],
    [1, () => rng.pick(STRINGS)],
  ])();
}

// ------------------------------------------------------------ random

const ODD_CHARS = ['\0', '\t', '\r', '\r\n', '\v', '\f', '\u0085', '\u00a0', '\u2028', '\u2029', '\ufeff',
  '\ufffd', '\u200b', '\u0301', '\uffff', '\u{10ffff}', '\u{1F600}', '\u00ff', '\u0100', '\u4e2d', "'", '"', ';',
  '/', '\n/\n', '--', '/*', '*/', '&', '\\'];

function randomChars(rng) {
  const n = rng.size(3000);
  let s = '';
  for (let i = 0; i < n; i++) {
    s += rng.weighted([
      [60, () => String.fromCharCode(rng.range(0x20, 0x7e))],
      [12, () => rng.pick([' ', ' ', '\n', '\t'])],
      [8, () => rng.pick(ODD_CHARS)],
      [6, () => String.fromCharCode(rng.range(0, 0x1f))],
      [6, () => String.fromCharCode(rng.range(0x80, 0xffff))],
      [3, () => String.fromCodePoint(rng.range(0x10000, 0x10ffff))],
    ])();
  }
  return s;
}

function randomTokens(rng) {
  const n = rng.size(400);
  const parts = [];
  for (let i = 0; i < n; i++) {
    parts.push(token(rng));
    parts.push(rng.weighted([[10, ' '], [2, '\n'], [1, ''], [1, ';\n'], [1, '\n/\n']]));
  }
  return parts.join('');
}

/** Lines that start like statements and go astray. */
function randomStatements(rng) {
  const starts = ['select', 'insert into t', 'create table t', 'begin', 'declare', 'LAB RUN', 'LAB SET', 'LAB VERSION',
    'exec', 'set', 'alter system set', 'create index', 'create cluster', 'drop table', 'commit', 'shutdown', 'startup',
    'prompt', 'connect', 'select * from xmltable(', 'select level from dual connect by level <='];
  const n = rng.range(1, 20);
  const out = [];
  for (let i = 0; i < n; i++) {
    const k = rng.size(30);
    const toks = [rng.pick(starts)];
    for (let j = 0; j < k; j++) toks.push(token(rng));
    out.push(toks.join(' ') + rng.pick([';', ';', '', '\n/', ';\n/']));
  }
  return out.join('\n');
}

function genRandom(rng) {
  return rng.weighted([
    [3, randomChars],
    [4, randomTokens],
    [3, randomStatements],
  ])(rng);
}

// ------------------------------------------------------------ seeds

let seedCache = null;
function seeds(root) {
  if (!seedCache) seedCache = loadSeeds(root);
  if (seedCache.length === 0) throw new Error('fuzz: no seed scripts (samples/*.sql or seeds/*.txt)');
  return seedCache;
}

/** Mostly shrink the 100,000-row loads so the case runs fast. */
function maybeShrink(rng, script, p = 0.5) {
  if (!rng.chance(p)) return script;
  return script.replace(/\b\d{5,}\b/g, () => String(rng.range(1, 3000)));
}

function genTruncated(rng, root) {
  const seed = rng.pick(seeds(root));
  const s = maybeShrink(rng, seed.script);
  const cut = () => rng.int(s.length + 1);
  return rng.weighted([
    [6, () => s.slice(0, cut())], // a prefix (typing in progress)
    [2, () => s.slice(cut())], // a suffix (pasted from the middle)
    [1, () => {
      const a = cut();
      const b = cut();
      return s.slice(Math.min(a, b), Math.max(a, b));
    }],
    [1, () => {
      // a chunk removed
      const a = cut();
      const b = cut();
      return s.slice(0, Math.min(a, b)) + s.slice(Math.max(a, b));
    }],
  ])();
}

const TOKEN_RE =
  /\s+|--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'?|"[^"]*"?|\d+(?:\.\d+)?(?:e[+-]?\d+)?|[A-Za-z_][A-Za-z0-9_$#.]*|:=|\.\.|\|\||<>|!=|<=|>=|=>|[^\s]/gi;

export function tokenize(s) {
  return s.match(TOKEN_RE) ?? [];
}

function mutateOnce(rng, toks) {
  const idx = () => rng.int(toks.length);
  const words = () => toks.map((t, i) => (/^[A-Za-z_]/.test(t) ? i : -1)).filter((i) => i >= 0);
  const nums = () => toks.map((t, i) => (/^\d/.test(t) ? i : -1)).filter((i) => i >= 0);
  const strs = () => toks.map((t, i) => (t.startsWith("'") ? i : -1)).filter((i) => i >= 0);
  const op = rng.weighted([
    [3, 'insert'],
    [3, 'delete'],
    [2, 'swap'],
    [1, 'duplicate'],
    [4, 'number'],
    [3, 'keyword'],
    [2, 'string'],
  ]);
  switch (op) {
    case 'insert':
      toks.splice(idx(), 0, rng.pick([' ', '']) + (rng.chance(0.5) ? token(rng) : rng.pick(toks) ?? '') + ' ');
      break;
    case 'delete': {
      const i = idx();
      toks.splice(i, rng.chance(0.8) ? 1 : rng.range(1, 20));
      break;
    }
    case 'swap': {
      const i = idx();
      const j = rng.chance(0.5) ? Math.min(toks.length - 1, i + 2) : idx();
      [toks[i], toks[j]] = [toks[j], toks[i]];
      break;
    }
    case 'duplicate': {
      const i = idx();
      const k = rng.range(1, 30);
      toks.splice(i, 0, ...toks.slice(i, i + k));
      break;
    }
    case 'number': {
      const ns = nums();
      if (ns.length) toks[rng.pick(ns)] = rng.pick(NASTY_NUMBERS);
      break;
    }
    case 'keyword': {
      const ws = words();
      if (ws.length) toks[rng.pick(ws)] = rng.pick(KEYWORDS);
      break;
    }
    case 'string': {
      // Numbers and words inside quoted text: xmltable ranges, LAB RUN's SQL.
      const ss = strs();
      if (ss.length) {
        const i = rng.pick(ss);
        const inner = toks[i];
        toks[i] = rng.chance(0.5)
          ? inner.replace(/\d+/g, (m) => (rng.chance(0.5) ? rng.pick(NASTY_NUMBERS) : m))
          : inner.replace(/[A-Za-z_]+/g, (m) => (rng.chance(0.2) ? rng.pick(KEYWORDS) : m));
      }
      break;
    }
  }
}

function genMutated(rng, root) {
  const seed = rng.pick(seeds(root));
  const toks = tokenize(maybeShrink(rng, seed.script, 0.8));
  const n = rng.weighted([[5, 1], [3, 2], [2, 3], [1, 6], [1, 15]]);
  for (let i = 0; i < n && toks.length; i++) mutateOnce(rng, toks);
  return toks.join('');
}

// ------------------------------------------------------------ generated

const DRIVERS = ['jdbc_thin', 'jdbc_oci_net', 'jdbc_oci_bequeath', 'plsql', 'sqlplus'];
const VERSIONS = ['10.2.0.5', '11.1.0.7', '11.2.0.1', '11.2.0.2', '18.0.0', '19.0.0', '11.2', '18c', '19c', '11g', '12c', '23ai'];
const COST_PARAMS = ['latch_get_us', 'examination_get_us', 'normal_get_us', 'row_us', 'physical_read_us',
  'memopt_lookup_us', 'soft_parse_us', 'hard_parse_us', 'network_rtt_us', 'network_bytes_per_us', 'jdbc_thin_call_us',
  'redo_byte_us', 'insert_row_us', 'no_such_param'];

/** A schema of small tables, created and loaded by the case. */
class Gen {
  constructor(rng) {
    this.rng = rng;
    this.tables = []; // { name, cols: [{name, type}], pk }
    this.n = 0;
  }
  small(max = 300) {
    return this.rng.size(max);
  }
  num() {
    const r = this.rng;
    return r.weighted([[8, () => String(r.size(1000))], [1, () => r.pick(NASTY_NUMBERS)], [1, () => `${r.int(100)}.${r.int(100)}`]])();
  }
  table() {
    return this.rng.pick(this.tables);
  }
  col(t) {
    return this.rng.pick(t.cols);
  }

  // --- DDL
  createTable() {
    const r = this.rng;
    const name = `t${++this.n}`;
    const kind = r.weighted([[4, 'heap'], [2, 'pk'], [2, 'iot'], [1, 'cluster'], [2, 'memopt']]);
    const cols = [{ name: 'key', type: 'integer' }, { name: 'value', type: 'varchar2(30 char)' }];
    if (r.chance(0.4)) cols.push({ name: 'pad', type: `varchar2(${r.range(1, 700)})` });
    if (r.chance(0.3)) cols.push({ name: 'd', type: 'date' });
    if (r.chance(0.3)) cols.push({ name: 'amount', type: r.pick(['number', 'number(10,2)', 'number(*,0)', 'char(10)']) });
    const pk = kind !== 'heap' || r.chance(0.3);
    const defs = cols.map((c, i) => `  ${c.name} ${c.type}${i === 0 && r.chance(0.7) ? ' not null' : ''}`);
    if (pk) defs.push(`  constraint ${name}_pk primary key (key)`);
    const out = [];
    let tail = '';
    if (kind === 'iot') tail = ' organization index';
    if (kind === 'cluster') {
      out.push(`create cluster ${name}_c (key integer) size ${r.pick([64, 256, 1024, 8192])}${r.chance(0.7) ? ' single table' : ''} hashkeys ${this.small(5000)};`);
      tail = ` cluster ${name}_c (key)`;
    }
    if (kind === 'memopt') tail = ' segment creation immediate memoptimize for read';
    if (r.chance(0.2)) tail += ` storage (buffer_pool ${r.pick(['keep', 'default', 'recycle'])})`;
    out.push(`create table ${name} (\n${defs.join(',\n')}\n)${tail};`);
    this.tables.push({ name, cols, pk, kind });
    return out.join('\n');
  }
  load(t) {
    const r = this.rng;
    const rows = this.small(2000);
    const vals = t.cols.map((c) =>
      c.name === 'key' ? r.pick(['rownum', 'level', 'rownum * 2', `mod(rownum, ${r.range(1, 50)})`]) :
      c.name === 'd' ? 'null' :
      c.type.startsWith('varchar2') ? r.pick(["dbms_random.string('x', round(dbms_random.value(5, 30), 0))", "rpad('x', 20)", "to_char(rownum)", "'v'"]) :
      r.pick(['rownum', 'dbms_random.value(1, 100)', '0', 'null']));
    const src = r.pick([
      `from dual connect by level <= ${rows}`,
      `from xmltable('1 to ${rows}')`,
    ]);
    const fixKey = vals[0] === 'level' && src.includes('xmltable') ? ['rownum', ...vals.slice(1)] : vals;
    const order = r.chance(0.3) ? ' order by dbms_random.value' : '';
    return `${r.chance(0.5) ? `exec dbms_random.seed(${r.int(10)})\n` : ''}insert into ${t.name} select ${fixKey.join(', ')} ${src}${order};\ncommit;`;
  }
  createIndex() {
    const r = this.rng;
    const t = this.table();
    const c = this.col(t);
    const name = `${t.name}_i${++this.n}`;
    return `create ${r.chance(0.3) ? 'unique ' : ''}index ${name} on ${t.name} (${c.name}${r.chance(0.2) ? `, ${this.col(t).name}` : ''});`;
  }
  misc() {
    const r = this.rng;
    const t = this.table();
    return r.weighted([
      [2, () => `exec dbms_stats.gather_table_stats(user, '${t.name.toUpperCase()}')`],
      [1, () => `exec dbms_memoptimize.populate(schema_name => user, table_name => '${t.name.toUpperCase()}')`],
      [1, () => `alter table ${t.name} ${r.pick(['memoptimize for read', 'no memoptimize for read'])};`],
      [1, () => `alter system set ${r.pick(['memoptimize_pool_size', 'db_keep_cache_size', 'db_cache_size', '"_fastpin_enable"', 'statistics_level'])} = ${r.pick(['100M', '64M', '0', '1', '1G', "'ALL'", '4096'])} scope=${r.pick(['spfile', 'memory', 'both'])};`],
      [1, () => `alter session set ${r.pick(['statistics_level', '"_nlj_batching_enabled"', 'optimizer_mode'])} = ${r.pick(["'ALL'", '0', '1', "'TYPICAL'"])};`],
      [1, () => 'shutdown immediate\nstartup'],
      [1, () => `set ${r.pick(['autotrace traceonly', 'autotrace on', 'autotrace off', 'autotrace traceonly statistics', 'autotrace on explain', `arraysize ${r.range(1, 5000)}`, `linesize ${r.range(1, 300)}`, `pagesize ${r.int(100)}`, 'serveroutput on', 'timing on'])}`],
      [1, () => r.pick(['commit;', 'rollback;'])],
      [1, () => `drop table ${t.name}${r.chance(0.5) ? ' purge' : ''};`],
      [1, () => `prompt ${r.pick(['hello', '', "it's", '&x'])}`],
    ])();
  }

  // --- SQL
  expr(t, alias, depth = 0) {
    const r = this.rng;
    const c = () => `${alias ? `${alias}.` : ''}${this.col(t).name}`;
    if (depth > 2 || r.chance(0.4)) {
      return r.weighted([[5, c], [3, () => this.num()], [1, () => `'${r.pick(['x', 'abc', ''])}'`], [1, () => 'rownum'], [1, () => 'null']])();
    }
    const sub = () => this.expr(t, alias, depth + 1);
    return r.weighted([
      [3, () => `${sub()} ${r.pick(['+', '-', '*', '/', '||'])} ${sub()}`],
      [3, () => `${r.pick(['nvl', 'mod', 'round', 'trunc', 'substr', 'rpad', 'lpad'])}(${sub()}, ${sub()})`],
      [2, () => `${r.pick(['abs', 'length', 'upper', 'lower', 'to_char', 'to_number', 'ceil', 'floor'])}(${sub()})`],
      [1, () => `dbms_random.value(${this.num()}, ${this.num()})`],
      [1, () => `-${sub()}`],
      [1, () => `(${sub()})`],
    ])();
  }
  pred(t, alias) {
    const r = this.rng;
    const c = () => `${alias ? `${alias}.` : ''}${this.col(t).name}`;
    const one = () =>
      r.weighted([
        [4, () => `${c()} ${r.pick(['=', '<', '>', '<=', '>=', '<>', '!='])} ${this.num()}`],
        [2, () => `${c()} between ${this.num()} and ${this.num()}`],
        [1, () => `${c()} is ${r.chance(0.5) ? 'not ' : ''}null`],
        [2, () => `rownum <= ${this.small(100)}`],
        [1, () => `${this.expr(t, alias)} = ${this.expr(t, alias)}`],
        [0.3, () => `${c()} in (select key from ${this.table().name})`],
        [1, () => `substr(${c()}, 1, 1) = 'x'`],
      ])();
    let p = one();
    const k = r.size(3);
    for (let i = 1; i < k; i++) p += ` ${r.pick(['and', 'or'])} ${r.chance(0.2) ? 'not ' : ''}${one()}`;
    return p;
  }
  hint(aliases) {
    const r = this.rng;
    if (!r.chance(0.3)) return '';
    const hs = [];
    const k = r.range(1, 3);
    for (let i = 0; i < k; i++) {
      hs.push(r.pick([
        `leading(${aliases.join(' ')})`, `use_nl(${aliases.join(' ')})`, `full(${r.pick(aliases)})`,
        `index(${r.pick(aliases)})`, `nlj_prefetch(${r.pick(aliases)})`, `no_nlj_prefetch(${r.pick(aliases)})`,
        `nlj_batching(${r.pick(aliases)})`, `opt_param('_nlj_batching_enabled', ${r.int(2)})`, 'gather_plan_statistics',
        'no_such_hint(x)',
      ]));
    }
    return `/*+ ${hs.join(' ')} */ `;
  }
  source() {
    const r = this.rng;
    return r.weighted([
      [6, () => ({ text: this.table().name, table: this.table() })],
      [1, () => ({ text: `xmltable('${this.small(500)} to ${this.small(1500)}')`, table: { name: 'x', cols: [{ name: 'column_value' }] } })],
      [1, () => ({ text: `(select level as key, level as value from dual connect by level <= ${this.small(500)})`, table: { name: 'g', cols: [{ name: 'key' }, { name: 'value' }] } })],
    ])();
  }
  select(depth = 0) {
    const r = this.rng;
    const k = r.weighted([[6, 1], [3, 2], [1, 3]]);
    const srcs = [];
    for (let i = 0; i < k; i++) {
      const s = this.source();
      // An xmltable or generator picked while a real table is meant stays fine.
      srcs.push({ ...s, alias: `a${i}` });
    }
    const aliases = srcs.map((s) => s.alias);
    const t0 = srcs[0].table;
    const agg = r.chance(0.35);
    let items;
    if (agg) {
      items = [];
      const m = r.range(1, 3);
      for (let i = 0; i < m; i++) {
        const s = r.pick(srcs);
        items.push(`${r.pick(['count', 'max', 'min', 'sum', 'avg'])}(${r.chance(0.05) ? 'distinct ' : ''}${r.chance(0.2) ? '*' : `${s.alias}.${this.col(s.table).name}`})`.replace(/(sum|avg|max|min)\(\*\)|\(distinct \*\)/, 'count(*)'));
      }
    } else if (r.chance(0.3)) {
      items = ['*'];
    } else {
      items = [];
      const m = r.range(1, 4);
      for (let i = 0; i < m; i++) {
        const s = r.pick(srcs);
        items.push(r.chance(0.7) ? `${s.alias}.${this.col(s.table).name}` : `${this.expr(s.table, s.alias)} as e${i}`);
      }
    }
    let sql = `select ${this.hint(aliases)}${items.join(', ')} from ${srcs.map((s) => `${s.text} ${s.alias}`).join(', ')}`;
    const preds = [];
    for (let i = 1; i < srcs.length; i++) {
      if (r.chance(0.85)) preds.push(`${srcs[i].alias}.${this.col(srcs[i].table).name} = ${srcs[i - 1].alias}.${this.col(srcs[i - 1].table).name}`);
    }
    if (r.chance(0.6)) preds.push(this.pred(t0, srcs[0].alias));
    if (preds.length) sql += ` where ${preds.join(' and ')}`;
    if (agg && r.chance(0.1)) {
      sql += ` group by a0.${this.col(t0).name}`;
      if (r.chance(0.3)) sql += ` having count(*) > ${r.int(5)}`;
    }
    if (!agg && r.chance(0.3)) sql += ` order by ${r.range(1, items.length)}${r.chance(0.5) ? ' desc' : ''}`;
    if (depth === 0 && r.chance(0.15)) sql = `select count(*) from (${sql})`;
    return sql;
  }
  dualSelect() {
    const r = this.rng;
    return r.pick([
      `select level from dual connect by level <= ${this.small(2000)}`,
      `select count(*) from dual connect by level <= ${this.small(5000)}`,
      `select rownum, level * 2 from dual connect by level <= ${this.small(100)} order by 1 desc`,
      `select count(*), max(column_value) from xmltable('${r.int(10)} to ${this.small(5000)}')`,
      `select ${this.expr({ cols: [{ name: 'dummy' }] }, null)} from dual`,
      `select sum(n) from (select level n from dual connect by level <= ${this.small(1000)}) where mod(n, ${r.range(1, 9)}) = 0`,
    ]);
  }
  query() {
    return (this.tables.length && this.rng.chance(0.75) ? this.select() : this.dualSelect()) + ';';
  }
  insert() {
    const r = this.rng;
    const t = this.table();
    if (r.chance(0.5)) {
      const vals = t.cols.map((c) => (c.name === 'key' ? this.num() : r.pick(['null', "'x'", this.num(), 'dbms_random.string(\'a\', 5)'])));
      return `insert into ${t.name}${r.chance(0.3) ? ` (${t.cols.map((c) => c.name).join(', ')})` : ''} values (${vals.join(', ')});`;
    }
    return this.load(t);
  }

  // --- the write path: changes, transactions, locks and a second session
  dml() {
    const r = this.rng;
    const t = this.table();
    const a = this.num();
    const where = r.pick([`key = ${a}`, `key between ${a} and ${a} + ${this.small(500)}`, `value is null`, `key < ${a}`, '1 = 1']);
    return r.weighted([
      [4, () => `update ${t.name} set value = ${r.pick(["'y'", 'null', 'upper(value)', "rpad('z', " + this.num() + ')', 'dbms_random.string(\'a\', 8)'])}${r.chance(0.2) ? `, key = key + ${this.num()}` : ''} where ${where};`],
      [3, () => `delete from ${t.name}${r.chance(0.8) ? ` where ${where}` : ''};`],
      [2, () => r.pick(['commit;', 'rollback;', `savepoint s${r.int(3)};`, `rollback to s${r.int(3)};`, 'rollback work to savepoint s0;'])],
      [1, () => `select * from ${t.name} where ${where} for update${r.pick(['', ' nowait', ' of value', ' wait 3'])};`],
      [2, () => `LAB SESSION ${r.range(1, 3)};`],
      [1, () => `LAB RUN 'update ${t.name} set value = ''v'' where key = :1' BIND ${r.int(10)} TO ${this.small(500)}${r.chance(0.5) ? ' LITERALS' : ''}${r.chance(0.5) ? ' AUTOCOMMIT' : ''}${r.chance(0.3) ? ` BATCH ${r.range(1, 50)}` : ''};`],
      [1, () => `begin\n  for i in 1 .. ${this.small(200)} loop\n    update ${t.name} set value = 'p' where key = i;\n    delete from ${t.name} where key = i + ${a};\n  end loop;\n  ${r.pick(['commit', 'rollback', 'null'])};\nend;\n/`],
    ])();
  }

  // --- PL/SQL
  plsql() {
    const r = this.rng;
    const body = [];
    const k = r.range(1, 5);
    const t = this.tables.length ? this.table() : null;
    for (let i = 0; i < k; i++) {
      const n = this.small(2000);
      body.push(r.weighted([
        [3, () => `  for i in ${r.pick(['1', '0', '-5'])} .. ${n} loop\n    ${t && r.chance(0.6) ? `execute immediate 'select value from ${t.name} where key = :1' into v using i;` : r.chance(0.5) ? 'x := x + i;' : 'null;'}\n  end loop;`],
        [2, () => (t ? `  for i in 1 .. ${this.small(300)} loop\n    insert into ${t.name} (key, value) values (i + ${r.int(1000)}, dbms_random.string('x', 10));\n  end loop;\n  commit;` : '  null;')],
        [1, () => `  dbms_random.seed(${r.int(100)});`],
        [1, () => `  x := dbms_random.value(${this.num()}, ${this.num()});`],
        [1, () => `  dbms_output.put_line('x = ' || x);`],
        [1, () => (t ? `  select count(*) into x from ${t.name};` : '  select 1 into x from dual;')],
        [1, () => `  execute immediate '${this.dualSelect().replace(/'/g, "''")}' into x;`],
        [1, () => (t ? `  dbms_stats.gather_table_stats(ownname => user, tabname => '${t.name.toUpperCase()}');` : '  null;')],
        [1, () => `  x := ${this.expr({ cols: [{ name: 'x' }] }, null)};`],
      ])());
    }
    return `declare\n  x number := 0;\n  v varchar2(100);\nbegin\n${body.join('\n')}\nend;\n/`;
  }

  // --- stored programs and control flow
  program() {
    const r = this.rng;
    const name = r.pick(['p', 'q', 'f', 'g']);
    const fn = name === 'f' || name === 'g';
    const t = this.tables.length ? this.table() : null;
    const stmt = (depth) => r.weighted([
      [3, () => '    x := x + 1;'],
      [2, () => `    if x > ${r.int(50)} then\n      x := x - ${r.int(5)};\n    elsif x = ${r.int(5)} then\n      null;\n    else\n      x := x * 2;\n    end if;`],
      [2, () => `    while x < ${r.chance(0.1) ? '1e9' : r.int(100)} loop\n      x := x + ${r.range(0, 3)};\n      exit when x > ${r.int(200)};\n    end loop;`],
      [1, () => '    loop\n      x := x + 1;\n      exit when x > 20;\n    end loop;'],
      [t ? 2 : 0, () => `    for r in (select key, value from ${t.name} where key <= ${r.int(20)}) loop\n      x := x + r.key;\n    end loop;`],
      [t ? 2 : 0, () => `    execute immediate 'select count(*) from ${t.name} where key = :1' into x using x;`],
      [1, () => "    dbms_output.put_line('x=' || x || ' t=' || dbms_utility.get_time);"],
      [depth < 2 ? 1 : 0, () => (fn ? '    x := x + 1;' : `    ${name}(${r.int(3)});`)],
      [fn ? 1 : 0, () => '    return x;'],
      [1, () => (fn ? '    return x;' : '    return;')],
    ])();
    const body = [];
    for (let i = 0, n = r.range(1, 6); i < n; i++) body.push(stmt(i));
    if (fn) body.push('    return x;');
    const head = fn
      ? `create or replace function ${name}(a number default ${r.int(5)}) return number is`
      : `create ${r.chance(0.8) ? 'or replace ' : ''}procedure ${name}(a number${r.chance(0.3) ? ' default 1' : ''}) is`;
    const def = `${head}\n  x number := a;\nbegin\n${body.join('\n')}\nend;\n/`;
    const call = r.weighted([
      [3, () => (fn ? `begin dbms_output.put_line(${name}(${r.int(9)})); end;\n/` : `exec ${name}(${r.int(9)})`)],
      [1, () => `exec ${name}`],
      [1, () => `exec ${name}(a => ${r.int(9)})`],
      [1, () => `drop ${fn ? 'function' : 'procedure'} ${name};`],
      [1, () => 'exec runstats_pkg.rs_start\nexec runstats_pkg.rs_middle\nexec runstats_pkg.rs_stop(' + r.int(10) + ')'],
    ])();
    return `set serveroutput on\n${def}\n${call}`;
  }

  // --- V$ views
  vview() {
    const r = this.rng;
    return r.pick([
      "select n.name, s.value from v$statname n, v$mystat s where n.statistic# = s.statistic# and n.name = 'consistent gets';",
      "select n.name, s.value from v$sysstat s join v$statname n on n.statistic# = s.statistic# where s.value > 0;",
      'select sid, count(*) from v$sesstat where value > 0 group by sid;',
      'select name, gets, misses, sleeps from v$latch;',
      'select count(*) from v$latch_children where gets > 0;',
      'select event, total_waits, time_waited_micro from v$session_event;',
      'select event, wait_time_milli, wait_count from v$event_histogram;',
      'select sql_id, executions, buffer_gets, sql_text from v$sql order by buffer_gets desc;',
      'select name, value from v$parameter;',
      'select banner from v$version;',
      "select sid, sys_context('USERENV', 'SID') from v$session;",
      'select hsecs from v$timer;',
      'select * from v$nothing;',
    ]);
  }

  // --- LAB
  lab() {
    const r = this.rng;
    return r.weighted([
      [4, () => {
        const t = this.tables.length ? this.table() : null;
        const sql = t ? `select ${r.pick(['value', '*', 'count(*)'])} from ${t.name} where key = :1` : this.dualSelect();
        const a = r.int(10);
        let s = `LAB RUN '${sql.replace(/'/g, "''")}'`;
        if (r.chance(0.8)) s += ` BIND ${a} TO ${a + this.small(2000)}`;
        if (r.chance(0.7)) s += ` VIA ${r.pick(DRIVERS)}`;
        if (r.chance(0.3)) s += ` FETCHSIZE ${r.range(1, 500)}`;
        if (r.chance(0.7)) s += ` RUNS ${r.range(1, 5)}`;
        if (r.chance(0.1)) s += ` BATCH ${r.range(1, 100)}`;
        if (r.chance(0.1)) s += ' LITERALS';
        return `${s};`;
      }],
      [2, () => `LAB SET ${r.pick(COST_PARAMS)} = ${r.chance(0.8) ? String(r.int(200)) : r.pick(NASTY_NUMBERS)};`],
      [2, () => `LAB VERSION ${r.pick(VERSIONS)};`],
      [1, () => 'LAB PROFILE;'],
      [1, () => 'LAB RESET;'],
    ])();
  }

  script() {
    const r = this.rng;
    const out = [];
    if (r.chance(0.5)) out.push(`LAB VERSION ${r.pick(VERSIONS.slice(0, 9))};`);
    if (r.chance(0.3)) out.push('alter system set memoptimize_pool_size = 100M scope=spfile;\nshutdown immediate\nstartup');
    const nt = r.weighted([[1, 0], [4, 1], [3, 2], [1, 3]]);
    for (let i = 0; i < nt; i++) {
      const ddl = this.createTable();
      out.push(ddl);
      if (r.chance(0.85)) out.push(this.load(this.tables[this.tables.length - 1]));
    }
    const k = r.range(2, 10);
    for (let i = 0; i < k; i++) {
      const has = this.tables.length > 0;
      out.push(r.weighted([
        [6, () => this.query()],
        [3, () => this.plsql()],
        [2, () => this.program()],
        [2, () => this.vview()],
        [3, () => this.lab()],
        [has ? 2 : 0, () => this.createIndex()],
        [has ? 2 : 0, () => this.insert()],
        [has ? 3 : 0, () => this.dml()],
        [has ? 3 : 0, () => this.misc()],
        [1, () => this.createTable()],
      ])());
    }
    return out.join('\n');
  }
}

function genGenerated(rng) {
  return new Gen(rng).script();
}

// ------------------------------------------------------------ pathological

/**
 * Corpus files may use two macros, so that huge cases stay small on disk:
 *   {{repeat N:TEXT}}  TEXT repeated N times (TEXT may span lines)
 *   {{garbage N}}      N deterministic pseudo-random characters (controls,
 *                      NULs, invalid-looking UTF-8 as U+FFFD, astral planes)
 */
export function expandMacros(text, name = '') {
  return text
    .replace(/\{\{repeat (\d+):([\s\S]*?)\}\}/g, (_, n, t) => t.repeat(Number(n)))
    .replace(/\{\{garbage (\d+)\}\}/g, (_, n) => {
      const rng = new Rng(`garbage:${name}`);
      let s = '';
      for (let i = 0; i < Number(n); i++) {
        s += rng.weighted([
          [4, () => String.fromCharCode(rng.int(256))],
          [1, () => String.fromCharCode(rng.range(0x100, 0xd7ff))],
          [1, () => String.fromCodePoint(rng.range(0x10000, 0x10ffff))],
          [1, () => '\ufffd'],
        ])();
      }
      return s;
    });
}

const corpusCache = new Map();
export function pathologicalCases(root) {
  if (!corpusCache.has(root)) corpusCache.set(root, readCorpus(root));
  return corpusCache.get(root);
}

function readCorpus(root) {
  const dir = path.join(root, 'tests', 'fuzz', 'pathological');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const name = f.replace(/\.sql$/, '');
      return { name, file: path.join(dir, f), script: expandMacros(readFileSync(path.join(dir, f), 'utf8'), name) };
    });
}

// ------------------------------------------------------------ cases

const GENERATORS = { random: genRandom, truncated: genTruncated, mutated: genMutated, generated: genGenerated };

/**
 * Case `n` of `family` for `seed`: { family, n, name, script }.
 * Pathological case n is the n-th corpus file (sorted); null past the end.
 */
export function makeCase(family, n, seed, root) {
  if (family === 'pathological') {
    const all = pathologicalCases(root);
    if (n >= all.length) return null;
    return { family, n, name: all[n].name, script: all[n].script };
  }
  const gen = GENERATORS[family];
  if (!gen) throw new Error(`fuzz: unknown family '${family}' (one of ${FAMILIES.join(', ')})`);
  const rng = new Rng(`${seed}:${family}:${n}`);
  // Scripts cross into wasm as UTF-8: lone surrogates would become U+FFFD
  // there, so make them so here and a saved case replays exactly.
  const script = gen(rng, root).toWellFormed();
  return { family, n, name: `${family}-${n}`, script };
}
