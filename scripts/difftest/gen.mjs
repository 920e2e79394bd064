// Random tables and random queries over LIO Lab's SQL subset, each written
// twice: in Oracle's dialect for the engine and in SQLite's for the
// reference. The few Oracle differences are translated here:
//   - '' is NULL in Oracle: every string the SQLite side computes is
//     wrapped in NULLIF(x, '') and '' literals become NULL;
//   - `a || b` treats NULL as '' in Oracle: COALESCE on each side;
//   - NVL -> IFNULL, DECODE -> CASE (NULL matches NULL), GREATEST/LEAST ->
//     the multi-argument MAX/MIN (both NULL when any argument is NULL);
//   - ORDER BY defaults: Oracle sorts NULLs last ascending and first
//     descending, SQLite the other way: the SQLite side says NULLS
//     FIRST/LAST explicitly;
//   - ROWNUM top-N over an ordered inline view -> LIMIT;
//   - LIKE is case-sensitive in Oracle (PRAGMA case_sensitive_like there).
//   - CHAR: c1 is CHAR(4), stored blank-padded (SQLite is given the
//     padded text). Oracle compares two character values neither of which
//     is VARCHAR2 (CHAR columns, literals, UPPER/LOWER/SUBSTR of them,
//     CHAR || CHAR) with blank-padded semantics: SQLite compares them
//     RTRIMmed (the same order for text with no character below ' ');
//     each expression carries `c`, whether Oracle types it CHAR;
//   - implicit conversion: d1 is a VARCHAR2 holding numbers as text;
//     compared with (or added to) a number Oracle converts it, SQLite is
//     told to (CAST AS REAL); a number compared with a numeric literal
//     string ('3') converts the string.
//   - NULL and '' in every function: '' literals (NULL in Oracle, NULL on
//     SQLite's side), NULL places of ROUND/TRUNC and positions of SUBSTR
//     (NULL results), SUBSTR position 0 (Oracle's 1) and negative ones
//     past the start (NULL in Oracle: a CASE on SQLite's side), MOD by 0
//     (Oracle returns the dividend, SQLite NULL: a CASE), NULLIF, SIGN,
//     FLOOR/CEIL, ROUND/TRUNC of halves (both round half away from zero),
//     three-argument GREATEST/LEAST (nonpadded comparison, as SQLite),
//     RPAD/LPAD (VARCHAR2, also of literals: SQLite pads with SUBSTR).
// Division is left out (Oracle's NUMBER division is decimal, SQLite's
// integer division truncates), as is text that is not a number compared
// with a number (ORA-01722 in Oracle; tests/values_right.rs covers it).

import { mathSelect } from './math.mjs';

/** mulberry32: a small seeded PRNG. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  const chance = (p) => next() < p;
  return { next, int, pick, chance };
}

const STRINGS = ['a', 'b', 'ab', 'ba', 'abc', 'x', 'B', 'A b', ' a', 'b ', 'xyz', '%', '_a'];
/** Values of c1 CHAR(4) (at most 4 characters). */
const CHARS = ['a', 'b', 'ab', 'a b', ' a', 'b ', 'abcd', 'B'];
/** Values of d1, numbers as text (no trailing blanks: SQLite's CAST). */
const DIGITS = ['1', ' 2', '-1', '10', '007', '0', '42'];

/** The tables of one world: t1..tk, each with id (unique), n1, n2 (numbers), s1, s2 (strings). */
export function makeTables(r) {
  const tables = [];
  const k = r.int(2, 3);
  for (let t = 1; t <= k; t++) {
    const rows = [];
    const n = r.int(0, 12);
    for (let i = 1; i <= n; i++) {
      const num = () => (r.chance(0.15) ? null : r.int(-3, 8));
      const str = () => (r.chance(0.15) ? null : r.chance(0.05) ? '' : r.pick(STRINGS));
      const c1 = r.chance(0.15) ? null : r.pick(CHARS).padEnd(4, ' ');
      // Oracle pads c1 itself: it is given the value unpadded half the time.
      const c1o = c1 !== null && r.chance(0.5) ? c1.trimEnd() : c1;
      const d1 = r.chance(0.15) ? null : r.pick(DIGITS);
      rows.push({ id: i, n1: num(), n2: num(), s1: str(), s2: str(), c1, c1o, d1 });
    }
    // Half the tables are partitioned (issue 34): by range on N1, by list
    // on N2, by hash on ID, or by range on ID with an INTERVAL (its
    // partitions made by the inserts: ID is never NULL); SQLite sees a
    // plain table.
    const part = r.pick([null, null, null, null, 'range', 'list', 'hash', 'interval']);
    tables.push({ name: `t${t}`, rows, part });
  }
  return tables;
}

const COLS = { id: 'n', n1: 'n', n2: 'n', s1: 's', s2: 's', c1: 'c', d1: 'd' };

function lit(v, lite) {
  if (v === null) return 'NULL';
  if (typeof v === 'number') return String(v);
  if (lite && v === '') return 'NULL';
  return `'${v.replace(/'/g, "''")}'`;
}

/** The partitioning clause of each kind of partitioned table. */
const PARTITIONING = {
  range:
    ' partition by range (n1) (partition p1 values less than (0), partition p2 values less than (5), partition p3 values less than (maxvalue))',
  list: ' partition by list (n2) (partition p1 values (-3, -2, -1), partition p2 values (0, 1, 2, 3, null), partition p3 values (default))',
  hash: ' partition by hash (id) partitions 4',
  interval: ' partition by range (id) interval (2) (partition p1 values less than (3))',
};

/**
 * Composite partitioning (issue 34; no draw from the generator): an
 * unpartitioned, non-temporary table of 2 rows is RANGE-HASH (N1, then
 * ID into 4), one of 10 rows RANGE-LIST (N1, then N2 by a template with
 * NULL and DEFAULT); its indexes are plain ones (no bitmap: refused on a
 * partitioned table). SQLite sees a plain table. '' for the others.
 */
function compositeClause(t, gtt) {
  if (t.part || gtt || (t.rows.length !== 2 && t.rows.length !== 10)) return '';
  if (t.rows.length === 2) {
    return ' partition by range (n1) subpartition by hash (id) subpartitions 4 (partition p1 values less than (2), partition p2 values less than (maxvalue))';
  }
  return (
    ' partition by range (n1) subpartition by list (n2) subpartition template (subpartition a values (-3, -2, -1, null),' +
    ' subpartition b values (0, 1, 2), subpartition c values (default)) (partition p1 values less than (3), partition p2 values less than (maxvalue))'
  );
}

export function setupScripts(tables) {
  const ora = [];
  const lite = [];
  for (const t of tables) {
    // A global temporary table ON COMMIT PRESERVE ROWS (issue 33; every
    // unpartitioned table of 1, 5 or 9 rows, no draw from the generator):
    // the session's rows survive the setup's COMMIT; SQLite's TEMP table.
    const gtt = !t.part && t.rows.length % 4 === 1;
    const cols = '(id number, n1 number, n2 number, s1 varchar2(10), s2 varchar2(10), c1 char(4), d1 varchar2(5))';
    const ddl = gtt ? `create global temporary table ${t.name} ${cols} on commit preserve rows` : `create table ${t.name} ${cols}`;
    const composite = compositeClause(t, gtt);
    ora.push(ddl + (PARTITIONING[t.part] ?? composite) + ';');
    // A temporary table's indexes come before its rows (ORA-14452 after).
    const indexes = [`create index ${t.name}_n1 on ${t.name}(n1);`, `create index ${t.name}_n2_id on ${t.name}(n2, id);`];
    if (gtt) ora.push(...indexes);
    // A partitioned table's indexes come before its rows, which the
    // inserts put into them (issue 34): a LOCAL one on N1, a GLOBAL one on
    // (N2, ID), and a GLOBAL one range-partitioned on N2.
    if (t.part) {
      ora.push(`create index ${t.name}_n1 on ${t.name}(n1) local;`);
      ora.push(`create index ${t.name}_n2_id on ${t.name}(n2, id);`);
      ora.push(
        `create index ${t.name}_g on ${t.name}(n2, n1) global partition by range (n2) (partition g1 values less than (2), partition g2 values less than (maxvalue));`,
      );
    }
    lite.push(`create ${gtt ? 'temp ' : ''}table ${t.name} (id integer, n1 integer, n2 integer, s1 text, s2 text, c1 text, d1 text)`);
    for (const row of t.rows) {
      const vals = (l) => [row.id, row.n1, row.n2, row.s1, row.s2, l ? row.c1 : row.c1o, row.d1].map((v) => lit(v, l)).join(', ');
      ora.push(`insert into ${t.name} values (${vals(false)});`);
      lite.push(`insert into ${t.name} values (${vals(true)})`);
    }
    // UPDATE and DELETE of a partitioned table (issue 34; no draw from the
    // generator): with ROW MOVEMENT, N1 (the range key) and N2 (the list
    // key) changed on some rows, which move partition, and some rows
    // deleted; every index (local, global, global partitioned) follows.
    if (t.part) {
      ora.push(`alter table ${t.name} enable row movement;`);
      ora.push(`update ${t.name} set n1 = n1 + 3, n2 = n2 - 1 where mod(id, 3) = 0;`);
      lite.push(`update ${t.name} set n1 = n1 + 3, n2 = n2 - 1 where id % 3 = 0`);
      ora.push(`delete from ${t.name} where mod(id, 5) = 1;`);
      lite.push(`delete from ${t.name} where id % 5 = 1`);
    }
    // Partition maintenance that leaves the rows as they were (issue 34;
    // Oracle's side only, no draw from the generator): P1 exchanged with
    // an empty table and back (its local index partition then rebuilt),
    // a range table's P3 split at 6 and P1 and P2 merged, a list table's
    // P1 and P2 merged; with UPDATE INDEXES, UPDATE GLOBAL INDEXES or
    // neither (by the row count), the UNUSABLE indexes rebuilt.
    if (t.part === 'range' || t.part === 'list') {
      const x = `${t.name}_x`;
      const how = t.rows.length % 3;
      const upkeep = ['', ' update global indexes', ' update indexes'][how];
      ora.push(`create table ${x} (id number, n1 number, n2 number, s1 varchar2(10), s2 varchar2(10), c1 char(4), d1 varchar2(5));`);
      ora.push(`alter table ${t.name} exchange partition p1 with table ${x} update global indexes;`);
      ora.push(`alter table ${t.name} exchange partition p1 with table ${x} update global indexes;`);
      ora.push(`alter index ${t.name}_n1 rebuild partition p1;`);
      const made = [];
      if (t.part === 'range') {
        ora.push(`alter table ${t.name} split partition p3 at (6) into (partition p3, partition p4)${upkeep};`);
        ora.push(`alter table ${t.name} merge partitions p1, p2 into partition p2${upkeep};`);
        made.push('p2', 'p3', 'p4');
      } else {
        ora.push(`alter table ${t.name} merge partitions p1, p2 into partition p12${upkeep};`);
        made.push('p12');
      }
      if (how !== 2) made.forEach((p) => ora.push(`alter index ${t.name}_n1 rebuild partition ${p};`));
      if (how === 0) {
        ora.push(`alter index ${t.name}_n2_id rebuild;`);
        ora.push(`alter index ${t.name}_g rebuild partition g1;`, `alter index ${t.name}_g rebuild partition g2;`);
      }
    }
    // A column added with a DEFAULT (every third table by its row count,
    // no draw from the generator): the old rows read the default, and a
    // row inserted naming two columns takes it (the others NULL).
    // (Not on a temporary table the session holds rows in: ORA-14450.)
    if (t.rows.length % 3 === 0 && !t.part && !gtt) {
      ora.push(`alter table ${t.name} add (n3 number default 7);`);
      lite.push(`alter table ${t.name} add column n3 integer default 7`);
      ora.push(`insert into ${t.name} (id, n1) values (100, 5);`);
      lite.push(`insert into ${t.name} (id, n1) values (100, 5)`);
    }
    // Indexes (Oracle's side only): ranges on N1 and equalities on N2 are
    // answered through them, and an ORDER BY, GROUP BY or DISTINCT on their
    // columns may be answered by the scan's order (no sort, DESCENDING,
    // NOSORT): the rows must come out the same.
    // (A partitioned table's were made before its rows, a temporary table's too.)
    if (!t.part && !gtt) {
      ora.push(...indexes);
      // A bitmap index on S2, forced by a hint in some simple selects.
      if (!composite) ora.push(`create bitmap index ${t.name}_bm on ${t.name}(s2);`);
    }
    // MERGE (issue 33; every plain table of 3, 6, 7 or 11 rows, no
    // draw from the generator), after the indexes, which it maintains: the
    // table merged with itself (even IDs matched and updated, then deleted
    // when N2 as updated exceeds 5; IDs + 1000 of the multiples of 3 not
    // matched, inserted). SQLite has no MERGE: the same rows by an INSERT
    // (from the rows before), an UPDATE and a DELETE.
    if (t.rows.length % 4 >= 2 && !t.part && !composite && !gtt) {
      ora.push(
        `merge into ${t.name} t using (select id, n1 from ${t.name} where mod(id, 2) = 0 union all` +
          ` select id + 1000, n1 from ${t.name} where mod(id, 3) = 0) s on (t.id = s.id)` +
          ` when matched then update set t.n2 = s.n1 + 1 where s.n1 is not null delete where t.n2 > 5` +
          ` when not matched then insert (id, n1, s1) values (s.id, s.n1, 'm') where s.n1 is not null;`,
      );
      lite.push(`insert into ${t.name} (id, n1, s1) select id + 1000, n1, 'm' from ${t.name} where id % 3 = 0 and n1 is not null`);
      lite.push(`update ${t.name} set n2 = n1 + 1 where id < 1000 and id % 2 = 0 and n1 is not null`);
      lite.push(`delete from ${t.name} where id < 1000 and id % 2 = 0 and n1 is not null and n2 > 5`);
    }
  }
  ora.push('commit;');
  return { ora, lite };
}

/** An expression pair { o: Oracle text, l: SQLite text, t: 'n'|'s'|'b', c: CHAR in Oracle, len: its CHAR length when known }. */
const E = (o, l, t, c = false, len = undefined) => ({ o, l, t, c, len });
const S = (o, l, c = false) => E(o, `NULLIF(${l}, '')`, 's', c);
/** SQLite's side of a comparison of two strings, blank-padded when both are CHAR in Oracle. */
const strCmp = (a, b, op) => (a.c && b.c ? `rtrim(${a.l}) ${op} rtrim(${b.l})` : `${a.l} ${op} ${b.l}`);

/** Expression generator over the columns in scope (qualified names). */
function exprGen(r, cols) {
  const ofType = (t) => cols.filter((c) => c.t === t);
  const col = (t) => {
    // The CHAR column stands in for a string column a quarter of the time.
    if (t === 's' && ofType('c').length && r.chance(0.25)) {
      const c = r.pick(ofType('c'));
      return E(c.name, c.name, 's', true, 4);
    }
    const c = r.pick(ofType(t));
    return E(c.name, c.name, t);
  };
  const nullOf = (t) => E('NULL', 'NULL', t);
  const numLit = () => {
    const v = r.int(-2, 8);
    return E(String(v), String(v), 'n');
  };
  const strLit = () => {
    // '' is NULL in Oracle (and neither CHAR nor VARCHAR2).
    if (r.chance(0.05)) return E("''", 'NULL', 's');
    const v = r.pick(STRINGS);
    return E(lit(v), lit(v), 's', true, v.length);
  };
  /** A number that is not NULL as written (NULLIF's first argument may not be the literal NULL). */
  const notNullLit = (a) => (a.o === 'NULL' ? col('n') : a);
  /** A number, or half of one (x.5 values, for ROUND and TRUNC). */
  const maybeHalf = (a) => (r.chance(0.5) ? E(`(${a.o} * 0.5)`, `(${a.l} * 0.5)`, 'n') : a);
  /** The numeric functions of NULL-aware rounding and sign. */
  function numMore(d) {
    switch (r.int(0, 6)) {
      case 0: {
        // ROUND(x [, places]): places 0 or NULL, or 1 and 2 of an integer.
        const a = num(d - 1);
        const h = maybeHalf(a);
        const p = h === a ? r.pick([null, '0', '1', '2', 'null']) : r.pick([null, '0', 'null']);
        // SQLite's ROUND is REAL: its integral result as an INTEGER (as text "2", not "2.0").
        return E(`round(${h.o}${p ? `, ${p}` : ''})`, `CAST(round(${h.l}${p ? `, ${p.toUpperCase()}` : ''}) AS INTEGER)`, 'n');
      }
      case 1: {
        const h = maybeHalf(num(d - 1));
        const p = r.pick([null, '0', 'null']);
        const l = p === 'null' ? 'NULL' : `CAST(trunc(${h.l}) AS INTEGER)`;
        return E(`trunc(${h.o}${p ? `, ${p}` : ''})`, l, 'n');
      }
      case 2: {
        const h = maybeHalf(num(d - 1));
        const f = r.pick(['floor', 'ceil']);
        return E(`${f}(${h.o})`, `CAST(${f}(${h.l}) AS INTEGER)`, 'n');
      }
      case 3: {
        const a = num(d - 1);
        return E(`sign(${a.o})`, `sign(${a.l})`, 'n');
      }
      case 4: {
        const [a, b] = [notNullLit(num(d - 1)), num(d - 1)];
        return E(`nullif(${a.o}, ${b.o})`, `nullif(${a.l}, ${b.l})`, 'n');
      }
      case 5: {
        // CAST to NUMBER(38): rounded half away from zero, as ROUND.
        const h = maybeHalf(num(d - 1));
        return E(`cast(${h.o} as number(38))`, `CAST(round(${h.l}) AS INTEGER)`, 'n');
      }
      default: {
        // MOD by an expression: MOD(a, 0) is a in Oracle.
        const [a, b] = [num(d - 1), num(d - 1)];
        return E(`mod(${a.o}, ${b.o})`, `(CASE WHEN ${b.l} = 0 THEN ${a.l} ELSE ${a.l} % ${b.l} END)`, 'n');
      }
    }
  }
  /** d1 (numbers as text) as a number: Oracle converts it in arithmetic
   * (`raw`: in a comparison with a number), SQLite in arithmetic. */
  const digits = (raw = false) => {
    const c = r.pick(ofType('d'));
    return E(raw ? c.name : `(${c.name} + 0)`, `(${c.name} + 0)`, 'n');
  };
  function num(d) {
    if (d <= 0 || r.chance(0.45)) {
      if (r.chance(0.04)) return nullOf('n');
      if (ofType('d').length && r.chance(0.06)) return digits();
      return r.chance(0.75) ? col('n') : numLit();
    }
    switch (r.int(0, 12)) {
      case 11:
      case 12:
        return numMore(d);
      case 0: {
        const [a, b] = [num(d - 1), num(d - 1)];
        const op = r.pick(['+', '-', '*']);
        return E(`(${a.o} ${op} ${b.o})`, `(${a.l} ${op} ${b.l})`, 'n');
      }
      case 1: {
        const [a, b] = [num(d - 1), num(d - 1)];
        return E(`nvl(${a.o}, ${b.o})`, `ifnull(${a.l}, ${b.l})`, 'n');
      }
      case 2: {
        const a = num(d - 1);
        return E(`abs(${a.o})`, `abs(${a.l})`, 'n');
      }
      case 3: {
        const a = num(d - 1);
        const k = r.int(1, 4);
        return E(`mod(${a.o}, ${k})`, `(${a.l} % ${k})`, 'n');
      }
      case 4: {
        const a = str(d - 1);
        return E(`length(${a.o})`, `length(${a.l})`, 'n');
      }
      case 5: {
        const [a, b, c] = [num(d - 1), num(d - 1), num(d - 1)];
        return E(`coalesce(${a.o}, ${b.o}, ${c.o})`, `coalesce(${a.l}, ${b.l}, ${c.l})`, 'n');
      }
      case 6:
        return caseExpr(d, 'n');
      case 7:
        return decode(d, 'n');
      case 8: {
        const a = str(d - 1);
        const b = r.pick(['a', 'b', 'x', 'ab']);
        return E(`instr(${a.o}, '${b}')`, `instr(${a.l}, '${b}')`, 'n');
      }
      case 9: {
        const xs = [num(d - 1), num(d - 1)];
        if (r.chance(0.3)) xs.push(num(d - 1));
        const f = r.chance(0.5);
        const [o, l] = [xs.map((x) => x.o).join(', '), xs.map((x) => x.l).join(', ')];
        return E(`${f ? 'greatest' : 'least'}(${o})`, `${f ? 'max' : 'min'}(${l})`, 'n');
      }
      default: {
        const [a, b, c] = [num(d - 1), num(d - 1), num(d - 1)];
        return E(`nvl2(${a.o}, ${b.o}, ${c.o})`, `(CASE WHEN ${a.l} IS NOT NULL THEN ${b.l} ELSE ${c.l} END)`, 'n');
      }
    }
  }
  function str(d) {
    if (d <= 0 || r.chance(0.45)) {
      if (r.chance(0.04)) return nullOf('s');
      return r.chance(0.75) ? col('s') : strLit();
    }
    switch (r.int(0, 11)) {
      case 0: {
        const [a, b] = [str(d - 1), r.chance(0.3) ? num(d - 1) : str(d - 1)];
        // CHAR || CHAR is CHAR; a NULL literal is neither.
        const c = a.c && b.c && a.o !== 'NULL' && b.o !== 'NULL';
        const e = S(`(${a.o} || ${b.o})`, `(coalesce(${a.l}, '') || coalesce(${b.l}, ''))`, c);
        if (c && a.len !== undefined && b.len !== undefined) e.len = a.len + b.len;
        return e;
      }
      case 1: {
        const a = str(d - 1);
        return S(`upper(${a.o})`, `upper(${a.l})`, a.c);
      }
      case 2: {
        const a = str(d - 1);
        return S(`lower(${a.o})`, `lower(${a.l})`, a.c);
      }
      case 3: {
        const a = str(d - 1);
        if (r.chance(0.3)) return substrEdge(a);
        const p = r.int(1, 3);
        if (r.chance(0.5)) return S(`substr(${a.o}, ${p})`, `substr(${a.l}, ${p})`, a.c);
        const n = r.int(1, 3);
        return S(`substr(${a.o}, ${p}, ${n})`, `substr(${a.l}, ${p}, ${n})`, a.c);
      }
      case 4: {
        const a = str(d - 1);
        const f = r.pick(['trim', 'ltrim', 'rtrim']);
        return S(`${f}(${a.o})`, `${f}(${a.l})`);
      }
      case 5: {
        const [a, b] = [str(d - 1), str(d - 1)];
        return E(`nvl(${a.o}, ${b.o})`, `ifnull(${a.l}, ${b.l})`, 's');
      }
      case 6: {
        const a = str(d - 1);
        const [x, y] = [r.pick(['a', 'b', ' ']), r.pick(['', 'z', 'yy'])];
        const yo = y === '' ? '' : `, '${y}'`;
        return S(`replace(${a.o}, '${x}'${yo})`, `replace(${a.l}, '${x}', '${y}')`);
      }
      case 7:
        return caseExpr(d, 's');
      case 8:
        return decode(d, 's');
      case 11: {
        // RPAD/LPAD: VARCHAR2 (a literal argument makes a folded constant,
        // still VARCHAR2: 'a  ' is not 'a').
        const a = r.chance(0.4) ? strLit() : str(d - 1);
        const n = r.int(0, 5);
        const p = r.pick([' ', '*']);
        const pad = p === ' ' ? '' : `, '${p}'`;
        const fill = `'${p.repeat(5)}'`;
        if (r.chance(0.5)) {
          return S(`rpad(${a.o}, ${n}${pad})`, `substr(${a.l} || ${fill}, 1, ${n})`);
        }
        return S(
          `lpad(${a.o}, ${n}${pad})`,
          `(CASE WHEN length(${a.l}) >= ${n} THEN substr(${a.l}, 1, ${n}) ELSE substr(${fill}, 1, ${n} - length(${a.l})) || ${a.l} END)`,
        );
      }
      case 9: {
        // Character GREATEST/LEAST: VARCHAR2, compared nonpadded.
        const xs = [str(d - 1), str(d - 1)];
        if (r.chance(0.3)) xs.push(str(d - 1));
        const f = r.chance(0.5);
        const [o, l] = [xs.map((x) => x.o).join(', '), xs.map((x) => x.l).join(', ')];
        return S(`${f ? 'greatest' : 'least'}(${o})`, `${f ? 'max' : 'min'}(${l})`);
      }
      default: {
        const a = num(d - 1);
        return S(`to_char(${a.o})`, `CAST(${a.l} AS TEXT)`);
      }
    }
  }
  /** SUBSTR at its edges: position 0 (Oracle reads 1), NULL, negative
   * (NULL when past the start in Oracle), a length of NULL, 0 or -1. */
  function substrEdge(a) {
    const p = r.pick(['0', 'null', '-1', '-2', '-3']);
    const n = r.chance(0.5) ? null : r.pick(['1', '2', 'null', '0', '-1']);
    const no = n === null ? '' : `, ${n}`;
    const nl = n === null ? '' : `, ${n.toUpperCase()}`;
    const o = `substr(${a.o}, ${p}${no})`;
    let l;
    // A length below 1 is NULL in Oracle (SQLite counts a negative one backwards).
    if (n === '0' || n === '-1') l = 'NULL';
    else if (p === '0') l = `substr(${a.l}, 1${nl})`;
    else if (p === 'null') l = `substr(${a.l}, NULL${nl})`;
    else l = `(CASE WHEN length(${a.l}) >= ${-Number(p)} THEN substr(${a.l}, ${p}${nl}) END)`;
    return S(o, l, a.c);
  }
  function caseExpr(d, t) {
    const gen = t === 'n' ? num : str;
    const whens = r.int(1, 3);
    const simple = r.chance(0.4);
    let o = 'CASE';
    let l = 'CASE';
    let subj;
    if (simple) {
      subj = r.chance(0.5) ? num(d - 1) : str(d - 1);
      // A CHAR subject would compare blank-padded with CHAR WHENs: keep
      // the comparisons non-padded (a VARCHAR2 subject) here.
      if (subj.c) subj = S(`rtrim(${subj.o})`, `rtrim(${subj.l})`);
      o += ` ${subj.o}`;
      l += ` ${subj.l}`;
    }
    const results = [];
    for (let i = 0; i < whens; i++) {
      const w = simple ? (subj.t === 'n' ? num(0) : str(0)) : bool(d - 1);
      const th = gen(d - 1);
      results.push(th);
      o += ` WHEN ${w.o} THEN ${th.o}`;
      l += ` WHEN ${w.l} THEN ${th.l}`;
    }
    if (r.chance(0.6)) {
      const e = gen(d - 1);
      results.push(e);
      o += ` ELSE ${e.o}`;
      l += ` ELSE ${e.l}`;
    }
    // Oracle's CASE of CHARs is CHAR when its results (NULLs aside) are one
    // CHAR, or CHARs of one length; otherwise VARCHAR2 (the engine's
    // Kind::common, after the SQL Language Reference).
    const given = results.filter((x) => x.o !== 'NULL' && x.o !== "''");
    const c =
      t === 's' &&
      given.length > 0 &&
      given.every((x) => x.c) &&
      (given.length === 1 || given.every((x) => x.len !== undefined && x.len === given[0].len));
    return E(o + ' END', l + ' END', t, c, c ? given[0].len : undefined);
  }
  function decode(d, t) {
    const gen = t === 'n' ? num : str;
    const x = r.chance(0.5) ? num(d - 1) : str(d - 1);
    const pairs = r.int(1, 3);
    let o = `decode(${x.o}`;
    let l = 'CASE';
    for (let i = 0; i < pairs; i++) {
      const s = r.chance(0.15) ? E('null', 'NULL', x.t) : x.t === 'n' ? numLit() : strLit();
      let res = gen(d - 1);
      // A NULL first result makes DECODE's result VARCHAR2 (ORA-01790 in a
      // UNION ALL with numbers): numbers keep a number first.
      if (i === 0 && t === 'n' && res.o === 'NULL') res = numLit();
      o += `, ${s.o}, ${res.o}`;
      // NULL (or '') matches NULL.
      l += s.l === 'NULL' ? ` WHEN ${x.l} IS NULL THEN ${res.l}` : ` WHEN ${x.l} = ${s.l} THEN ${res.l}`;
    }
    if (r.chance(0.6)) {
      const e = gen(d - 1);
      o += `, ${e.o}`;
      l += ` ELSE ${e.l}`;
    }
    return E(o + ')', l + ' END', t);
  }
  function bool(d) {
    const k = d <= 0 ? r.int(0, 5) : r.int(0, 8);
    switch (k) {
      case 0:
      case 1: {
        const t = r.chance(0.6) ? 'n' : 's';
        const [a, b] = t === 'n' ? [num(d - 1), num(d - 1)] : [str(d - 1), str(d - 1)];
        const op = r.pick(['=', '<>', '<', '<=', '>', '>=', '!=']);
        if (t === 'n' && ofType('d').length && r.chance(0.1)) {
          // Text compared with a number: Oracle converts the text.
          const dd = digits(true);
          return E(`${dd.o} ${op} ${b.o}`, `${dd.l} ${op === '!=' ? '<>' : op} ${b.l}`, 'b');
        }
        if (t === 'n' && r.chance(0.1)) {
          // A number against a numeric string literal: the string converts.
          const v = r.pick(['3', ' 2', '-1', '4.5', '007']);
          return E(`${a.o} ${op} '${v}'`, `${a.l} ${op === '!=' ? '<>' : op} ${Number(v)}`, 'b');
        }
        return E(`${a.o} ${op} ${b.o}`, strCmp(a, b, op === '!=' ? '<>' : op), 'b');
      }
      case 2: {
        const a = r.chance(0.5) ? num(d - 1) : str(d - 1);
        const not = r.chance(0.5) ? 'NOT ' : '';
        return E(`${a.o} IS ${not}NULL`, `${a.l} IS ${not}NULL`, 'b');
      }
      case 3: {
        const a = num(d - 1);
        const n = r.int(1, 4);
        const items = [];
        for (let i = 0; i < n; i++) items.push(r.chance(0.1) ? E('NULL', 'NULL', 'n') : numLit());
        const not = r.chance(0.4) ? 'NOT ' : '';
        return E(
          `${a.o} ${not}IN (${items.map((i) => i.o).join(', ')})`,
          `${a.l} ${not}IN (${items.map((i) => i.l).join(', ')})`,
          'b',
        );
      }
      case 4: {
        const a = str(d - 1);
        const p = r.pick(['a%', '%a', '%b%', '_', '__', 'a_', '%', 'A%', '_b%', '%\u0025']);
        const not = r.chance(0.3) ? 'NOT ' : '';
        return E(`${a.o} ${not}LIKE '${p}'`, `${a.l} ${not}LIKE '${p}'`, 'b');
      }
      case 5: {
        const [a, lo, hi] = [num(d - 1), num(0), num(0)];
        const not = r.chance(0.3) ? 'NOT ' : '';
        return E(`${a.o} ${not}BETWEEN ${lo.o} AND ${hi.o}`, `${a.l} ${not}BETWEEN ${lo.l} AND ${hi.l}`, 'b');
      }
      case 6: {
        const [a, b] = [bool(d - 1), bool(d - 1)];
        return E(`(${a.o} AND ${b.o})`, `(${a.l} AND ${b.l})`, 'b');
      }
      case 7: {
        const [a, b] = [bool(d - 1), bool(d - 1)];
        return E(`(${a.o} OR ${b.o})`, `(${a.l} OR ${b.l})`, 'b');
      }
      default: {
        const a = bool(d - 1);
        return E(`NOT (${a.o})`, `NOT (${a.l})`, 'b');
      }
    }
  }
  const any = (d) => (r.chance(0.55) ? num(d) : str(d));
  return { num, str, bool, any };
}

function scopeCols(alias) {
  return Object.entries(COLS).map(([c, t]) => ({ name: `${alias}.${c}`, t }));
}

/** ORDER BY over select-list positions: Oracle's text, SQLite's text, and the keys to check. */
function orderBy(r, n) {
  const keys = [];
  const positions = [...Array(n).keys()].map((i) => i + 1);
  const k = r.int(1, Math.min(3, n));
  for (let i = 0; i < k; i++) {
    const p = positions.splice(r.int(0, positions.length - 1), 1)[0];
    const desc = r.chance(0.35);
    const nulls = r.chance(0.25) ? (r.chance(0.5) ? 'first' : 'last') : null;
    keys.push({ col: p - 1, desc, nullsFirst: nulls ? nulls === 'first' : desc });
  }
  const o = keys.map((k) => `${k.col + 1}${k.desc ? ' desc' : ''}${keysNulls(k, r) ?? ''}`);
  const l = keys.map((k) => `${k.col + 1}${k.desc ? ' DESC' : ' ASC'} NULLS ${k.nullsFirst ? 'FIRST' : 'LAST'}`);
  return { o: ` order by ${o.join(', ')}`, l: ` ORDER BY ${l.join(', ')}`, keys };
}

function keysNulls(k, r) {
  // Explicit NULLS FIRST/LAST half of the time when it differs from, or
  // restates, the default.
  if (k.nullsFirst !== k.desc || r.chance(0.2)) return k.nullsFirst ? ' nulls first' : ' nulls last';
  return null;
}

/**
 * RIGHT, FULL and NATURAL joins (issue 33) are refused by the engine
 * (LAB-00001) so far: their shape is drawn only with
 * LIO_DIFFTEST_REFUSED=1, which shows what the engine refuses. Analytic
 * functions (shape 16) are drawn always.
 */
const REFUSED_SHAPES = typeof process !== 'undefined' && process.env.LIO_DIFFTEST_REFUSED === '1';

/** One random query over the world's tables. */
export function makeQuery(r, tables) {
  worldTables = tables;
  const shape = r.int(0, REFUSED_SHAPES ? 17 : 16);
  const t = () => r.pick(tables).name;
  if (shape <= 2) return simpleSelect(r, t());
  if (shape <= 4) return joinSelect(r, t(), t());
  if (shape <= 6) return r.chance(0.15) ? orderedAggSelect(r, t()) : groupSelect(r, t());
  if (shape === 7) return unionAll(r, t(), t());
  if (shape === 8) return topN(r, t());
  if (shape === 10) return withSelect(r, t(), t());
  if (shape === 11) return usingJoin(r, t(), t());
  if (shape === 12) return connectBy(r, t());
  if (shape === 13) return recursiveWith(r, t());
  if (shape === 14) return rollupCube(r, t());
  if (shape === 15) return r.chance(0.3) ? mathSelect(r, t()) : dateSelect(r, t());
  if (shape === 16) return windowSelect(r, t());
  if (shape === 17) return outerJoin(r, t(), t());
  if (shape === 9 && r.chance(0.25)) return r.chance(0.5) ? fullJoin(r, t(), t()) : fullJoinForms(r, t(), t());
  if (shape === 9 && r.chance(0.5)) return nullRejectingJoin(r, t(), t());
  return distinctSelect(r, t());
}

/**
 * Analytic functions (issue 33): ROW_NUMBER, RANK, DENSE_RANK, LAG, LEAD,
 * FIRST_VALUE and aggregates OVER ([PARTITION BY p] [ORDER BY k, x.id]
 * [ROWS frame]), each over an order that is total where the function
 * needs one (the key, then the unique id; RANK and DENSE_RANK over the key
 * alone, whose ties both rank alike), NULLs placed explicitly on SQLite's
 * side (Oracle's default: last ascending, first descending). SQLite runs
 * the same window functions; rows compared unordered.
 */
function windowSelect(r, table) {
  if (r.chance(0.3)) return windowGroupSelect(r, table);
  const g = exprGen(r, scopeCols('x'));
  const pcol = r.pick([null, 'n1', 'n2', 's1', 'c1']);
  const key = r.pick(['n1', 'n2', 's1', 'id']);
  const desc = r.chance(0.3);
  const keyO = `x.${key}${desc ? ' desc' : ''}`;
  const keyL = `x.${key} ${desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}`;
  const part = (up) => (pcol ? `${up ? 'PARTITION BY' : 'partition by'} x.${pcol} ` : '');
  const over = (order, frame = '') => ({
    o: `over (${part(false)}${order === 'total' ? `order by ${keyO}, x.id` : order === 'key' ? `order by ${keyO}` : ''}${frame})`,
    l: `OVER (${part(true)}${order === 'total' ? `ORDER BY ${keyL}, x.id` : order === 'key' ? `ORDER BY ${keyL}` : ''}${frame.toUpperCase()})`,
  });
  const items = [E('x.id', 'x.id', 'n')];
  for (let i = r.int(1, 3); i > 0; i--) {
    const col = r.pick(['n1', 'n2', 's1']);
    let f;
    switch (r.int(0, 10)) {
      case 0:
        f = ['row_number()', over('total')];
        break;
      case 1:
        f = ['rank()', over('key')];
        break;
      case 2:
        f = ['dense_rank()', over('key')];
        break;
      case 3: {
        const k = r.pick(['', ', 2']);
        f = [`${r.pick(['lag', 'lead'])}(x.${col}${k})`, over('total')];
        break;
      }
      case 4:
        f = [`first_value(x.${col})`, over('total')];
        break;
      case 5:
        f = [`${r.pick(['sum', 'count', 'min', 'max'])}(x.${r.pick(['n1', 'n2'])})`, over('')];
        break;
      case 6:
        f = [`${r.pick(['sum', 'count'])}(x.${r.pick(['n1', 'n2'])})`, over('total')];
        break;
      case 7:
        f = ['count(*)', over(r.pick(['', 'key']))];
        break;
      case 8:
        f = [`ntile(${r.int(1, 5)})`, over('total')];
        break;
      case 9: {
        // The default frame ends at the current row's last peer; this one at the partition's end.
        const frame = r.pick(['', ' rows between current row and unbounded following']);
        f = [`last_value(x.${col})`, over('total', frame)];
        break;
      }
      default: {
        const frame = r.pick([' rows between 1 preceding and current row', ' rows between unbounded preceding and 1 following']);
        f = [`sum(x.${r.pick(['n1', 'n2'])})`, over('total', frame)];
      }
    }
    items.push(E(`${f[0]} ${f[1].o}`, `${f[0]} ${f[1].l}`, 'n'));
  }
  const w = where(r, g);
  if (r.chance(0.25)) {
    // Top-n per partition over a view (WINDOW SORT PUSHED RANK).
    const f = r.pick(['row_number()', 'rank()']);
    const ov = over(f === 'rank()' ? 'key' : 'total');
    const n = r.int(0, 4);
    const op = r.pick(['<=', '<']);
    return {
      o: `select * from (select x.id, ${f} ${ov.o} rn from ${table} x${w.o}) v where rn ${op} ${n}`,
      l: `SELECT * FROM (SELECT x.id, ${f.toUpperCase()} ${ov.l} AS rn FROM ${table} x${w.l}) v WHERE rn ${op} ${n}`,
      order: null,
    };
  }
  return {
    o: `select ${items.map((i) => i.o).join(', ')} from ${table} x${w.o}`,
    l: `SELECT ${items.map((i) => i.l).join(', ')} FROM ${table} x${w.l}`,
    order: null,
  };
}

/**
 * Analytic functions over GROUP BY (RANK() OVER (ORDER BY SUM(x)), SUM(SUM(x))
 * OVER (ORDER BY the key), ...) and over DISTINCT (SELECT DISTINCT p,
 * COUNT(*) OVER (PARTITION BY p)). Orders are total where the function
 * needs one (the group key is unique among the groups); NULLs placed
 * explicitly on SQLite's side. Rows compared unordered.
 */
function windowGroupSelect(r, table) {
  const g = exprGen(r, scopeCols('x'));
  const w = where(r, g);
  const gk = r.pick(['n1', 'n2', 's1', 'c1']);
  if (r.chance(0.3)) {
    const f = r.pick(['count(*)', 'max(x.n1)', 'min(x.s1)', 'sum(x.n2)', 'count(x.n1)']);
    const o = `select distinct x.${gk}, ${f} over (partition by x.${gk}) v from ${table} x${w.o}`;
    const l = `SELECT DISTINCT x.${gk}, ${f.toUpperCase()} OVER (PARTITION BY x.${gk}) AS v FROM ${table} x${w.l}`;
    return { o, l, order: null };
  }
  const desc = r.chance(0.3);
  const ord = (e) => ({ o: `${e}${desc ? ' desc' : ''}`, l: `${e.toUpperCase()} ${desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}` });
  const agg = r.pick(['sum(x.n1)', 'count(*)', 'max(x.n2)', 'min(x.n1)', 'count(x.n2)']);
  const key = ord(`x.${gk}`);
  const byAgg = ord(agg);
  let f;
  switch (r.int(0, 6)) {
    case 0:
      f = { o: `rank() over (order by ${byAgg.o})`, l: `RANK() OVER (ORDER BY ${byAgg.l})` };
      break;
    case 1:
      f = { o: `dense_rank() over (order by ${byAgg.o})`, l: `DENSE_RANK() OVER (ORDER BY ${byAgg.l})` };
      break;
    case 2:
      f = { o: `sum(${agg}) over (order by ${key.o})`, l: `SUM(${agg.toUpperCase()}) OVER (ORDER BY ${key.l})` };
      break;
    case 3:
      f = { o: 'count(*) over ()', l: 'COUNT(*) OVER ()' };
      break;
    case 4:
      f = { o: `row_number() over (order by ${key.o})`, l: `ROW_NUMBER() OVER (ORDER BY ${key.l})` };
      break;
    case 5:
      f = { o: `max(${agg}) over ()`, l: `MAX(${agg.toUpperCase()}) OVER ()` };
      break;
    default:
      f = { o: `lag(${agg}) over (order by ${key.o})`, l: `LAG(${agg.toUpperCase()}) OVER (ORDER BY ${key.l})` };
  }
  const having = r.chance(0.2) ? { o: ' having count(*) > 1', l: ' HAVING COUNT(*) > 1' } : { o: '', l: '' };
  return {
    o: `select x.${gk}, ${agg} a, ${f.o} v from ${table} x${w.o} group by x.${gk}${having.o}`,
    l: `SELECT x.${gk}, ${agg.toUpperCase()} AS a, ${f.l} AS v FROM ${table} x${w.l} GROUP BY x.${gk}${having.l}`,
    order: null,
  };
}

/**
 * Ordered aggregates and HAVING without GROUP BY (issue 33): LISTAGG(x,
 * ',') WITHIN GROUP (ORDER BY k, x.id) against SQLite's (3.44+)
 * group_concat(x, ',' ORDER BY ...), the order total (the key, NULLs
 * placed as Oracle does, then the unique id); per group or over the
 * whole set; and an aggregate query's HAVING with no GROUP BY (SQLite
 * 3.39+), whose one row passes or not.
 */
function orderedAggSelect(r, table) {
  const g = exprGen(r, scopeCols('x'));
  const w = where(r, g);
  if (r.chance(0.25)) {
    const n = r.int(0, 6);
    const agg = r.pick(['count(*)', 'sum(x.n1)', 'max(x.n2)', 'count(x.s1)']);
    const op = r.pick(['>', '<', '=']);
    return {
      o: `select count(*) c, ${agg} a from ${table} x${w.o} having ${agg} ${op} ${n}`,
      l: `SELECT COUNT(*) AS c, ${agg.toUpperCase()} AS a FROM ${table} x${w.l} HAVING ${agg.toUpperCase()} ${op} ${n}`,
      order: null,
    };
  }
  if (r.chance(0.3)) return hypotheticalSelect(r, table, w);
  const val = r.pick(['x.s1', 'x.s2', 'x.n1', 'x.n2', 'x.d1']);
  const key = r.pick(['x.n1', 'x.n2', 'x.s1', 'x.id']);
  const desc = r.chance(0.4);
  const delim = r.pick([", ','", ", '; '", '']);
  const ko = `${key}${desc ? ' desc' : ''}`;
  const kl = `${key.toUpperCase()} ${desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}`;
  const lagg = `group_concat(${val.toUpperCase()}${delim || ", ''"} ORDER BY ${kl}, X.ID)`;
  const oagg = `listagg(${val}${delim}) within group (order by ${ko}, x.id)`;
  if (r.chance(0.3)) {
    return { o: `select ${oagg} v from ${table} x${w.o}`, l: `SELECT NULLIF(${lagg}, '') AS v FROM ${table} x${w.l}`, order: null };
  }
  const gk = r.pick(['n1', 'n2', 's1']);
  return {
    o: `select x.${gk}, ${oagg} v from ${table} x${w.o} group by x.${gk}`,
    l: `SELECT x.${gk}, NULLIF(${lagg}, '') AS v FROM ${table} x${w.l} GROUP BY x.${gk}`,
    order: null,
  };
}

/**
 * Hypothetical-set RANK and DENSE_RANK (issue 33): `RANK(v) WITHIN GROUP
 * (ORDER BY k [DESC] [NULLS FIRST | LAST])` over the whole table or per
 * group. SQLite has none: 1 + the rows whose key sorts before v (its NULLs
 * placed as the ORDER BY places them), or 1 + the distinct such keys (a
 * NULL key counted once).
 */
function hypotheticalSelect(r, table, w) {
  const k = r.pick(['n1', 'n2']);
  const v = r.chance(0.15) ? null : r.int(-3, 8);
  const desc = r.chance(0.4);
  const nullsFirst = r.chance(0.3) ? r.chance(0.5) : desc;
  const nulls = nullsFirst === desc && r.chance(0.7) ? '' : nullsFirst ? ' nulls first' : ' nulls last';
  const key = `x.${k}`;
  let before;
  if (v === null) before = nullsFirst ? '0' : `${key} IS NOT NULL`;
  else before = `${nullsFirst ? `${key} IS NULL OR ` : ''}${key} ${desc ? '>' : '<'} ${v}`;
  const dense = r.chance(0.5);
  const f = dense ? 'dense_rank' : 'rank';
  const o = `${f}(${v ?? 'null'}) within group (order by ${key}${desc ? ' desc' : ''}${nulls})`;
  const l = dense
    ? `(1 + COUNT(DISTINCT CASE WHEN ${before} THEN ${key} END) + MAX(CASE WHEN (${before}) AND ${key} IS NULL THEN 1 ELSE 0 END))`
    : `(1 + SUM(CASE WHEN ${before} THEN 1 ELSE 0 END))`;
  if (r.chance(0.4)) {
    // SQLite's MAX / SUM over no rows are NULL where Oracle's one row says 1.
    return { o: `select ${o} h from ${table} x${w.o}`, l: `SELECT COALESCE(${l}, 1) AS h FROM ${table} x${w.l}`, order: null };
  }
  const gk = r.pick(['n1', 'n2', 's1']);
  return {
    o: `select x.${gk}, ${o} h from ${table} x${w.o} group by x.${gk}`,
    l: `SELECT x.${gk}, ${l} AS h FROM ${table} x${w.l} GROUP BY x.${gk}`,
    order: null,
  };
}

/**
 * RIGHT [OUTER], FULL [OUTER] and NATURAL joins (issue 33), against
 * SQLite's (3.39+) of the same text. NATURAL joins two inline views that
 * share one column name, so the join is on that one.
 */
function outerJoin(r, a, b) {
  const kind = r.pick(['right join', 'right outer join', 'full join', 'full outer join', 'natural']);
  if (kind === 'natural') {
    const k = r.pick(['id', 'n1', 's1']);
    const xs = r.pick(['n2', 's2']);
    const ys = r.pick(['n1', 'n2', 's2'].filter((c) => c !== k));
    const inner = r.pick(['', 'inner ', 'left ', 'left outer ']);
    const from = `(select ${k}, ${xs} xv from ${a}) x natural ${inner}join (select ${k}, ${ys} yv from ${b}) y`;
    const fromL = `(SELECT ${k}, ${xs} AS xv FROM ${a}) x NATURAL ${inner.toUpperCase()}JOIN (SELECT ${k}, ${ys} AS yv FROM ${b}) y`;
    const items = [E(k, k, COLS[k]), E('x.xv', 'x.xv', 'n'), E('y.yv', 'y.yv', 'n')];
    return { o: `select ${items.map((i) => i.o).join(', ')} from ${from}`, l: `SELECT ${items.map((i) => i.l).join(', ')} FROM ${fromL}`, order: null };
  }
  const g = exprGen(r, [...scopeCols('x'), ...scopeCols('y')]);
  const key = r.pick(['n1', 'n2', 's1', 'id']);
  const key2 = COLS[key] === 'n' ? r.pick(['n1', 'n2', 'id']) : r.pick(['s1', 's2']);
  let on = `x.${key} = y.${key2}`;
  if (r.chance(0.3)) on += ` and y.${r.pick(['n1', 'n2'])} ${r.pick(['>', '<=', '<>'])} ${r.int(-2, 6)}`;
  const items = selectList(r, g, r.int(1, 4));
  const lk = kind.startsWith('right') ? 'RIGHT JOIN' : 'FULL JOIN';
  const w = r.chance(0.4) ? where(r, g) : { o: '', l: '' };
  return finish(r, items, { o: `${a} x ${kind} ${b} y on ${on}`, l: `${a} x ${lk} ${b} y ON ${on.replace(/ and /g, ' AND ')}` }, w);
}

/**
 * FULL [OUTER] JOIN ... ON (issues 33 and 34: the lab's HASH JOIN FULL
 * OUTER), against SQLite's (3.39+) of the same text: an equality of the
 * two sides, sometimes with a condition on the left table or on both
 * (tested on each pair); never a WHERE clause or a condition on the
 * right table alone (the lab refuses those).
 */
function fullJoin(r, a, b) {
  const g = exprGen(r, [...scopeCols('x'), ...scopeCols('y')]);
  const key = r.pick(['n1', 'n2', 's1', 'id']);
  const key2 = COLS[key] === 'n' ? r.pick(['n1', 'n2', 'id']) : r.pick(['s1', 's2']);
  let on = `x.${key} = y.${key2}`;
  if (r.chance(0.3)) {
    on += r.chance(0.5)
      ? ` and x.${r.pick(['n1', 'n2'])} ${r.pick(['>', '<=', '<>'])} ${r.int(-2, 6)}`
      : ` and y.n1 ${r.pick(['>', '<='])} x.n2`;
  }
  const items = selectList(r, g, r.int(1, 4));
  const kw = r.pick(['full join', 'full outer join']);
  const from = { o: `${a} x ${kw} ${b} y on ${on}`, l: `${a} x FULL JOIN ${b} y ON ${on.replace(/ and /g, ' AND ')}` };
  return finish(r, items, from, { o: '', l: '' });
}

/**
 * FULL JOIN with a WHERE clause, and LEFT / RIGHT / FULL [OUTER] JOIN ...
 * USING (issue 33), against SQLite's (3.39+) of the same text. FULL's
 * WHERE conditions are of the forms that can hold on either side's
 * unmatched rows (the lab filters VIEW VW_FOJ_0 with them and refuses the
 * others): IS NULL, OR with IS NULL, COALESCE. The USING column is
 * unqualified: the left side's value (LEFT), the right's (RIGHT),
 * COALESCE(x.k, y.k) (FULL), as SQLite gives it too.
 */
function fullJoinForms(r, a, b) {
  const num = () => r.pick(['n1', 'n2', 'id']);
  const op = () => r.pick(['>', '<=', '<>', '=']);
  const tolerant = (x, y) =>
    r.pick([
      `(${x} is null or ${y} is null)`,
      `coalesce(${x}, ${y}, 0) ${op()} ${r.int(-2, 6)}`,
      `(${x} ${op()} ${r.int(-2, 6)} or ${x} is null)`,
      `(${y} is not null or ${x} ${op()} ${r.int(-2, 6)} or ${x} is null)`,
    ]);
  // `free`: the columns that may be qualified (not a USING column).
  const w = (x, y, free = ['n1', 'n2', 'id']) => {
    if (!r.chance(0.7)) return { o: '', l: '' };
    let c = tolerant(x, y);
    if (r.chance(0.3)) c += ` and ${tolerant(`y.${r.pick(free)}`, `x.${r.pick(free)}`)}`;
    return { o: ` where ${c}`, l: ` WHERE ${c.replace(/ and /g, ' AND ')}` };
  };
  if (r.chance(0.5)) {
    const g = exprGen(r, [...scopeCols('x'), ...scopeCols('y')]);
    const on = `x.${num()} = y.${num()}`;
    const items = selectList(r, g, r.int(1, 4));
    const kw = r.pick(['full join', 'full outer join']);
    return finish(r, items, { o: `${a} x ${kw} ${b} y on ${on}`, l: `${a} x FULL JOIN ${b} y ON ${on}` }, w(`x.${num()}`, `y.${num()}`));
  }
  const key = r.pick(['n1', 'id', 's1']);
  const others = (alias) => scopeCols(alias).filter((c) => c.name !== `${alias}.${key}`);
  const g = exprGen(r, [{ name: key, t: COLS[key] }, ...others('x'), ...others('y')]);
  const items = selectList(r, g, r.int(1, 4));
  const kw = r.pick(['left', 'left outer', 'right', 'right outer', 'full', 'full outer']);
  const lk = kw.split(' ')[0].toUpperCase();
  const from = { o: `${a} x ${kw} join ${b} y using (${key})`, l: `${a} x ${lk} JOIN ${b} y USING (${key})` };
  const free = ['n1', 'n2', 'id'].filter((c) => c !== key);
  const where = COLS[key] === 'n' ? w(key, `y.${r.pick(free)}`, free) : w(`x.${num()}`, 'y.n2');
  return finish(r, items, from, where);
}

/**
 * Outer-join simplification (issues 33 and 34): LEFT, RIGHT, FULL [OUTER]
 * JOIN and the `(+)` form with WHERE conditions that reject one side's
 * NULLs (a comparison, IS NOT NULL, BETWEEN, IN, LIKE, arithmetic, an OR
 * of two such), sometimes on both sides and sometimes beside one that
 * tolerates them (IS NULL, COALESCE): the lab turns the join into a LEFT,
 * RIGHT or inner one. SQLite (3.39+) runs the ANSI text as written (the
 * `(+)` form as its LEFT JOIN); rows compared unordered.
 */
function nullRejectingJoin(r, a, b) {
  const num = () => r.pick(['n1', 'n2', 'id']);
  const op = () => r.pick(['>', '<=', '<>', '=', '<', '>=']);
  const rejecting = (z, o) =>
    r.pick([
      `${z}.${num()} ${op()} ${r.int(-2, 6)}`,
      `${z}.${num()} is not null`,
      `${z}.${num()} between ${r.int(-2, 2)} and ${r.int(2, 6)}`,
      `${z}.${num()} in (${r.int(-2, 2)}, ${r.int(2, 6)})`,
      `${z}.s1 like '${r.pick(['a', 'b', 'c', 'A'])}%'`,
      `${z}.${num()} + ${o}.${num()} ${op()} ${r.int(0, 8)}`,
      `(${z}.${num()} ${op()} ${r.int(-2, 6)} or ${z}.${num()} ${op()} ${r.int(-2, 6)})`,
    ]);
  const tolerant = (z) =>
    r.pick([`${z}.${num()} is null`, `coalesce(${z}.${num()}, 0) ${op()} ${r.int(-2, 6)}`, `(${z}.${num()} ${op()} 2 or ${z}.id is null)`]);
  const g = exprGen(r, [...scopeCols('x'), ...scopeCols('y')]);
  const items = selectList(r, g, r.int(1, 4));
  const kind = r.pick(['left', 'right', 'full', 'plus']);
  // Sometimes a second ON condition on one table (never the right table
  // alone for FULL: refused).
  const extra = r.chance(0.3) ? r.pick(kind === 'full' ? ['x'] : ['x', 'y']) : null;
  let on = `x.${num()} = y.${num()}`;
  if (extra) on += ` and ${extra}.${num()} ${op()} ${r.int(-2, 6)}`;
  // The side whose NULLs are rejected (FULL: either or both).
  const sides = kind === 'full' ? r.pick([['x'], ['y'], ['x', 'y']]) : kind === 'left' || kind === 'plus' ? ['y'] : ['x'];
  const conds = sides.map((z) => rejecting(z, z === 'x' ? 'y' : 'x'));
  if (r.chance(0.3)) conds.push(tolerant(r.pick(['x', 'y'])));
  if (kind === 'plus') {
    // Every reference to y in the ON conditions marked (+); one on x alone
    // stays a WHERE condition in the (+) form: SQLite gets it in WHERE.
    const parts = on.split(' and ');
    const plus = parts.filter((p) => p.includes('y.')).map((p) => p.replace(/(y\.\w+)/g, '$1(+)'));
    const where = [...parts.filter((p) => !p.includes('y.')), ...conds];
    const lon = parts.filter((p) => p.includes('y.')).join(' AND ');
    const c = [...plus, ...where].join(' and ');
    return finish(r, items, { o: `${a} x, ${b} y`, l: `${a} x LEFT JOIN ${b} y ON ${lon}` }, { o: ` where ${c}`, l: ` WHERE ${where.join(' AND ')}` });
  }
  const kw = r.chance(0.5) ? `${kind} join` : `${kind} outer join`;
  const from = { o: `${a} x ${kw} ${b} y on ${on}`, l: `${a} x ${kind.toUpperCase()} JOIN ${b} y ON ${on.replace(/ and /g, ' AND ')}` };
  return finish(r, items, from, { o: ` where ${conds.join(' and ')}`, l: ` WHERE ${conds.join(' AND ')}` });
}

/**
 * DATE arithmetic (issue 33) through a translation: a date literal plus a
 * number of days, ADD_MONTHS of a month's last day (Oracle keeps the last
 * day), TRUNC to the month, LAST_DAY, EXTRACT, date differences, compared
 * and shown through TO_CHAR 'YYYY-MM-DD'; on SQLite's side date() with
 * modifiers and julianday().
 */
function dateSelect(r, table) {
  const base = r.pick(['2024-01-31', '2023-02-28', '2024-12-15', '2000-02-29']);
  const n = () => `x.${r.pick(['n1', 'n2', 'id'])}`;
  const plusO = (c) => `(date '${base}' + ${c})`;
  const plusL = (c) => `date('${base}', ${c} || ' days')`;
  const items = [E('x.id', 'x.id', 'n')];
  for (let i = r.int(1, 3); i > 0; i--) {
    const c = n();
    switch (r.int(0, 5)) {
      case 0:
        items.push(E(`to_char(${plusO(c)}, 'YYYY-MM-DD')`, plusL(c), 's'));
        break;
      case 1:
        items.push(E(`${plusO(c)} - date '2024-01-01'`, `CAST(julianday(${plusL(c)}) - julianday('2024-01-01') AS INTEGER)`, 'n'));
        break;
      case 2:
        // ADD_MONTHS of a last day is the target month's last day.
        items.push(
          E(
            `to_char(add_months(date '2024-01-31', ${c}), 'YYYY-MM-DD')`,
            `date('2024-01-31', 'start of month', ${c} || ' months', '+1 month', '-1 day')`,
            's',
          ),
        );
        break;
      case 3:
        items.push(E(`to_char(trunc(${plusO(c)}, 'MM'), 'YYYY-MM-DD')`, `date(${plusL(c)}, 'start of month')`, 's'));
        break;
      case 4:
        items.push(E(`to_char(last_day(${plusO(c)}), 'YYYY-MM-DD')`, `date(${plusL(c)}, 'start of month', '+1 month', '-1 day')`, 's'));
        break;
      default:
        items.push(
          E(`extract(${r.pick(['month', 'day', 'year'])} from ${plusO(c)})`, null, 'n'),
        );
        {
          const it = items[items.length - 1];
          const part = it.o.match(/extract\((\w+)/)[1];
          const fmt = { month: '%m', day: '%d', year: '%Y' }[part];
          it.l = `CAST(strftime('${fmt}', ${plusL(c)}) AS INTEGER)`;
        }
    }
  }
  const c = n();
  const cmp = r.pick(['>', '<=', '=']);
  const day = r.pick(['2024-01-02', '2024-02-01', '2024-12-20', '2000-03-01']);
  const w = r.chance(0.6) ? { o: ` where ${plusO(c)} ${cmp} date '${day}'`, l: ` WHERE ${plusL(c)} ${cmp} '${day}'` } : { o: '', l: '' };
  return finish(r, items, { o: `${table} x`, l: `${table} x` }, w);
}

/**
 * `WITH q [(cols)] AS (SELECT ... FROM t z [WHERE ...]) SELECT ... FROM q x`,
 * sometimes with a second query name reading the first, or q joined to
 * itself: SQLite runs the same WITH clause.
 */
function withSelect(r, a, b) {
  const names = Object.keys(COLS);
  const gz = exprGen(r, scopeCols('z'));
  const w = r.chance(0.6) ? gz.bool(1) : null;
  const listed = r.chance(0.4);
  const sel = listed ? names.map((c) => `z.${c}`).join(', ') : '*';
  const head = listed ? `q (${names.join(', ')})` : 'q';
  let o = `with ${head} as (select ${sel} from ${a} z${w ? ` where ${w.o}` : ''})`;
  let l = `WITH ${head} AS (SELECT ${sel} FROM ${a} z${w ? ` WHERE ${w.l}` : ''})`;
  let src = 'q';
  if (r.chance(0.3)) {
    // A second name reading the first.
    const gq = exprGen(r, scopeCols('p'));
    const w2 = gq.bool(1);
    o += `, q2 as (select * from q p where ${w2.o})`;
    l += `, q2 AS (SELECT * FROM q p WHERE ${w2.l})`;
    src = 'q2';
  }
  if (r.chance(0.3)) {
    // q (or q2) joined to a table on a key.
    const g = exprGen(r, [...scopeCols('x'), ...scopeCols('y')]);
    const key = r.pick(['n1', 'n2', 'id']);
    const items = selectList(r, g, r.int(1, 3));
    const f = { o: `${src} x, ${b} y`, l: `${src} x, ${b} y` };
    const wj = where(r, g);
    const on = `x.${key} = y.${r.pick(['n1', 'n2', 'id'])}`;
    const wq = wj.o ? { o: `${wj.o} and ${on}`, l: `${wj.l} AND ${on}` } : { o: ` where ${on}`, l: ` WHERE ${on}` };
    const q = finish(r, items, f, wq);
    return { o: `${o} ${q.o}`, l: `${l} ${q.l}`, order: q.order };
  }
  const g = exprGen(r, scopeCols('x'));
  const items = selectList(r, g, r.int(1, 4));
  const q = finish(r, items, { o: `${src} x`, l: `${src} x` }, where(r, g));
  return { o: `${o} ${q.o}`, l: `${l} ${q.l}`, order: q.order };
}

/**
 * A hierarchy: `SELECT ... FROM a x [WHERE w] START WITH s CONNECT BY
 * NOCYCLE PRIOR x.id = x.n1 [AND LEVEL <= k]`, against SQLite's recursive
 * CTE of the same walk (the path of ids its loop check; NOCYCLE leaves a
 * row out whose id is an ancestor's, as Oracle's check on the PRIOR
 * column). Rows compared unordered (the depth-first order is Oracle's
 * alone).
 */
function connectBy(r, a) {
  const start = r.pick(['x.n1 is null', `x.id = ${r.int(1, 6)}`, `x.n2 > ${r.int(-2, 6)}`, null]);
  const depth = r.pick([2, 3, 4, null]);
  const key = r.pick(['n1', 'n2']);
  const w = r.chance(0.4) ? `x.n2 ${r.pick(['>', '<=', '<>'])} ${r.int(-2, 6)}` : null;
  const cols = Object.keys(COLS).filter((c) => COLS[c] === 'n' || COLS[c] === 's');
  const o =
    `select x.id, level, x.n2, x.s1 from ${a} x${w ? ` where ${w}` : ''}` +
    `${start ? ` start with ${start}` : ''} connect by nocycle prior x.id = x.${key}${depth ? ` and level <= ${depth}` : ''}`;
  const rec =
    `SELECT ${cols.map((c) => `x.${c}`).join(', ')}, h.lvl + 1, h.path || x.id || ',' FROM h JOIN ${a} x ON x.${key} = h.id` +
    ` WHERE instr(h.path, ',' || x.id || ',') = 0${depth ? ` AND h.lvl + 1 <= ${depth}` : ''}`;
  const l =
    `WITH RECURSIVE h(${cols.join(', ')}, lvl, path) AS (SELECT ${cols.map((c) => `x.${c}`).join(', ')}, 1, ',' || x.id || ',' FROM ${a} x` +
    `${start ? ` WHERE ${start}` : ''} UNION ALL ${rec})` +
    ` SELECT x.id, x.lvl, x.n2, x.s1 FROM h x${w ? ` WHERE ${w}` : ''}`;
  return { o, l, order: null };
}

/**
 * Recursive WITH (11.2+): `WITH h (cols, lvl) AS (anchor UNION ALL SELECT
 * ... FROM h, a x WHERE x.key = h.id AND h.lvl < k) SELECT ... FROM h`,
 * against SQLite's WITH RECURSIVE of the same text. The member's WHERE
 * reads h.lvl, which grows: no row repeats an ancestor's (ORA-32044 never
 * applies) and the depth bound ends the recursion. Sometimes SEARCH DEPTH
 * or BREADTH FIRST BY id SET o (rows still compared unordered) or a
 * ROWNUM bound is added on Oracle's side only when it cannot cut rows.
 */
function recursiveWith(r, a) {
  const start = r.pick(['x.n1 is null', `x.id = ${r.int(1, 6)}`, `x.n2 > ${r.int(-2, 6)}`, null]);
  const depth = r.int(1, 4);
  const key = r.pick(['n1', 'n2']);
  const cols = Object.keys(COLS).filter((c) => COLS[c] === 'n' || COLS[c] === 's');
  const list = `${cols.join(', ')}, lvl`;
  const anchor = `select ${cols.map((c) => `x.${c}`).join(', ')}, 1 from ${a} x${start ? ` where ${start}` : ''}`;
  const member = (h) =>
    `select ${cols.map((c) => `x.${c}`).join(', ')}, ${h}.lvl + 1 from ${h === 'h' ? `h, ${a} x` : `${a} x, h ${h}`} where x.${key} = ${h}.id and ${h}.lvl < ${depth}`;
  const h = r.pick(['h', 'p']);
  const search = r.pick(['', '', ` search depth first by id set o`, ` search breadth first by id desc set o`]);
  const w = r.chance(0.4) ? `x.n2 ${r.pick(['>', '<=', '<>'])} ${r.int(-2, 6)}` : null;
  const agg = r.chance(0.3);
  const sel = agg ? 'count(*), sum(x.lvl), max(x.id)' : 'x.id, x.lvl, x.n2, x.s1';
  const o = `with h (${list}) as (${anchor} union all ${member(h)})${search} select ${sel} from h x${w ? ` where ${w}` : ''}`;
  const l =
    `WITH RECURSIVE h(${list}) AS (${anchor.replace(/ from /, ' FROM ')} UNION ALL ${member(h)})` +
    ` SELECT ${sel} FROM h x${w ? ` WHERE ${w}` : ''}`;
  return { o, l, order: null };
}

/**
 * GROUP BY ROLLUP (k1, k2) or CUBE (k1, k2) with GROUPING(), against
 * SQLite's UNION ALL of one GROUP BY per grouping set, NULL for the keys
 * a set leaves out (the grand total's GROUP BY a constant: no row for no
 * input, as the lab's SORT GROUP BY ROLLUP). Keys are plain columns,
 * aggregates those CUBE re-aggregates (COUNT, SUM, MIN, MAX).
 */
function rollupCube(r, table) {
  const k1 = r.pick(['n1', 'n2', 's1']);
  const k2 = r.pick(['n2', 's2', 'id'].filter((k) => k !== k1));
  const cube = r.chance(0.4);
  const g = exprGen(r, scopeCols('x'));
  const aggs = [];
  for (let i = r.int(1, 3); i > 0; i--) {
    const f = r.pick(['count(*)', 'sum', 'min', 'max', 'count']);
    if (f === 'count(*)') aggs.push(E('count(*)', 'count(*)', 'n'));
    else {
      const a = f === 'count' ? g.any(1) : g.num(1);
      aggs.push(E(`${f}(${a.o})`, `${f}(${a.l})`, 'n'));
    }
  }
  const grp = r.chance(0.5);
  const w = where(r, g);
  const sets = cube ? [[1, 1], [1, 0], [0, 1], [0, 0]] : [[1, 1], [1, 0], [0, 0]];
  const o =
    `select x.${k1}, x.${k2}, ${aggs.map((a) => a.o).join(', ')}${grp ? `, grouping(x.${k1}), grouping_id(x.${k1}, x.${k2})` : ''}` +
    ` from ${table} x${w.o} group by ${cube ? 'cube' : 'rollup'} (x.${k1}, x.${k2})`;
  const branch = ([a, b]) => {
    const keys = [a ? `x.${k1}` : null, b ? `x.${k2}` : null].filter(Boolean);
    const gb = keys.length ? keys.join(', ') : "'all'";
    const flags = grp ? `, ${a ? 0 : 1}, ${(a ? 0 : 2) + (b ? 0 : 1)}` : '';
    return (
      `SELECT ${a ? `x.${k1}` : 'NULL'}, ${b ? `x.${k2}` : 'NULL'}, ${aggs.map((x) => x.l).join(', ')}${flags}` +
      ` FROM ${table} x${w.l} GROUP BY ${gb}`
    );
  };
  return { o, l: sets.map(branch).join(' UNION ALL '), order: null };
}

/**
 * `a x JOIN b y USING (k)`: k unqualified (ORA-25154 otherwise), the other
 * columns qualified. The key is a string column: the correlated
 * subqueries of `where` name x.n1, x.n2 and x.id.
 */
function usingJoin(r, a, b) {
  const key = r.pick(['s1', 's2']);
  const others = (alias) => scopeCols(alias).filter((c) => c.name !== `${alias}.${key}`);
  const g = exprGen(r, [{ name: key, t: 's' }, ...others('x'), ...others('y')]);
  const items = selectList(r, g, r.int(1, 4));
  const from = { o: `${a} x join ${b} y using (${key})`, l: `${a} x JOIN ${b} y USING (${key})` };
  subqueryOuter = others('x');
  const w = where(r, g);
  subqueryOuter = null;
  return finish(r, items, from, w);
}

function selectList(r, g, n) {
  const items = [];
  for (let i = 0; i < n; i++) items.push(scalarItems && r.chance(0.15) ? scalarSubquery(r) : g.any(r.int(0, 3)));
  return items;
}

/** Select lists may hold scalar subqueries (a query without GROUP BY or DISTINCT). */
let scalarItems = false;

/**
 * `(SELECT ... FROM t z ...)`, one row at most: an aggregate (always one
 * row), or a column of the row whose unique id an outer expression names
 * (none: NULL). Sometimes correlated with x.
 */
function scalarSubquery(r) {
  const t = r.pick(worldTables).name;
  const outer = subqueryOuter ?? scopeCols('x');
  const gz = exprGen(r, scopeCols('z'));
  const go = exprGen(r, outer);
  const conds = [];
  if (r.chance(0.6)) {
    const c = `z.${r.pick(['n1', 'n2', 'id'])} = ${r.pick(outer.filter((c) => c.t === 'n')).name}`;
    conds.push(E(c, c, 'b'));
  }
  if (r.chance(0.4)) conds.push(gz.bool(1));
  const wo = conds.length ? ` where ${conds.map((c) => c.o).join(' and ')}` : '';
  const wl = conds.length ? ` WHERE ${conds.map((c) => c.l).join(' AND ')}` : '';
  if (r.chance(0.6)) {
    const f = r.pick(['max', 'min', 'count', 'sum']);
    const a = gz.num(r.int(0, 1));
    return E(`(select ${f}(${a.o}) from ${t} z${wo})`, `(SELECT ${f}(${a.l}) FROM ${t} z${wl})`, 'n');
  }
  const key = go.num(0);
  const wko = ` where z.id = ${key.o}${conds.length ? ` and ${conds.map((c) => c.o).join(' and ')}` : ''}`;
  const wkl = ` WHERE z.id = ${key.l}${conds.length ? ` AND ${conds.map((c) => c.l).join(' AND ')}` : ''}`;
  if (r.chance(0.6)) {
    const v = gz.num(r.int(0, 1));
    return E(`(select ${v.o} from ${t} z${wko})`, `(SELECT ${v.l} FROM ${t} z${wkl})`, 'n');
  }
  return E(`(select z.s1 from ${t} z${wko})`, `(SELECT z.s1 FROM ${t} z${wkl})`, 's');
}

/** The world's tables, for subqueries. */
let worldTables = [];
/** The outer columns a subquery may read (x's, less a USING column). */
let subqueryOuter = null;

/** `[NOT] IN (SELECT ...)` or `[NOT] EXISTS (SELECT ...)`, sometimes correlated with x. */
function subqueryPredicate(r, g) {
  const t = r.pick(worldTables).name;
  const gz = exprGen(r, [...scopeCols('z'), ...(r.chance(0.4) ? (subqueryOuter ?? scopeCols('x')) : [])]);
  const w = r.chance(0.7) ? gz.bool(1) : null;
  const wo = w ? ` where ${w.o}` : '';
  const wl = w ? ` WHERE ${w.l}` : '';
  const not = r.chance(0.4) ? 'NOT ' : '';
  // Unnesting asked for (a semi or anti join: hash or nested loops), or
  // the FILTER the lab keeps without a hint.
  const method = r.pick(['', '', 'unnest', 'hash', 'nl']);
  const sj = (kinds) => (kinds ? `/*+ ${kinds} */ ` : '');
  if (r.chance(0.5)) {
    let left = r.chance(0.6) ? g.num(1) : g.str(1);
    const right = left.t === 'n' ? gz.num(1) : gz.str(1);
    // CHAR IN (SELECT CHAR) would compare blank-padded: keep it non-padded.
    if (left.c && right.c) left = S(`rtrim(${left.o})`, `rtrim(${left.l})`);
    // The lab's NOT IN anti join is null-aware only uncorrelated and by
    // hash (refused otherwise); a CHAR against a VARCHAR2 is not hashed.
    // Columns on both sides: an expression's datatype class may not be
    // told, and a key of two classes is refused.
    const correlated = /\bx\./.test(wo);
    const plain = /^x\.\w+$/.test(left.o) && /^z\.\w+$/.test(right.o);
    const hashable = plain && !left.c && !right.c && !(not && (correlated || method === 'nl'));
    const hint = !hashable || !method ? '' : method === 'unnest' ? 'unnest' : `${method}_${not ? 'aj' : 'sj'}`;
    return E(
      `${left.o} ${not}IN (select ${sj(hint)}${right.o} from ${t} z${wo})`,
      `${left.l} ${not}IN (SELECT ${right.l} FROM ${t} z${wl})`,
      'b',
    );
  }
  const corr = r.chance(0.7) ? r.pick(['n1', 'n2', 'id']) : null;
  // Correlated on a column: the join's key.
  const hint = !method || !corr ? '' : method === 'unnest' ? 'unnest' : `${method}_${not ? 'aj' : 'sj'}`;
  const co = corr ? `z.${corr} = x.${r.pick(['n1', 'n2', 'id'])}` : null;
  const all = [co, w?.o].filter(Boolean);
  const alll = [co, w?.l].filter(Boolean);
  return E(
    `${not}EXISTS (select ${sj(hint)}1 from ${t} z${all.length ? ' where ' + all.join(' and ') : ''})`,
    `${not}EXISTS (SELECT 1 FROM ${t} z${alll.length ? ' WHERE ' + alll.join(' AND ') : ''})`,
    'b',
  );
}

/**
 * Quantified comparisons (issue 33): `x op ANY | SOME | ALL (SELECT z ...)`
 * and `x op ANY | ALL (a, b, ...)`, sometimes under NOT. SQLite has no
 * quantifier: the subquery form is written out three-valued with EXISTS,
 * ANY TRUE when some row's comparison is TRUE, else NULL when some row's
 * is NULL (a NULL on either side), else FALSE (no row: FALSE); ALL FALSE
 * when some row's is FALSE, else NULL when some is NULL, else TRUE (no
 * row: TRUE). The list form is the OR / AND of its comparisons.
 */
function quantifiedPredicate(r, g) {
  const t = r.pick(worldTables).name;
  const gz = exprGen(r, [...scopeCols('z'), ...(r.chance(0.4) ? (subqueryOuter ?? scopeCols('x')) : [])]);
  const op = r.pick(['=', '<>', '!=', '<', '<=', '>', '>=']);
  const all = r.chance(0.5);
  const q = all ? 'all' : r.pick(['any', 'some']);
  const left = g.num(1);
  // An unqualified outer column (a USING join's) would be captured by z
  // in SQLite's EXISTS: such a left side takes the list form.
  const bare = /(^|[^.\w'])(id|n1|n2|s1|s2|c1|d1)\b/.test(left.l);
  let b;
  if (bare || r.chance(0.3)) {
    const intLit = () => {
      const v = String(r.int(-3, 8));
      return E(v, v, 'n');
    };
    const item = () => (bare ? intLit() : gz.num(0));
    const items = [...Array(r.int(1, 4))].map(() => (r.chance(0.15) ? E('NULL', 'NULL', 'n') : item()));
    // Literals and the outer row's columns only: z is not in scope here.
    const ok = items.every((i) => !/\bz\./.test(i.o));
    if (ok) {
      const l = items.map((i) => `${left.l} ${op} ${i.l}`).join(all ? ' AND ' : ' OR ');
      b = E(`${left.o} ${op} ${q} (${items.map((i) => i.o).join(', ')})`, `(${l})`, 'b');
    }
  }
  if (!b) {
    const right = gz.num(1);
    const w = r.chance(0.6) ? gz.bool(1) : null;
    const wo = w ? ` where ${w.o}` : '';
    const rows = (cond) => `EXISTS (SELECT 1 FROM ${t} z WHERE ${w ? `(${w.l}) AND ` : ''}${cond})`;
    const cmp = `(${left.l} ${op} ${right.l})`;
    const l = all
      ? `(CASE WHEN ${rows(`NOT ${cmp}`)} THEN 0 WHEN ${rows(`${cmp} IS NULL`)} THEN NULL ELSE 1 END)`
      : `(CASE WHEN ${rows(cmp)} THEN 1 WHEN ${rows(`${cmp} IS NULL`)} THEN NULL ELSE 0 END)`;
    b = E(`${left.o} ${op} ${q} (select ${right.o} from ${t} z${wo})`, l, 'b');
  }
  return r.chance(0.3) ? E(`not (${b.o})`, `NOT ${b.l}`, 'b') : b;
}

function where(r, g) {
  if (!r.chance(0.75)) return { o: '', l: '' };
  let b = g.bool(r.int(0, 3));
  if (r.chance(0.1)) {
    // A comparison with a scalar subquery.
    const sq = scalarSubquery(r);
    const op = r.pick(['=', '<', '>=', '<>']);
    const left = g.num(1);
    const cmp = sq.t === 'n' ? E(`${left.o} ${op} ${sq.o}`, `${left.l} ${op} ${sq.l}`, 'b') : null;
    if (cmp) b = r.chance(0.5) ? cmp : E(`(${b.o} and ${cmp.o})`, `(${b.l} AND ${cmp.l})`, 'b');
  }
  if (r.chance(0.2)) {
    const sq = r.chance(0.25) ? quantifiedPredicate(r, g) : subqueryPredicate(r, g);
    const op = r.pick(['and', 'or']);
    b = r.chance(0.3) ? sq : E(`(${b.o} ${op} ${sq.o})`, `(${b.l} ${op.toUpperCase()} ${sq.l})`, 'b');
  }
  if (r.chance(0.08)) b = startupConjunct(r, b);
  return { o: ` where ${b.o}`, l: ` WHERE ${b.l}` };
}

/**
 * A conjunct that reads no row (a start-up FILTER in the lab): a constant
 * true, false or unknown comparison beside the block's predicate.
 */
function startupConjunct(r, b) {
  const c = r.pick(['1 = 0', '1 = 1', '2 > 1', "'a' = 'b'", "'a' < 'b'", '1 = null', 'null is null', '3 between 1 and 2']);
  return E(`(${b.o} and ${c})`, `(${b.l} AND ${c})`, 'b');
}

function finish(r, items, from, w, extra = {}) {
  const ord = r.chance(0.5) ? orderBy(r, items.length) : null;
  const distinct = (extra.hint ?? '') + (extra.distinct ? 'distinct ' : '');
  const o = `select ${distinct}${items.map((i) => i.o).join(', ')} from ${from.o}${w.o}${extra.o ?? ''}${ord ? ord.o : ''}`;
  const l = `SELECT ${distinct}${items.map((i) => i.l).join(', ')} FROM ${from.l}${w.l}${extra.l ?? ''}${ord ? ord.l : ''}`;
  return { o, l, order: ord ? ord.keys : null };
}

function simpleSelect(r, table) {
  const g = exprGen(r, scopeCols('x'));
  scalarItems = true;
  const items = selectList(r, g, r.int(1, 4));
  scalarItems = false;
  // The bitmap index forced a third of the time (used when S2 has an
  // equality or a range: BITMAP INDEX SINGLE VALUE / RANGE SCAN), by INDEX
  // or by INDEX_COMBINE (BITMAP AND / OR / MINUS with the others).
  const way = () => (r.chance(0.5) ? 'index' : 'index_combine');
  const hint = r.chance(0.3) ? `/*+ ${way()}(x ${table}_bm) */ ` : '';
  return finish(r, items, { o: `${table} x`, l: `${table} x` }, where(r, g), { hint });
}

function distinctSelect(r, table) {
  const g = exprGen(r, scopeCols('x'));
  const items = selectList(r, g, r.int(1, 3));
  return finish(r, items, { o: `${table} x`, l: `${table} x` }, where(r, g), { distinct: true });
}

function joinSelect(r, a, b) {
  const g = exprGen(r, [...scopeCols('x'), ...scopeCols('y')]);
  const kind = r.pick(['join', 'inner join', 'left join', 'left outer join', 'comma', 'plus']);
  const key = r.pick(['n1', 'n2', 's1', 'id']);
  const key2 = COLS[key] === 'n' ? r.pick(['n1', 'n2', 'id']) : r.pick(['s1', 's2']);
  let on = `x.${key} = y.${key2}`;
  let onl = on;
  if (r.chance(0.3)) {
    const gy = exprGen(r, [...scopeCols('x'), ...scopeCols('y')]);
    const extra = gy.bool(1);
    on += ` and ${extra.o}`;
    onl += ` AND ${extra.l}`;
  }
  const items = selectList(r, g, r.int(1, 4));
  let from;
  let w = where(r, g);
  if (kind === 'plus') {
    // Oracle's (+): the marked table's conditions are its LEFT JOIN's ON.
    let po = `x.${key} = y.${key2}(+)`;
    let pl = `x.${key} = y.${key2}`;
    if (r.chance(0.3)) {
      const c = r.pick(['n1', 'n2']);
      const v = r.int(-1, 6);
      const op = r.pick(['=', '>', '<=']);
      po += ` and y.${c}(+) ${op} ${v}`;
      pl += ` AND y.${c} ${op} ${v}`;
    }
    from = { o: r.chance(0.5) ? `${a} x, ${b} y` : `${b} y, ${a} x`, l: `${a} x LEFT JOIN ${b} y ON ${pl}` };
    w = w.o ? { o: `${w.o} and ${po}`, l: w.l } : { o: ` where ${po}`, l: '' };
  } else if (kind === 'comma') {
    from = { o: `${a} x, ${b} y`, l: `${a} x, ${b} y` };
    w = w.o ? { o: `${w.o} and ${on}`, l: `${w.l} AND ${onl}` } : { o: ` where ${on}`, l: ` WHERE ${onl}` };
  } else {
    const lk = kind.startsWith('left') ? 'LEFT JOIN' : 'JOIN';
    from = { o: `${a} x ${kind} ${b} y on ${on}`, l: `${a} x ${lk} ${b} y ON ${onl}` };
  }
  if (r.chance(0.15)) items.push(scalarSubquery(r));
  // The join method forced by a hint (y after x): nested loops, hash
  // (HASH JOIN, OUTER for a left join) or merge (MERGE JOIN; a left join
  // keeps its nested loop or hash join).
  const method = r.pick(['', '', 'use_nl', 'use_hash', 'use_merge']);
  const hint = method ? `/*+ leading(x) ${method}(y) */ ` : '';
  return finish(r, items, from, w, { hint });
}

function groupSelect(r, table) {
  const g = exprGen(r, scopeCols('x'));
  const nk = r.int(1, 2);
  const keys = [];
  // Keys read a column: SQLite takes a constant integer key for a position.
  const hasCol = (e) => /x\./.test(e.o);
  for (let i = 0; i < nk; i++) {
    let k = r.chance(0.7) ? g.any(0) : g.any(1);
    if (!hasCol(k)) k = E('x.n1', 'x.n1', 'n');
    keys.push(k);
  }
  const agg = () => {
    const f = r.pick(['count', 'count*', 'sum', 'min', 'max', 'avg', 'minS', 'maxS', 'countD', 'sumD', 'avgD']);
    if (f === 'count*') return E('count(*)', 'count(*)', 'n');
    if (f.endsWith('D')) {
      // COUNT/SUM/AVG(DISTINCT x); a CHAR argument is trimmed, as SQLite
      // does not blank-pad (all blanks trim to Oracle's '', NULL).
      const fn = f.slice(0, -1);
      let a = fn === 'count' ? g.any(1) : g.num(1);
      if (a.c) a = E(`rtrim(${a.o})`, `NULLIF(rtrim(${a.l}), '')`, a.t);
      return E(`${fn}(distinct ${a.o})`, `${fn}(DISTINCT ${a.l})`, 'n');
    }
    if (f === 'minS' || f === 'maxS') {
      // MAX of a CHAR is CHAR: HAVING would compare it blank-padded.
      let a = g.str(1);
      if (a.c) a = E('x.s1', 'x.s1', 's');
      return E(`${f.slice(0, 3)}(${a.o})`, `${f.slice(0, 3)}(${a.l})`, 's');
    }
    const a = f === 'count' ? g.any(1) : g.num(1);
    return E(`${f}(${a.o})`, `${f}(${a.l})`, 'n');
  };
  // Sometimes no GROUP BY: one row of aggregates (SORT AGGREGATE).
  const grouped = r.chance(0.85);
  const items = [];
  if (grouped) for (const k of keys) if (r.chance(0.8)) items.push(k);
  const na = r.int(items.length ? 0 : 1, 3);
  for (let i = 0; i < na; i++) items.push(agg());
  if (r.chance(0.2) && items.length) {
    // An expression over a key and an aggregate.
    const a = agg();
    if (a.t === 'n') items.push(E(`nvl(${a.o}, 0) + 1`, `ifnull(${a.l}, 0) + 1`, 'n'));
  }
  const w = where(r, g);
  if (!grouped) return finish(r, items, { o: `${table} x`, l: `${table} x` }, w);
  let extra = { o: ` group by ${keys.map((k) => k.o).join(', ')}`, l: ` GROUP BY ${keys.map((k) => k.l).join(', ')}` };
  if (r.chance(0.4)) {
    const a = agg();
    const v = String(r.int(0, 4));
    const cmp = a.t === 'n' ? E(v, v, 'n') : E("'b'", "'b'", 's');
    const op = r.pick(['>', '>=', '<', '=', '<>']);
    extra = { o: `${extra.o} having ${a.o} ${op} ${cmp.o}`, l: `${extra.l} HAVING ${a.l} ${op} ${cmp.l}` };
  }
  return finish(r, items, { o: `${table} x`, l: `${table} x` }, w, extra);
}

function unionAll(r, a, b) {
  const types = [];
  const n = r.int(1, 3);
  for (let i = 0; i < n; i++) types.push(r.chance(0.6) ? 'n' : 's');
  // Set operators: UNION ALL, UNION, INTERSECT, MINUS (SQLite's EXCEPT),
  // applied left to right in both; a CHAR item is trimmed where rows are
  // compared (SQLite does not blank-pad; all blanks trim to NULL).
  const ops = [r.pick(SET_OPS)];
  const distinct = () => ops.some((op) => op !== 'union all');
  const branch = (table) => {
    const g = exprGen(r, scopeCols('x'));
    const items = types.map((t) => {
      const e = t === 'n' ? g.num(r.int(0, 2)) : g.str(r.int(0, 2));
      return e.c && distinct() ? E(`rtrim(${e.o})`, `NULLIF(rtrim(${e.l}), '')`, e.t) : e;
    });
    const w = where(r, g);
    return {
      o: `select ${items.map((i) => i.o).join(', ')} from ${table} x${w.o}`,
      l: `SELECT ${items.map((i) => i.l).join(', ')} FROM ${table} x${w.l}`,
    };
  };
  const three = r.chance(0.3);
  if (three) ops.push(r.pick(SET_OPS));
  const parts = [branch(a), branch(b)];
  if (three) parts.push(branch(r.pick([a, b])));
  const ord = r.chance(0.5) ? orderBy(r, n) : null;
  const join = (k) => parts.map((p, i) => (i ? ` ${k === 'o' ? ops[i - 1] : SET_OPS_LITE[ops[i - 1]]} ` : '') + p[k]).join('');
  return {
    o: join('o') + (ord ? ord.o : ''),
    l: join('l') + (ord ? ord.l : ''),
    order: ord ? ord.keys : null,
  };
}

const SET_OPS = ['union all', 'union all', 'union', 'intersect', 'minus'];
const SET_OPS_LITE = { 'union all': 'UNION ALL', union: 'UNION', intersect: 'INTERSECT', minus: 'EXCEPT' };

function topN(r, table) {
  // Ordered by the unique id last, so the first n rows are determined.
  const g = exprGen(r, scopeCols('x'));
  const items = selectList(r, g, r.int(1, 3));
  const w = where(r, g);
  const n = r.int(0, 6);
  let k = g.any(1);
  if (!/x\./.test(k.o)) k = E('x.n2', 'x.n2', 'n');
  const desc = r.chance(0.4);
  if (r.chance(0.5)) {
    // The row limiting clause: OFFSET m ROWS FETCH FIRST n ROWS ONLY -> LIMIT n OFFSET m.
    const m = r.chance(0.5) ? r.int(0, 4) : null;
    const sel = items.map((i, j) => `${i.o} c${j}`).join(', ');
    const ord = `order by ${k.o}${desc ? ' desc' : ''}, x.id`;
    const off = m === null ? '' : ` offset ${m} rows`;
    const o = `select ${sel} from ${table} x${w.o} ${ord}${off} fetch ${r.pick(['first', 'next'])} ${n} rows only`;
    const l = `SELECT ${items.map((i, j) => `${i.l} AS c${j}`).join(', ')} FROM ${table} x${w.l} ORDER BY ${k.l} ${desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}, x.id LIMIT ${n}${m === null ? '' : ` OFFSET ${m}`}`;
    return { o, l, order: 'exact' };
  }
  const o = `select * from (select ${items.map((i, j) => `${i.o} c${j}`).join(', ')} from ${table} x${w.o} order by ${k.o}${desc ? ' desc' : ''}, x.id) where rownum <= ${n}`;
  const l = `SELECT ${items.map((i, j) => `${i.l} AS c${j}`).join(', ')} FROM ${table} x${w.l} ORDER BY ${k.l} ${desc ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}, x.id LIMIT ${n}`;
  return { o, l, order: 'exact' };
}
