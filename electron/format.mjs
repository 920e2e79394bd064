// SQL*Plus-style text for a ScriptResult (docs/ENGINE-API.md). Pure
// functions: data in, lines out. Used by the CLI (cli.mjs) and its tests.
//
// A step prints, in order:
//   echo      `SQL> first line` / `  2  next line`  (opts.echo, default on)
//   error     offending line, `*` under the column, `ERROR at line N:`, `ORA-nnnnn: ...`
//   rows      SQL*Plus column layout + `N rows selected.` (queries, unless TRACEONLY)
//   output    the engine's text lines (DBMS_OUTPUT, PROMPT, LAB messages)
//   feedback  `Table created.`, `1 row created.`, ... as the engine gives it
//   runs      LAB RUN per-run table and trimmed mean
//   autotrace `Execution Plan` and `Statistics` sections (SET AUTOTRACE ON/TRACEONLY)

/**
 * @typedef {import('./api.mjs').ScriptResult} ScriptResult
 * @typedef {import('./api.mjs').Step} Step
 * @typedef {import('./api.mjs').PlanLine} PlanLine
 * @typedef {import('./api.mjs').RunResult} RunResult
 * @typedef {string|number|null|undefined} Cell
 */

/** SQL*Plus's default NUMWIDTH. */
export const NUMWIDTH = 10;

/** Autotrace's classic statistics, in the order SQL*Plus prints them. */
export const CLASSIC_AUTOTRACE_STATS = Object.freeze([
  'recursive calls',
  'db block gets',
  'consistent gets',
  'physical reads',
  'redo size',
  'bytes sent via SQL*Net to client',
  'bytes received via SQL*Net from client',
  'SQL*Net roundtrips to/from client',
  'sorts (memory)',
  'sorts (disk)',
  'rows processed',
]);

/** Statistics shown as columns of the LAB RUN per-run table, when present. */
export const RUN_TABLE_STATS = Object.freeze([
  'consistent gets',
  'db block gets',
  'memopt r lookups',
  'physical reads',
  'SQL*Net roundtrips to/from client',
]);

const DASHES = '-'.repeat(58);

// ------------------------------------------------------------------ helpers

/** @param {string} s @param {number} w */
const padL = (s, w) => s.padStart(w);
/** @param {string} s @param {number} w */
const padR = (s, w) => s.padEnd(w);

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
  if (s.length <= width) return s;
  if (!Number.isInteger(n)) {
    for (let d = width; d >= 0; d--) {
      const t = noLeadingZero(String(Number(n.toFixed(d))));
      if (t.length <= width) return t;
    }
  }
  for (let p = width - 6; p >= 0; p--) {
    const t = n.toExponential(p).toUpperCase().replace(/E([+-])(\d)$/, 'E$10$2');
    if (t.length <= width) return t;
  }
  return '#'.repeat(width);
}

/** @param {Cell} v */
function cellText(v, width = NUMWIDTH) {
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
 * Rows in SQL*Plus column layout: headers (right-aligned over NUMBER
 * columns), a dash underline per column, one line per row. Trailing blanks
 * are trimmed.
 * @param {string[]} columns
 * @param {Cell[][]} rows
 * @returns {string[]}
 */
export function formatRows(columns, rows) {
  const numeric = columns.map((_, c) => {
    let any = false;
    for (const r of rows) {
      const v = r[c];
      if (v === null || v === undefined) continue;
      if (typeof v !== 'number') return false;
      any = true;
    }
    return any;
  });
  const texts = rows.map((r) => columns.map((_, c) => cellText(r[c])));
  const widths = columns.map((h, c) =>
    Math.max(h.length, numeric[c] ? NUMWIDTH : 1, ...texts.map((t) => t[c].length)),
  );
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((t, c) => (numeric[c] ? padL(t, widths[c]) : padR(t, widths[c]))).join(' ').trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join(' '), ...texts.map(line)];
}

/**
 * @param {number} n
 * @returns {string}  `no rows selected`, `1 row selected.`, `N rows selected.`
 */
export function rowCountLine(n) {
  if (n === 0) return 'no rows selected';
  return `${plural(n, 'row', 'rows')} selected.`;
}

// ------------------------------------------------------------------ autotrace

/**
 * Statistics in autotrace order: the classic ones first (when present),
 * then all others alphabetically. Zero values are left out.
 * @param {Record<string, number>} stats
 * @returns {[string, number][]}
 */
export function orderStats(stats) {
  const entries = Object.entries(stats ?? {}).filter(([, v]) => v !== 0 && v !== null);
  const classic = new Map(CLASSIC_AUTOTRACE_STATS.map((n, i) => [n, i]));
  const first = entries
    .filter(([n]) => classic.has(n))
    .sort((a, b) => /** @type {number} */ (classic.get(a[0])) - /** @type {number} */ (classic.get(b[0])));
  const rest = entries
    .filter(([n]) => !classic.has(n))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return [...first, ...rest];
}

/**
 * The `Statistics` section: value right-aligned in 10 characters, two
 * spaces, the statistic name.
 * @param {Record<string, number>} stats
 * @returns {string[]}
 */
export function formatStatistics(stats) {
  return [
    'Statistics',
    DASHES,
    ...orderStats(stats).map(([name, v]) => `${padL(String(v), 10)}  ${name}`),
  ];
}

/**
 * The plan table, DBMS_XPLAN style, operations indented by depth.
 * @param {PlanLine[]} plan
 * @returns {string[]}
 */
export function formatPlanTable(plan) {
  /** @type {{ head: string, right: boolean, get: (p: PlanLine) => string }[]} */
  const cols = [
    { head: 'Id', right: true, get: (p) => String(p.id) },
    { head: 'Operation', right: false, get: (p) => ' '.repeat(Math.max(0, p.depth ?? 0)) + p.operation },
    { head: 'Name', right: false, get: (p) => p.name ?? '' },
    { head: 'Starts', right: true, get: (p) => cellText(p.starts, 99) },
    { head: 'E-Rows', right: true, get: (p) => cellText(p.e_rows, 99) },
    { head: 'A-Rows', right: true, get: (p) => cellText(p.a_rows, 99) },
    { head: 'Buffers', right: true, get: (p) => cellText(p.buffers, 99) },
    { head: 'Cost', right: true, get: (p) => cellText(p.cost, 99) },
  ];
  const cells = plan.map((p) => cols.map((c) => c.get(p)));
  const widths = cols.map((c, i) =>
    Math.max(c.head.length, i === 0 ? 3 : 0, ...cells.map((r) => r[i].length)),
  );
  // Each cell is ` text `; the Id cell's leading blank is DBMS_XPLAN's slot
  // for the predicate `*` (LIO Lab reports no predicates, so it stays blank).
  /** @param {string[]} r @param {boolean} header */
  const row = (r, header) =>
    '|' +
    r
      .map((t, i) => ` ${cols[i].right && !header ? padL(t, widths[i]) : padR(t, widths[i])} `)
      .join('|') +
    '|';
  const head = row(cols.map((c) => c.head), true);
  const rule = '-'.repeat(head.length);
  return [rule, head, rule, ...cells.map((r) => row(r, false)), rule];
}

/**
 * The `Execution Plan` section.
 * @param {PlanLine[]} plan
 * @returns {string[]}
 */
export function formatExecutionPlan(plan) {
  return ['Execution Plan', DASHES, '', ...formatPlanTable(plan)];
}

// ------------------------------------------------------------------ errors

/**
 * An error as SQL*Plus prints it: the offending line of the statement, a
 * `*` under the column, `ERROR at line N:` (N counted within the statement)
 * and `CODE: message`. SQL*Plus's own errors (`SP2-`) print alone.
 * @param {Step} step
 * @returns {string[]}
 */
export function formatError(step) {
  const err = step.error;
  if (!err) return [];
  const head = `${err.code}: ${err.message}`.split('\n');
  if (/^SP2-/.test(err.code)) return head;
  const lines = String(step.statement ?? '').split('\n');
  const stmtLine = step.line || 1;
  const rel = err.line ? err.line - stmtLine + 1 : 0;
  if (rel < 1 || rel > lines.length) return ['ERROR:', ...head];
  const src = lines[rel - 1].replace(/\s+$/, '');
  const startCol = rel === 1 ? step.column || 1 : 1;
  const col = Math.max(0, Math.min((err.column || startCol) - startCol, src.length));
  return [src, `${' '.repeat(col)}*`, `ERROR at line ${rel}:`, ...head];
}

// ------------------------------------------------------------------ feedback

/**
 * The feedback line(s) SQL*Plus prints after a statement that is not a
 * query (`Table created.`, `1 row created.`, `Connected.`): the engine's own
 * text, never re-derived here.
 * @param {Step & { feedback?: string }} step
 * @returns {string[]}
 */
export function feedbackLines(step) {
  return step.feedback ? String(step.feedback).split('\n') : [];
}

// ------------------------------------------------------------------ LAB RUN

/**
 * Mean of `values`, dropping one minimum and one maximum when there are at
 * least 3 values.
 * @param {number[]} values
 * @returns {{ mean: number, kept: number[], dropped: number[], low: number, high: number }}
 *   indexes into values (`low`/`high`: the dropped fastest/slowest, -1 when none)
 */
export function trimmedMean(values) {
  if (values.length === 0) return { mean: NaN, kept: [], dropped: [], low: -1, high: -1 };
  let low = 0;
  let high = 0;
  values.forEach((v, i) => {
    if (v < values[low]) low = i;
    if (v > values[high]) high = i;
  });
  if (low === high) high = low === 0 ? 1 : 0; // all equal: drop any other one
  const dropped = values.length >= 3 ? [low, high].sort((a, b) => a - b) : [];
  const kept = values.map((_, i) => i).filter((i) => !dropped.includes(i));
  const mean = kept.reduce((a, i) => a + values[i], 0) / kept.length;
  return dropped.length ? { mean, kept, dropped, low, high } : { mean, kept, dropped, low: -1, high: -1 };
}

/** @param {number} v */
function meanText(v) {
  if (!Number.isFinite(v)) return '';
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

/**
 * The per-run table of a LAB RUN step and its trimmed mean.
 * @param {RunResult[]} runs
 * @param {{ stats?: readonly string[] }} [opts]
 * @returns {string[]}
 */
export function formatRuns(runs, { stats = RUN_TABLE_STATS } = {}) {
  if (!runs.length) return [];
  const shown = stats.filter((name) => runs.some((r) => (r.stats?.[name] ?? 0) !== 0));
  const secs = runs.map((r) => (r.elapsed_us ?? 0) / 1e6);
  const decimals = Math.max(...secs) >= 1 ? 3 : 6;
  const { mean, kept, dropped, low, high } = trimmedMean(secs);
  const heads = ['Run', 'Elapsed (s)', ...shown];
  /** @type {string[][]} */
  const body = runs.map((r, i) => [
    String(r.run ?? i + 1),
    secs[i].toFixed(decimals),
    ...shown.map((n) => String(r.stats?.[n] ?? 0)),
  ]);
  const meanRow = [
    dropped.length ? 'Trimmed mean' : 'Mean',
    mean.toFixed(decimals),
    ...shown.map((n) => meanText(kept.reduce((a, i) => a + (runs[i].stats?.[n] ?? 0), 0) / kept.length)),
  ];
  const widths = heads.map((h, c) => Math.max(h.length, meanRow[c].length, ...body.map((r) => r[c].length)));
  // First column (run number, mean label) left-aligned; numbers right-aligned.
  /** @param {string[]} r */
  const line = (r) => r.map((t, c) => (c === 0 ? padR(t, widths[0]) : padL(t, widths[c]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const runNo = (/** @type {number} */ i) => runs[i].run ?? i + 1;
  const note = dropped.length
    ? `Trimmed mean of ${kept.length} runs (dropped fastest run ${runNo(low)} and slowest run ${runNo(high)}): ${mean.toFixed(decimals)} s`
    : `Mean of ${kept.length} run${kept.length === 1 ? '' : 's'}: ${mean.toFixed(decimals)} s`;
  return [line(heads), rule, ...body.map(line), rule, line(meanRow), '', note];
}

// ------------------------------------------------------------------ steps

/**
 * The statement as SQL*Plus echoes it: `SQL> ` then numbered continuation
 * lines.
 * @param {string} statement
 * @returns {string[]}
 */
export function echoLines(statement) {
  const lines = String(statement ?? '').replace(/\s+$/, '').split('\n');
  return lines.map((l, i) => (i === 0 ? `SQL> ${l}` : `${padL(String(i + 1), 3)}  ${l}`));
}

/**
 * @typedef {object} FormatOptions
 * @property {boolean} [echo]  echo each statement (`SQL> ...`), default true
 */

/**
 * All text lines for one step (without a trailing blank line).
 * @param {Step} step
 * @param {FormatOptions} [opts]
 * @returns {string[]}
 */
export function formatStep(step, { echo = true } = {}) {
  /** @type {string[]} */
  const out = echo ? echoLines(step.statement) : [];
  /** @param {string[]} block */
  const section = (block) => {
    if (!block.length) return;
    if (out.length) out.push('');
    out.push(...block);
  };
  if (step.error) {
    out.push(...formatError(step));
    if (step.output?.length) section(step.output);
    return out;
  }
  const autotrace = step.autotrace ?? 'off';
  if (step.kind === 'query') {
    const rows = step.rows ?? [];
    if (autotrace !== 'traceonly' && rows.length) section(formatRows(step.columns ?? [], rows));
    section([rowCountLine(typeof step.rows_processed === "number" ? step.rows_processed : rows.length)]);
    if (step.output?.length) section(step.output);
  } else {
    if (step.output?.length) section(step.output);
    else if (leadingWords(step.statement, 1)[0] === 'PROMPT') {
      section([String(step.statement).replace(/^\s*PROMPT\s?/i, '')]);
    }
    if (step.kind === 'lab' && leadingWords(step.statement, 2)[1] === 'PROFILE' && !step.output?.length) {
      section(step.folded ?? []);
    }
    section(feedbackLines(step));
  }
  if (Array.isArray(step.runs)) section(formatRuns(step.runs));
  if (autotrace === 'on' || autotrace === 'traceonly') {
    if (step.plan?.length) section(formatExecutionPlan(step.plan));
    if (step.stats && Object.keys(step.stats).length) {
      if (step.plan?.length) out.push('');
      section(formatStatistics(step.stats));
    }
  }
  return out;
}


/**
 * A whole ScriptResult as SQL*Plus-style text, steps separated by a blank
 * line.
 * @param {ScriptResult} result
 * @param {FormatOptions} [opts]
 * @returns {string}
 */
export function formatScriptResult(result, opts = {}) {
  const blocks = (result.steps ?? []).map((s) => formatStep(s, opts)).filter((b) => b.length);
  return blocks.map((b) => b.join('\n') + '\n').join('\n');
}

/**
 * Every step's folded cost stacks (`frame;frame weight`), one per line:
 * readable by any flame-graph tool.
 * @param {ScriptResult} result
 * @returns {string}
 */
export function formatFolded(result) {
  const lines = (result.steps ?? []).flatMap((s) => s.folded ?? []);
  return lines.length ? lines.join('\n') + '\n' : '';
}

/**
 * The `--json` document: `{"lio_lab": version, "steps": [...]}`.
 * @param {ScriptResult} result
 * @returns {string}
 */
export function formatJson(result) {
  return JSON.stringify({ lio_lab: result.lio_lab, steps: result.steps ?? [] }) + '\n';
}
