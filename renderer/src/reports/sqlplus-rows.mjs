// The rows of a query as SQL*Plus lays them out (reports/sqlplus.mjs prints
// the rest of a step): number formats (NUMWIDTH, COLUMN ... FORMAT masks),
// column widths, headings, wrapping and pages (formatRows), and the row
// count and timing lines. Pure functions: data in, lines out.
import { breakRecords } from './sqlplus-break.mjs';

/**
 * @typedef {string|number|null|undefined} Cell
 */

/** SQL*Plus's default NUMWIDTH. */
export const NUMWIDTH = 10;

/** @param {string} s @param {number} w */
export const padL = (s, w) => s.padStart(w);
/** @param {string} s @param {number} w */
export const padR = (s, w) => s.padEnd(w);

/**
 * A NUMBER as SQL*Plus shows it: no leading zero before the decimal point
 * (`.5`), rounded to fit `width` characters, scientific when an integer is
 * too wide.
 * @param {number} n
 * @param {number} [width]
 */
export function formatNumber(n, width = NUMWIDTH) {
  if (!Number.isFinite(n)) return n > 0 ? '~' : n < 0 ? '-~' : '';
  /** @param {string} s */
  const noLeadingZero = (s) => s.replace(/^(-?)0\./, '$1.');
  let s = noLeadingZero(String(n));
  if (s.includes('e')) s = noLeadingZero(n.toFixed(20).replace(/0+$/, '').replace(/\.$/, ''));
  // From 1e21 toFixed writes JavaScript's exponent ('1e+44'): SQL*Plus
  // never prints that; it goes to its own E notation below.
  if (s.length <= width && !s.includes('e')) return s;
  if (!Number.isInteger(n)) {
    for (let d = width; d >= 0; d--) {
      // A value that would round to 0 in the width (1e-20) goes to E
      // notation, as SQL*Plus prints it (1.0000E-20).
      if (Number(n.toFixed(d)) === 0) break;
      const t = noLeadingZero(String(Number(n.toFixed(d))));
      if (t.length <= width && !t.includes('e')) return t;
    }
  }
  for (let p = width - 6; p >= 0; p--) {
    const t = n.toExponential(p).toUpperCase().replace(/E([+-])(\d)$/, 'E$10$2');
    if (t.length <= width) return t;
  }
  return '#'.repeat(width);
}

/** @param {Cell} v */
export function cellText(v, width = NUMWIDTH) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return formatNumber(v, width);
  return String(v);
}

/** @param {number} n @param {string} singular @param {string} plural */
const plural = (n, singular, plural) => `${n} ${n === 1 ? singular : plural}`;

/**
 * The statement's leading words, upper-cased, after comments and hints.
 * @param {string} statement
 * @param {number} [count]
 * @returns {string[]}
 */
export function leadingWords(statement, count = 4) {
  const s = String(statement ?? '')
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ')
    .replace(/--[^\n]*/g, ' ');
  return (s.match(/[A-Za-z_$#][A-Za-z0-9_$#]*|\S/g) ?? []).slice(0, count).map((w) => w.toUpperCase());
}

// ------------------------------------------------------------------ rows

/**
 * A SQL*Plus number format (COLUMN ... FORMAT, SET NUMFORMAT) taken
 * apart: `9`, `0`, `,`, `.` with `$`, `B`, `S` (first or last), `MI`
 * (last) and `FM`; null when `fmt` is not one.
 * @param {string} fmt
 */
export function parseNumberMask(fmt) {
  let m = String(fmt ?? '').toUpperCase();
  const fm = m.startsWith('FM');
  if (fm) m = m.slice(2);
  let sign = /** @type {'' | 'MI' | 'S' | 'SL'} */ ('');
  if (m.endsWith('MI')) { sign = 'MI'; m = m.slice(0, -2); } else if (m.endsWith('S')) { sign = 'S'; m = m.slice(0, -1); }
  let dollar = false;
  let blank = false;
  for (;;) {
    if (m.startsWith('$')) { dollar = true; m = m.slice(1); } else if (m.startsWith('B')) { blank = true; m = m.slice(1); } else if (m.startsWith('S') && !sign) { sign = 'SL'; m = m.slice(1); } else break;
  }
  if (!/^[09][09,]*(\.[09]*)?$|^\.[09]+$/.test(m)) return null;
  const dot = m.indexOf('.');
  const intMask = dot < 0 ? m : m.slice(0, dot);
  const decimals = dot < 0 ? 0 : m.length - dot - 1;
  // Width as TO_CHAR gives it: the mask, `$`, and one place for the sign.
  const width = m.length + (dollar ? 1 : 0) + 1;
  return { fm, sign, dollar, blank, intMask, decimals, width };
}

/**
 * A number in a SQL*Plus number format (`999,999`, `9990.99`, `0999`,
 * `$99.99`, `B999`, `999MI`, `S999`, `FM999`), as TO_CHAR writes it:
 * `width` characters, right-aligned, `#`s when it does not fit; null when
 * `fmt` is no number format the lab knows.
 * @param {number} n
 * @param {string} fmt
 */
export function formatNumberMask(n, fmt) {
  const f = parseNumberMask(fmt);
  if (!f) return null;
  const { fm, sign, dollar, blank, intMask, decimals, width } = f;
  if (blank && n === 0) return ' '.repeat(width);
  const [intDigits, frac = ''] = Math.abs(n).toFixed(decimals).split('.');
  const positions = intMask.replace(/,/g, '').length;
  const firstZero = intMask.replace(/,/g, '').indexOf('0');
  const minDigits = firstZero < 0 ? 0 : positions - firstZero;
  let digits = intDigits.replace(/^0+/, '');
  if (digits.length < minDigits) digits = digits.padStart(minDigits, '0');
  if (!digits && decimals === 0) digits = '0';
  if (digits.length > positions) return '#'.repeat(width);
  // Group separators where the mask has them, among the digits printed.
  let int = '';
  let k = digits.length;
  for (let i = intMask.length - 1; i >= 0 && k > 0; i--) {
    if (intMask[i] === ',') int = ',' + int;
    else int = digits[--k] + int;
  }
  const neg = n < 0 && Number(intDigits + (frac ? '.' + frac : '')) !== 0;
  let text = (dollar ? '$' : '') + int + (decimals > 0 ? '.' + frac : '');
  if (sign === 'SL') text = (neg ? '-' : '+') + text;
  else if (sign === 'S') text += neg ? '-' : '+';
  else if (sign === 'MI') text += neg ? '-' : ' ';
  else if (neg) text = '-' + text;
  if (fm) text = text.trim();
  if (text.length > width) return '#'.repeat(width);
  return text.padStart(width);
}

/**
 * @typedef {object} RowOptions  SQL*Plus settings for the rows (all optional)
 * @property {Record<string, string>} [headings]  COLUMN ... HEADING, by upper-case name (`|` starts a new line)
 * @property {string[]} [noprint]  COLUMN ... NOPRINT columns (upper case)
 * @property {boolean[]} [numeric]  per column, its type is NUMBER (right-aligned, NUMWIDTH wide, even with no value)
 * @property {boolean} [heading]  SET HEADING (default ON)
 * @property {string} [colsep]  SET COLSEP (default one blank)
 * @property {string} [null]  SET NULL text
 * @property {string} [underline]  SET UNDERLINE's character (`''`: OFF)
 * @property {string} [numformat]  SET NUMFORMAT
 * @property {number} [numwidth]  SET NUMWIDTH (default 10)
 * @property {boolean} [wrap]  SET WRAP (default ON)
 * @property {number} [pagesize]  SET PAGESIZE: headings again on each page (0: none at all); no pages when absent
 * @property {number | null} [newpage]  SET NEWPAGE: blank lines at the top of each page after the first (null: NONE)
 * @property {import('./sqlplus-break.mjs').Break[]} [breaks]  BREAK ON ..., outermost first
 * @property {import('./sqlplus-break.mjs').Compute[]} [computes]  COMPUTE ... OF ... ON ...
 */

/**
 * Rows in SQL*Plus column layout: headers (right-aligned over NUMBER
 * columns), an underline per column, one line per row, columns joined by
 * SET COLSEP. Trailing blanks are trimmed. `formats` are COLUMN ...
 * FORMAT settings by upper-case column name: `a30` sets a text column's
 * width, `999,999` formats a number column (SET NUMFORMAT every other
 * number column). `declared` are the engine's display widths (a
 * VARCHAR2(30) column shows 30 wide, its heading cut to that), at most
 * `linesize` wide; a longer value wraps onto the next lines, as SQL*Plus's
 * default SET WRAP ON does (cut with WRAP OFF). With `opts.pagesize` the
 * headings repeat on each page of that many lines, after SET NEWPAGE's
 * blank lines, as SQL*Plus pages its output.
 * @param {string[]} allColumns
 * @param {Cell[][]} allRows
 * @param {Record<string, string>} [formats]
 * @param {number[]} [allDeclared]
 * @param {number} [linesize]
 * @param {RowOptions} [opts]
 * @returns {string[]}
 */
export function formatRows(allColumns, allRows, formats = {}, allDeclared = [], linesize = 80, opts = {}) {
  const noprint = new Set(opts.noprint ?? []);
  const shown = allColumns.map((_, c) => c).filter((c) => !noprint.has(String(allColumns[c]).toUpperCase()));
  const columns = shown.map((c) => allColumns[c]);
  const rows = allRows.map((r) => shown.map((c) => r[c]));
  const declared = shown.map((c) => allDeclared[c]);
  const colsep = opts.colsep ?? ' ';
  const nullText = opts.null ?? '';
  const underline = opts.underline ?? '-';
  const wrap = opts.wrap ?? true;
  const numwidth = opts.numwidth ?? NUMWIDTH;
  const headingOn = (opts.heading ?? true) && opts.pagesize !== 0;
  // The values decide; a column with none (all NULL) is numeric when the
  // engine says its type is NUMBER.
  const numeric = columns.map((_, c) => {
    let any = false;
    for (const r of rows) {
      const v = r[c];
      if (v === null || v === undefined) continue;
      if (typeof v !== 'number') return false;
      any = true;
    }
    return any || opts.numeric?.[shown[c]] === true;
  });
  const fmt = columns.map((h) => formats[h.toUpperCase()]);
  const textWidth = fmt.map((f, c) =>
    f && /^a\d+$/i.test(f)
      ? Number(f.slice(1))
      : !numeric[c] && declared[c] > 0
        ? Math.min(declared[c], Math.max(linesize, 1))
        : 0,
  );
  const numMask = fmt.map((f, c) => {
    if (!numeric[c]) return null;
    if (f && parseNumberMask(f)) return f;
    if (f && /^a\d+$/i.test(f)) return null;
    return opts.numformat && parseNumberMask(opts.numformat) ? opts.numformat : null;
  });
  const texts = rows.map((r) =>
    columns.map((_, c) => {
      const v = r[c];
      if (v === null || v === undefined) return nullText;
      const mask = numMask[c];
      if (mask && typeof v === 'number') return /** @type {string} */ (formatNumberMask(v, mask)).trimStart();
      return cellText(v, numwidth);
    }),
  );
  const headings = columns.map((h) => String(opts.headings?.[h.toUpperCase()] ?? h).split('|'));
  const headWidth = headings.map((lines) => Math.max(...lines.map((l) => l.length)));
  const widths = columns.map((h, c) => {
    if (textWidth[c]) return textWidth[c];
    const mask = numMask[c];
    if (mask) return Math.max(headWidth[c], /** @type {any} */ (parseNumberMask(mask)).width);
    return Math.max(headWidth[c], numeric[c] ? numwidth : 1, ...texts.map((t) => t[c].length));
  });
  // A record wider than LINESIZE goes on over several lines, as SQL*Plus
  // lays it out: a column that does not fit on the line starts the next
  // one (its heading and underline too).
  const segments = splitSegments(widths, colsep.length, linesize);
  /** @param {string[]} cells @param {number[]} seg */
  const segLine = (cells, seg) =>
    seg.map((c) => (numeric[c] ? padL(cells[c], widths[c]) : padR(cells[c], widths[c]))).join(colsep).trimEnd();
  /** A row: one line, or more where a text is wider than its column. @param {string[]} cells */
  const rowLines = (cells) => segments.flatMap((seg) => segRowLines(cells, seg));
  /** @param {string[]} cells @param {number[]} seg */
  const segRowLines = (cells, seg) => {
    const parts = seg.map((c) => {
      const t = cells[c];
      const w = textWidth[c];
      if (!t.includes('\n') && (!w || t.length <= w)) return [t];
      // A line break in a value starts a new line in the column (V$VERSION's
      // BANNER_FULL, USER_VIEWS.TEXT); each line wraps at the width.
      /** @type {string[]} */
      const out = [];
      for (const piece of t.split('\n')) {
        if (!w || piece.length <= w) out.push(piece);
        else if (!wrap) out.push(piece.slice(0, w));
        else for (let i = 0; i < piece.length; i += w) out.push(piece.slice(i, i + w));
      }
      return out;
    });
    const n = Math.max(...parts.map((p) => p.length));
    return Array.from({ length: n }, (_, k) => {
      /** @type {string[]} */
      const row = [];
      seg.forEach((c, i) => (row[c] = parts[i][k] ?? ''));
      return segLine(row, seg);
    });
  };
  /** @type {string[]} */
  const head = [];
  if (headingOn) {
    for (const seg of segments) {
      const depth = Math.max(...seg.map((c) => headings[c].length));
      for (let k = 0; k < depth; k++) {
        const cells = headings.map((l, c) => (textWidth[c] ? (l[k] ?? '').slice(0, textWidth[c]) : (l[k] ?? '')));
        head.push(segLine(cells, seg));
      }
      if (underline) head.push(seg.map((c) => underline.repeat(widths[c])).join(colsep));
    }
  }
  /** A computed value as column `c` prints it. @param {Cell} v @param {number} c */
  const cell = (v, c) =>
    numMask[c] && typeof v === 'number' ? /** @type {string} */ (formatNumberMask(v, numMask[c])).trimStart() : cellText(v);
  const records = opts.breaks?.length
    ? breakRecords({ columns, rows, texts, widths, breaks: opts.breaks, computes: opts.computes ?? [], rowLines, cell, allColumns, allRows })
    : texts.map(rowLines);
  return paginate(head, records, opts.pagesize, opts.newpage);
}

/**
 * A record wider than LINESIZE goes on over several lines, as SQL*Plus lays
 * it out: a column that does not fit on the line starts the next one (its
 * heading and underline too).
 * @param {number[]} widths @param {number} sep  the column separator's length
 * @param {number} linesize
 * @returns {number[][]} the columns of each line of a record
 */
function splitSegments(widths, sep, linesize) {
  /** @type {number[][]} */
  const segments = [];
  /** @type {number[]} */
  let cur = [];
  let len = 0;
  widths.forEach((w, c) => {
    if (cur.length && len + sep + w > linesize) {
      segments.push(cur);
      cur = [];
      len = 0;
    }
    len += (cur.length ? sep : 0) + w;
    cur.push(c);
  });
  if (cur.length) segments.push(cur);
  return segments;
}

/**
 * Pages of `pagesize` lines (none when 0 or unset): the blank lines of SET
 * NEWPAGE (the first page's are the caller's), the headings, then whole records.
 * @param {string[]} head @param {string[][]} records
 * @param {number | undefined} pagesize @param {number | null | undefined} newpage
 * @returns {string[]}
 */
function paginate(head, records, pagesize, newpage) {
  if (!pagesize) return [...head, ...records.flat()];
  const top = newpage === null ? 0 : (newpage ?? 1);
  const room = Math.max(1, pagesize - top - head.length);
  /** @type {string[]} */
  const out = [...head];
  let used = 0;
  for (const rec of records) {
    if (used > 0 && used + rec.length > room) {
      out.push(...Array(top).fill(''), ...head);
      used = 0;
    }
    out.push(...rec);
    used += rec.length;
  }
  return out;
}

/**
 * @param {number} n
 * @returns {string}  `no rows selected`, `1 row selected.`, `N rows selected.`
 */
export function rowCountLine(n) {
  if (n === 0) return 'no rows selected';
  return `${plural(n, 'row', 'rows')} selected.`;
}

/**
 * The feedback after a query's rows under SET FEEDBACK `threshold` (6 by
 * default; 0 = OFF): `no rows selected` always, `N rows selected.` from
 * the threshold on.
 * @param {number} n
 * @param {number} threshold
 * @returns {string[]}
 */
export function queryFeedback(n, threshold) {
  if (n === 0) return [rowCountLine(0)];
  return threshold > 0 && n >= threshold ? [rowCountLine(n)] : [];
}

/**
 * SET TIMING ON's line: `Elapsed: hh:mm:ss.cc` from microseconds.
 * @param {number} us
 */
export function elapsedLine(us) {
  const cs = Math.round(Math.max(0, us || 0) / 10_000);
  const s = Math.floor(cs / 100);
  /** @param {number} v */
  const two = (v) => String(v).padStart(2, '0');
  return `Elapsed: ${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}.${two(cs % 100)}`;
}
