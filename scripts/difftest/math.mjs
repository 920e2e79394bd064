// LN, EXP, LOG, POWER and SQRT (issue 33) against SQLite's math functions
// (SQLITE_ENABLE_MATH_FUNCTIONS, on in better-sqlite3). Oracle computes
// them in NUMBER (correctly rounded to 40 digits in the lab), SQLite in
// binary doubles: they agree to the runner's 9 significant digits, the
// width SQL*Plus prints. Each function stands at the top of a select-list
// item, never under ROUND, FLOOR or a comparison, where the last binary
// digit could tip a boundary; its arguments keep inside the domain
// (ABS(x) + 1 for LN, LOG and POWER's base: n1 and n2 are NULL or -3..8),
// since Oracle's ORA-01428 is SQLite's NULL; EXP's within e^64.

/** @param {ReturnType<import('./gen.mjs').rng>} r @param {string} table */
export function mathSelect(r, table) {
  const col = () => `x.${r.pick(['n1', 'n2', 'id'])}`;
  const pos = () => `(abs(${col()}) + 1)`;
  // EXP's argument and POWER's exponent from n1 or n2 (ID reaches 1009 in
  // interval-partitioned tables: past NUMBER, ORA-01426, where SQLite
  // says NULL or a double beyond 1e126).
  const small = () => `x.${r.pick(['n1', 'n2'])}`;
  const items = [['x.id', 'x.id']];
  for (let i = r.int(1, 3); i > 0; i--) {
    switch (r.int(0, 5)) {
      case 0: {
        const a = pos();
        items.push([`ln(${a})`, `ln(${a})`]);
        break;
      }
      case 1: {
        const a = r.chance(0.5) ? small() : `(${small()} * ${small()})`;
        items.push([`exp(${a})`, `exp(${a})`]);
        break;
      }
      case 2: {
        // LOG(base, x): the base neither 1 nor below.
        const [b, a] = [`(${pos()} + ${r.pick(['0.5', '1', '9'])})`, pos()];
        items.push([`log(${b}, ${a})`, `log(${b}, ${a})`]);
        break;
      }
      case 3: {
        const [a, e] = [pos(), r.pick(['0.5', '1.5', '-2.25', '1/3', `(${small()} * 0.5)`])];
        items.push([`power(${a}, ${e})`, `power(${a}, ${e === '1/3' ? '1.0/3' : e})`]);
        break;
      }
      case 4: {
        const a = `abs(${col()})`;
        items.push([`sqrt(${a})`, `sqrt(${a})`]);
        break;
      }
      default: {
        // EXP(LN(x)): not x exactly in NUMBER, x at 9 digits.
        const a = pos();
        items.push([`exp(ln(${a}))`, `exp(ln(${a}))`]);
      }
    }
  }
  return {
    o: `select ${items.map((i) => i[0]).join(', ')} from ${table} x`,
    l: `SELECT ${items.map((i) => i[1]).join(', ')} FROM ${table} x`,
    order: null,
  };
}
