// SQL*Plus's BREAK and COMPUTE over a query's rows (SQL*Plus User's Guide,
// BREAK and COMPUTE): a break column's repeated value is blanked
// (NODUPLICATES, the default), SKIP n puts n blank lines before the row
// where the value changes (the skips of every break that changes there,
// summed), and each COMPUTE prints its summary under the group it ends:
// a line of `*` under the break column and `-` under each computed
// column, then one line per function (AVG, COUNT, MINIMUM, MAXIMUM,
// NUMBER, SUM, in that order), its label left-aligned in the break column
// (ON REPORT: in the first column, none when that column is computed).

/**
 * @typedef {{ on: string, skip: number, duplicates: boolean }} Break
 * @typedef {{ of: string, on: string, functions: string[][] }} Compute
 * @typedef {string|number|null|undefined} Cell
 */

const ORDER = ['avg', 'count', 'minimum', 'maximum', 'number', 'sum'];

/**
 * A function over a column's values (NULLs left out but by NUMBER).
 * @param {string} fn @param {Cell[]} values
 * @returns {Cell}
 */
function compute(fn, values) {
  const present = values.filter((v) => v !== null && v !== undefined);
  const nums = /** @type {number[]} */ (present.filter((v) => typeof v === 'number'));
  if (fn === 'number') return values.length;
  if (fn === 'count') return present.length;
  if (fn === 'sum') return nums.length ? nums.reduce((a, b) => a + b, 0) : null;
  if (fn === 'avg') return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : null;
  if (!present.length) return null;
  const cmp = (/** @type {Cell} */ a, /** @type {Cell} */ b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  const sorted = [...present].sort(cmp);
  return fn === 'minimum' ? sorted[0] : sorted[sorted.length - 1];
}

/**
 * The records (lines of each row) with BREAK and COMPUTE applied.
 * @param {object} p
 * @param {string[]} p.columns  the printed columns
 * @param {Cell[][]} p.rows  their values
 * @param {string[][]} p.texts  their cells as text
 * @param {number[]} p.widths
 * @param {Break[]} p.breaks
 * @param {Compute[]} p.computes
 * @param {(cells: string[]) => string[]} p.rowLines  a row's lines
 * @param {(v: Cell, c: number) => string} p.cell  a computed value as column c prints it
 * @param {string[]} p.allColumns  every column (a NOPRINT break column still breaks)
 * @param {Cell[][]} p.allRows
 * @returns {string[][]}
 */
export function breakRecords(p) {
  const { columns, rows, texts, widths, rowLines, cell, allColumns, allRows } = p;
  const up = (/** @type {string} */ s) => String(s).toUpperCase();
  const shownAt = (/** @type {string} */ name) => columns.findIndex((h) => up(h) === name);
  const levels = p.breaks
    .filter((b) => b.on !== 'REPORT')
    .map((b) => ({ ...b, src: allColumns.findIndex((h) => up(h) === b.on), at: shownAt(b.on) }))
    .filter((b) => b.src >= 0);
  const report = p.breaks.some((b) => b.on === 'REPORT');
  /** @param {number} r @param {{ src: number }} b */
  const key = (r, b) => {
    const v = allRows[r][b.src];
    return v === null || v === undefined ? null : String(v);
  };
  /** The summary lines of the rows [from, to) for break `on` (label in column `labelAt`, -1: none). */
  const summary = (/** @type {string} */ on, /** @type {number} */ at, /** @type {number} */ from, /** @type {number} */ to) => {
    const cs = p.computes.filter((c) => c.on === on).map((c) => ({ ...c, at: shownAt(c.of) })).filter((c) => c.at >= 0);
    if (!cs.length) return [];
    const computed = new Set(cs.map((c) => c.at));
    const labelAt = on === 'REPORT' ? (computed.has(0) ? -1 : 0) : at;
    const marker = columns.map(() => '');
    if (on !== 'REPORT' && at >= 0) marker[at] = '*'.repeat(widths[at]);
    for (const c of cs) marker[c.at] = '-'.repeat(widths[c.at]);
    const out = rowLines(marker);
    for (const fn of ORDER) {
      const with_ = cs.filter((c) => c.functions.some(([f]) => f === fn));
      if (!with_.length) continue;
      const cells = columns.map(() => '');
      if (labelAt >= 0) {
        const label = String(with_[0].functions.find(([f]) => f === fn)?.[1] ?? fn).slice(0, widths[labelAt]);
        cells[labelAt] = label.padEnd(widths[labelAt]);
      }
      for (const c of with_) {
        const v = compute(fn, rows.slice(from, to).map((r) => r[c.at]));
        // A number right-aligned, in a character column too (COUNT OF a name).
        const text = v === null || v === undefined ? '' : cell(v, c.at);
        cells[c.at] = typeof v === 'number' ? text.padStart(widths[c.at]) : text;
      }
      out.push(...rowLines(cells));
    }
    return out;
  };
  /** @type {string[][]} */
  const records = [];
  const start = levels.map(() => 0);
  for (let r = 0; r < rows.length; r++) {
    const level = r === 0 ? -1 : levels.findIndex((b) => key(r, b) !== key(r - 1, b));
    const cells = [...texts[r]];
    levels.forEach((b, i) => {
      const printed = r === 0 || (level >= 0 && i >= level) || b.duplicates;
      if (!printed && b.at >= 0) cells[b.at] = '';
    });
    /** @type {string[]} */
    const lines = [];
    if (level >= 0) {
      for (let i = levels.length - 1; i >= level; i--) {
        records[records.length - 1].push(...summary(levels[i].on, levels[i].at, start[i], r));
        start[i] = r;
      }
      const skip = levels.slice(level).reduce((n, b) => n + b.skip, 0);
      for (let k = 0; k < skip; k++) lines.push('');
    }
    lines.push(...rowLines(cells));
    records.push(lines);
  }
  if (rows.length) {
    const last = records[records.length - 1];
    for (let i = levels.length - 1; i >= 0; i--) last.push(...summary(levels[i].on, levels[i].at, start[i], rows.length));
    // The end of the report is a break of every column too: their SKIPs
    // come before the report's summary.
    const total = report ? summary('REPORT', -1, 0, rows.length) : [];
    if (total.length) for (let k = levels.reduce((n, b) => n + b.skip, 0); k > 0; k--) last.push('');
    last.push(...total);
  }
  return records;
}
