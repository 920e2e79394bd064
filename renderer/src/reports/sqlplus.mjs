// SQL*Plus-style text for a ScriptResult (docs/ENGINE-API.md). Pure
// functions: data in, lines out. Used by the CLI (electron/cli.mjs through
// electron/format.mjs), its tests, and the UI's "Copy as text".
//
// A step prints, in order:
//   echo      `SQL> first line;` / `  2  next line;`  (opts.echo, default on;
//             SET ECHO in the script wins), with the `;` or `/` as written
//   error     offending line, `*` under the column, `ERROR at line N:`, `ORA-nnnnn: ...`
//   rows      SQL*Plus column layout (COLUMN ... FORMAT applied) and
//             `N rows selected.` from SET FEEDBACK's threshold (queries, unless TRACEONLY)
//   output    the engine's text lines (DBMS_OUTPUT, PROMPT, LAB messages)
//   feedback  `Table created.`, `1 row created.`, ... as the engine gives it
//   runs      LAB RUN per-run table and trimmed mean
//   timing    `Elapsed: hh:mm:ss.cc` (SET TIMING ON)
//   autotrace SQL*Plus 18c: `Execution Plan` (dbms_xplan TYPICAL text from the
//             engine) and `Statistics` (SQL*Plus's fixed 11); or SQLcl's
//             `Explain Plan` / PLAN_TABLE_OUTPUT and all non-zero statistics
//             alphabetically (LAB SET autotrace_style = sqlcl)
import { foldedLines } from './folded.mjs';
import { padL, padR, cellText, leadingWords, formatRows, queryFeedback, elapsedLine } from './sqlplus-rows.mjs';

export {
  NUMWIDTH,
  formatNumber,
  leadingWords,
  parseNumberMask,
  formatNumberMask,
  formatRows,
  rowCountLine,
  queryFeedback,
  elapsedLine,
} from './sqlplus-rows.mjs';

/**
 * @typedef {import('../model/types').ScriptResult} ScriptResult
 * @typedef {import('../model/types').Step} Step
 * @typedef {import('../model/types').PlanLine} PlanLine
 * @typedef {import('../model/types').RunResult} RunResult
 * @typedef {import('../model/types').StepSettings} StepSettings
 * @typedef {string|number|null|undefined} Cell
 * @typedef {import('./sqlplus-rows.mjs').RowOptions} RowOptions
 */


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
/** SQLcl's rule under `Explain Plan` and `Statistics`. */
const SQLCL_DASHES = '-'.repeat(59);

/** @type {StepSettings} The settings of a step that reports none (all defaults). */
export const DEFAULT_SETTINGS = Object.freeze({
  autotrace_explain: false,
  autotrace_statistics: false,
  autotrace_style: 'sqlplus',
  timing: false,
  linesize: 80,
  pagesize: 14,
  feedback: 6,
});

/** @param {Step} step @returns {StepSettings} */
const settingsOf = (step) => step.settings ?? DEFAULT_SETTINGS;

/**
 * The SET and COLUMN settings formatRows applies, from a step's settings.
 * @param {StepSettings} st
 * @returns {RowOptions}
 */
export function rowOptions(st) {
  return {
    headings: st.column_headings,
    noprint: st.column_noprint,
    heading: st.heading,
    colsep: st.colsep,
    null: st.null,
    underline: st.underline,
    numformat: st.numformat,
    numwidth: st.numwidth,
    wrap: st.wrap,
    pagesize: st.pagesize,
    newpage: st.newpage,
    breaks: st.breaks,
    computes: st.computes,
  };
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
 * `value  name` lines, values right-aligned in `width` characters or in
 * the widest value's, so that a large number never pushes its name out of
 * line.
 * @param {[string, number][]} entries
 * @param {number} width
 */
function statLines(entries, width) {
  const w = Math.max(width, ...entries.map(([, v]) => String(v).length));
  return entries.map(([name, v]) => `${padL(String(v), w)}  ${name}`);
}

/**
 * The `Statistics` section: value right-aligned in 10 characters, two
 * spaces, the statistic name; the classic statistics first, then the others.
 * @param {Record<string, number>} stats
 * @returns {string[]}
 */
export function formatStatistics(stats) {
  return ['Statistics', DASHES, ...statLines(orderStats(stats), 10)];
}

/**
 * SQL*Plus's autotrace `Statistics`: its fixed list of 11, zeros
 * included, `rows processed` from the step.
 * @param {Record<string, number>} stats
 * @param {number} rowsProcessed
 * @returns {string[]}
 */
export function formatClassicStatistics(stats, rowsProcessed) {
  /** @type {[string, number][]} */
  const entries = CLASSIC_AUTOTRACE_STATS.map((name) => [
    name,
    name === 'rows processed' ? rowsProcessed : (stats?.[name] ?? 0),
  ]);
  return ['Statistics', DASHES, ...statLines(entries, 10)];
}

/**
 * SQLcl's autotrace `Statistics`: every non-zero statistic, sorted by
 * name as SQLcl sorts them (upper case first), values in 16 characters.
 * @param {Record<string, number>} stats
 * @returns {string[]}
 */
export function formatSqlclStatistics(stats) {
  const entries = Object.entries(stats ?? {})
    .filter(([, v]) => v !== 0 && v !== null)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return ['Statistics', SQLCL_DASHES, ...statLines(entries, 16)];
}

/**
 * SQLcl's `Explain Plan`: the dbms_xplan text as a PLAN_TABLE_OUTPUT
 * column `linesize` wide (rows padded to it, as SQLcl prints them).
 * @param {string[]} xplan
 * @param {number} linesize
 * @returns {string[]}
 */
export function formatSqlclPlan(xplan, linesize) {
  const w = Math.max(linesize, 'PLAN_TABLE_OUTPUT'.length);
  return ['Explain Plan', SQLCL_DASHES, '', padR('PLAN_TABLE_OUTPUT', w), '-'.repeat(w), ...xplan.map((l) => padR(l, w))];
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
 * The `Execution Plan` section: the engine's dbms_xplan text when the step
 * has it (Plan hash value, TYPICAL columns, predicates), else the plan
 * table of per-line figures.
 * @param {PlanLine[]} plan
 * @param {string[]} [xplan]
 * @returns {string[]}
 */
export function formatExecutionPlan(plan, xplan) {
  if (xplan?.length) return ['Execution Plan', DASHES, ...xplan];
  return ['Execution Plan', DASHES, '', ...formatPlanTable(plan)];
}

/**
 * The autotrace sections of a step (none when autotrace is off or the
 * step is no query or DML): the layout of SQL*Plus 18c, or SQLcl's.
 * @param {Step} step
 * @returns {string[][]}  blocks, to be separated by a blank line
 */
export function autotraceBlocks(step) {
  const autotrace = step.autotrace ?? 'off';
  if (autotrace === 'off' || step.error || !['query', 'dml'].includes(step.kind)) return [];
  const st = settingsOf(step);
  // A step from before the settings were reported: plan and statistics.
  const legacy = !step.settings;
  const explain = legacy || st.autotrace_explain;
  const statistics = legacy || st.autotrace_statistics;
  const plan = step.plan ?? [];
  const xplan = step.xplan ?? [];
  /** @type {string[][]} */
  const blocks = [];
  if (st.autotrace_style === 'sqlcl') {
    if (explain && xplan.length) blocks.push(formatSqlclPlan(xplan, st.linesize));
    if (statistics && !isExplainOnly(step)) blocks.push(formatSqlclStatistics(step.stats));
    return blocks;
  }
  if (explain && (xplan.length || plan.length)) blocks.push(formatExecutionPlan(plan, xplan));
  if (statistics && !isExplainOnly(step)) {
    const rows = typeof step.rows_processed === 'number' ? step.rows_processed : (step.rows ?? []).length;
    // SQL*Plus leaves two blank lines after the plan.
    if (blocks.length) blocks.push([]);
    if (legacy) blocks.push(formatStatistics(step.stats));
    else blocks.push(formatClassicStatistics(step.stats, rows));
  }
  return blocks;
}

/**
 * SET AUTOTRACE TRACEONLY EXPLAIN on a query: SQL*Plus only explains it.
 * @param {Step} step
 */
function isExplainOnly(step) {
  const st = settingsOf(step);
  return step.kind === 'query' && step.autotrace === 'traceonly' && st.autotrace_explain && !st.autotrace_statistics;
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
  // SQL*Plus's own errors print alone (`SP2-0158: unknown SET option "x"`):
  // the engine reports them as LAB-00002 / LAB-00003 carrying the SP2 line.
  if (isSp2(err)) return String(err.message).split('\n');
  // DESCRIBE of a missing object: SQL*Plus prints `ERROR:` and the error,
  // with no line of the command.
  if (err.code === 'ORA-04043' && step.kind === 'sqlplus') return ['ERROR:', ...head];
  // The line as it ran: after substitution variables were replaced.
  const lines = String(step.substituted ?? step.statement ?? '').split('\n');
  const stmtLine = step.line || 1;
  const rel = err.line ? err.line - stmtLine + 1 : 0;
  if (rel < 1 || rel > lines.length) return ['ERROR:', ...head];
  const src = lines[rel - 1].replace(/\s+$/, '');
  const startCol = rel === 1 ? step.column || 1 : 1;
  const col = Math.max(0, Math.min((err.column || startCol) - startCol, src.length));
  return [src, `${' '.repeat(col)}*`, `ERROR at line ${rel}:`, ...head];
}

/**
 * A SQL*Plus error carried by the lab's LAB-00002 / LAB-00003: its
 * message is the `SP2-nnnn: ...` line SQL*Plus prints.
 * @param {{ code: string, message: string } | null | undefined} err
 */
export function isSp2(err) {
  return !!err && /^LAB-0000[23]$/.test(err.code) && /^SP2-\d{4}: /.test(String(err.message));
}

/**
 * An error's code and message as SQL*Plus shows them: a SQL*Plus error
 * carried by LAB-00002 / LAB-00003 as its own `SP2-nnnn` and text.
 * @param {{ code: string, message: string }} err
 * @returns {{ code: string, message: string }}
 */
export function shownError(err) {
  if (!isSp2(err)) return { code: err.code, message: err.message };
  const m = String(err.message);
  const i = m.indexOf(': ');
  return { code: m.slice(0, i), message: m.slice(i + 2) };
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

/** CREATE of a stored PL/SQL unit: like a block it ends at `end;` and runs from a `/` line (echoed numbered). */
const PLSQL_UNIT = /^\s*create\s+(or\s+replace\s+)?((editionable|noneditionable)\s+)?(procedure|function|package|trigger|type)\b/i;
/**
 * The statement as SQL*Plus echoes it: `SQL> ` then numbered continuation
 * lines, with the terminator as written in a script: `;` after a SQL
 * statement or LAB command, a `/` line after a PL/SQL block (pass the
 * step's kind; without it the text is echoed as it is).
 * @param {string} statement
 * @param {string} [kind]
 * @returns {string[]}
 */
export function echoLines(statement, kind) {
  const text = String(statement ?? '').replace(/\s+$/, '');
  const lines = text.split('\n');
  if (kind === 'plsql' || (kind === 'ddl' && PLSQL_UNIT.test(text))) {
    if (!/\n\s*\/$/.test(text)) lines.push('/');
  } else if (text !== '/' && !/[;/]$/.test(text) && ['query', 'dml', 'ddl', 'lab'].includes(kind ?? '')) lines[lines.length - 1] += ';';
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
  const st = settingsOf(step);
  // Run under SET TERMOUT OFF: SQL*Plus prints nothing for it (the engine
  // reports TERMOUT as the step ran, so `set termout off` itself shows).
  if (st.termout === false) return [];
  /** @type {string[]} */
  const out = (st.echo ?? echo) ? echoLines(step.statement, step.kind) : [];
  // SET VERIFY ON's `old   1: ...` / `new   1: ...` lines, right after the echo.
  if (step.verify?.length) out.push(...step.verify);
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
    if (!isExplainOnly(step)) {
      if (autotrace !== 'traceonly' && rows.length) {
        const lines = formatRows(step.columns ?? [], rows, st.column_formats, step.column_widths, st.linesize, { ...rowOptions(st), numeric: step.column_numeric });
        // The first page's SET NEWPAGE blank lines (one by default; none
        // under NEWPAGE NONE or PAGESIZE 0).
        const top = st.pagesize === 0 || st.newpage === null ? 0 : (st.newpage ?? 1);
        if (top === 0) out.push(...lines);
        else section([...Array(top - 1).fill(''), ...lines]);
      }
      // SET FEEDBACK's threshold; a step with no settings ran with all the
      // defaults, FEEDBACK 6 among them (so `1 row selected.` does not show).
      const n = typeof step.rows_processed === 'number' ? step.rows_processed : rows.length;
      section(queryFeedback(n, st.feedback));
    }
    if (step.output?.length) section(step.output);
  } else {
    if (step.output?.length && tightCommand(step)) out.push(...step.output);
    else if (step.output?.length) section(step.output);
    else if (leadingWords(step.statement, 1)[0] === 'PROMPT') {
      section([String(step.statement).replace(/^\s*PROMPT\s?/i, '')]);
    }
    // PRINT: each bind variable laid out as a one-column query's rows.
    for (const p of step.prints ?? []) section(formatRows([p.name], [[p.value]], st.column_formats, [p.width], st.linesize, { ...rowOptions(st), numeric: [p.width === 0] }));
    if (step.kind === 'lab' && leadingWords(step.statement, 2)[1] === 'PROFILE' && !step.output?.length) {
      section(step.folded ?? []);
    }
    section(feedbackLines(step));
  }
  if (Array.isArray(step.runs)) section(formatRuns(step.runs));
  if (st.timing && step.kind !== 'sqlplus' && step.kind !== 'lab') section([elapsedLine(step.elapsed_us)]);
  for (const block of autotraceBlocks(step)) {
    if (block.length) section(block);
    else out.push('');
  }
  return out;
}

/**
 * A step's autotrace text alone (rows left out): what the UI's autotrace
 * panel copies.
 * @param {Step} step
 * @returns {string}
 */
export function autotraceText(step) {
  /** @type {string[]} */
  const out = [];
  for (const block of autotraceBlocks(step)) {
    if (out.length) out.push('');
    out.push(...block);
  }
  return out.length ? out.join('\n') + '\n' : '';
}


/**
 * A whole ScriptResult as SQL*Plus-style text, steps separated by a blank
 * line.
 * @param {ScriptResult} result
 * @param {FormatOptions} [opts]
 * @returns {string}
 */
export function formatScriptResult(result, opts = {}) {
  let text = '';
  let quiet = true;
  for (const s of result.steps ?? []) {
    const b = formatStep(s, opts);
    if (!b.length) continue;
    text += (text && !quiet ? '\n' : '') + b.join('\n') + '\n';
    quiet = nextFollowsDirectly(s);
  }
  return text;
}

/**
 * SHOW (but SHOW PARAMETER's table), DEFINE and PROMPT: SQL*Plus prints
 * their lines right under the command, and the next prompt right under
 * them.
 * @param {Step} step
 */
function tightCommand(step) {
  if (step.kind !== 'sqlplus' || step.error) return false;
  const [w = '', arg = ''] = leadingWords(step.statement, 2);
  /** @param {string} word @param {string} full @param {number} min */
  const is = (word, full, min) => word.length >= min && full.startsWith(word);
  if (is(w, 'SHOW', 3)) return !is(arg, 'PARAMETERS', 4);
  return is(w, 'DEFINE', 3) || is(w, 'PROMPT', 3) || is(w, 'VARIABLE', 3);
}

/**
 * Does SQL*Plus show the next prompt on the very next line after this
 * step? After a step that prints nothing but its echo (SET, COLUMN), its
 * own error (SP2-), or SHOW / DEFINE / PROMPT's lines.
 * @param {Step} step
 */
export function nextFollowsDirectly(step) {
  if (isSp2(step.error) && !step.output?.length) return true;
  return printsNothing(step) || tightCommand(step);
}

/**
 * A step that prints nothing but its echo (SET, COLUMN, REM): SQL*Plus
 * shows the next prompt on the very next line, with no blank line between.
 * @param {Step} step
 */
export function printsNothing(step) {
  return formatStep(step, { echo: false }).length === 0;
}

/**
 * Every step's folded cost stacks, one per line, each under a frame naming
 * its step, weights in whole nanoseconds: readable by any flame-graph tool
 * (folded.mjs).
 * @param {ScriptResult} result
 * @returns {string}
 */
export function formatFolded(result) {
  const lines = (result.steps ?? []).flatMap((s) => foldedLines(s));
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
