// @ts-check
// Splitting a SQL*Plus-style script into statements, the way SQL*Plus reads it:
// SQL and LAB commands end at ';' (or a '/' line), PL/SQL blocks end at a '/'
// line, SQL*Plus commands end at the end of their line. Used for "run the
// statement under the cursor", and to cut a script into the chunks the
// engine runs one call at a time (the UI's worker and the CLI alike).
//
// Plain JavaScript with JSDoc types (checked by `tsc -p renderer`, checkJs):
// the CLI imports it from Node without a build step.

/**
 * @typedef {object} ScriptStatement
 * @property {string} text     the statement, terminator included
 * @property {number} from     offset in the script
 * @property {number} to       offset just past the terminator
 * @property {number} line     1-based line of the first token
 * @property {number} column   1-based column of the first token
 * @property {'sql' | 'plsql' | 'sqlplus'} kind
 */

const SQLPLUS = new Set([
  'SET', 'SHOW', 'SHO', 'EXEC', 'EXECUTE', 'PROMPT', 'PRO', 'SHUTDOWN', 'STARTUP', 'CONNECT', 'CONN',
  'COL', 'COLUMN', 'SPOOL', 'DESC', 'DESCRIBE', 'REM', 'REMARK', 'PAUSE', 'DEFINE', 'UNDEFINE',
  'VARIABLE', 'VAR', 'PRINT', 'TIMING', 'WHENEVER', 'CLEAR', 'TTITLE', 'BTITLE', 'BREAK', 'COMPUTE',
  'HOST', 'ACCEPT', 'DISCONNECT', 'EXIT', 'QUIT', 'CL', 'ARCHIVE', 'RECOVER', 'PASSWORD', '@', '@@',
  'LIST', 'L', 'APPEND', 'A', 'CHANGE', 'C', 'INPUT', 'I', 'DEL', 'EDIT', 'ED', 'SAVE', 'GET', 'STORE',
]);

/** DOC[UMENT] (3 letters at least): a block that ends at a line holding only '#'. @param {string} w */
function isDocument(w) { return w.length >= 3 && 'DOCUMENT'.startsWith(w); }

/** @param {string} c */
function isSpace(c) { return c === ' ' || c === '\t' || c === '\r' || c === '\n'; }

/**
 * Skip whitespace and comments starting at i; returns the next token offset.
 * @param {string} s @param {number} i @returns {number}
 */
function skipBlank(s, i) {
  for (;;) {
    while (i < s.length && isSpace(s[i])) i++;
    if (s.startsWith('--', i)) { const n = s.indexOf('\n', i); i = n < 0 ? s.length : n + 1; continue; }
    if (s.startsWith('/*', i)) { const n = s.indexOf('*/', i + 2); i = n < 0 ? s.length : n + 2; continue; }
    return i;
  }
}

/** @param {string} s @param {number} i */
function lineEnd(s, i) { const n = s.indexOf('\n', i); return n < 0 ? s.length : n; }

/**
 * True when the line starting at offset ls holds only '/' (and blanks).
 * @param {string} s @param {number} ls @returns {boolean}
 */
function isSlashLine(s, ls) {
  const le = lineEnd(s, ls);
  return s.slice(ls, le).trim() === '/';
}

/** @param {string} s @param {number} i @param {number} n @returns {string[]} */
function words(s, i, n) {
  /** @type {string[]} */
  const out = [];
  const re = /[A-Za-z_@][A-Za-z0-9_$#@]*|@@?/y;
  let p = i;
  while (out.length < n) {
    while (p < s.length && isSpace(s[p])) p++;
    re.lastIndex = p;
    const m = re.exec(s);
    if (!m) break;
    out.push(m[0].toUpperCase());
    p = re.lastIndex;
  }
  return out;
}

/** @param {string} s @param {number} i @returns {ScriptStatement['kind']} */
function classify(s, i) {
  const w = words(s, i, 6);
  const first = w[0] ?? '';
  if (first === 'DECLARE' || first === 'BEGIN') return 'plsql';
  if (first === 'CREATE') {
    let k = 1;
    if (w[k] === 'OR' && w[k + 1] === 'REPLACE') k += 2;
    if (w[k] === 'EDITIONABLE' || w[k] === 'NONEDITIONABLE') k++;
    if (['PROCEDURE', 'FUNCTION', 'PACKAGE', 'TRIGGER', 'TYPE'].includes(w[k] ?? '')) return 'plsql';
  }
  if (s[i] === '@' || s[i] === '!') return 'sqlplus';
  if (SQLPLUS.has(first) || isDocument(first)) return 'sqlplus';
  return 'sql';
}

/**
 * @param {string} script
 * @returns {ScriptStatement[]}
 */
export function splitScript(script) {
  /** @type {ScriptStatement[]} */
  const out = [];
  const s = script;
  let i = 0;
  // line starts, for offset -> line/column
  const lineStarts = [0];
  for (let k = 0; k < s.length; k++) if (s[k] === '\n') lineStarts.push(k + 1);
  const pos = (/** @type {number} */ off) => {
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (lineStarts[mid] <= off) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: off - lineStarts[lo] + 1 };
  };
  for (;;) {
    i = skipBlank(s, i);
    if (i >= s.length) break;
    const ls = s.lastIndexOf('\n', i - 1) + 1;
    if (isSlashLine(s, ls) && s.slice(ls, i).trim() === '') {
      // A '/' line after a finished statement: SQL*Plus runs its buffer again.
      const le = lineEnd(s, i);
      out.push({ text: '/', from: i, to: le, ...pos(i), kind: 'sqlplus' });
      i = le + 1;
      continue;
    }
    const start = i;
    const kind = classify(s, i);
    let end = s.length;
    if (kind === 'sqlplus' && isDocument(words(s, i, 1)[0] ?? '')) {
      // a DOC block: its lines up to one holding only '#'
      let p = lineEnd(s, i);
      while (p < s.length) {
        const le = lineEnd(s, p + 1);
        const closes = s.slice(p + 1, le).trim() === '#';
        p = le;
        if (closes) break;
      }
      end = p;
    } else if (kind === 'sqlplus') {
      // ends at end of line; a trailing '-' continues the command
      let p = i;
      for (;;) {
        const le = lineEnd(s, p);
        if (s.slice(p, le).trimEnd().endsWith('-') && le < s.length) { p = le + 1; continue; }
        end = le; break;
      }
    } else {
      let p = i;
      /** @type {string | null} */
      let quote = null;
      let found = false;
      while (p < s.length) {
        const c = s[p];
        if (quote) {
          if (c === quote) { if (quote === "'" && s[p + 1] === "'") { p += 2; continue; } quote = null; }
          p++; continue;
        }
        if (c === "'" || c === '"') { quote = c; p++; continue; }
        if (c === '-' && s[p + 1] === '-') { p = lineEnd(s, p); continue; }
        if (c === '/' && s[p + 1] === '*') { const n = s.indexOf('*/', p + 2); p = n < 0 ? s.length : n + 2; continue; }
        if (c === '\n' || p === start) {
          const nl = c === '\n' ? p + 1 : p;
          if (nl > start && nl < s.length && isSlashLine(s, nl)) { end = lineEnd(s, nl); found = true; break; }
        }
        if (c === ';' && kind === 'sql') { end = p + 1; found = true; break; }
        p++;
      }
      if (!found) end = s.length;
    }
    const text = s.slice(start, end).trimEnd();
    const { line, column } = pos(start);
    out.push({ text, from: start, to: start + text.length, line, column, kind });
    i = end;
  }
  return out;
}

/**
 * The statement under the cursor: the one containing pos, else the nearest one before it.
 * @param {ScriptStatement[]} stmts @param {number} pos @returns {ScriptStatement | null}
 */
export function statementAt(stmts, pos) {
  /** @type {ScriptStatement | null} */
  let best = null;
  for (const st of stmts) {
    if (st.from <= pos) best = st; else break;
  }
  if (!best) return stmts[0] ?? null;
  return best;
}

/**
 * A statement padded so the engine reports lines and columns of the whole script.
 * @param {ScriptStatement} st @returns {string}
 */
export function positionedChunk(st) {
  return '\n'.repeat(st.line - 1) + ' '.repeat(st.column - 1) + st.text;
}

/**
 * Offset in the script of a 1-based line and column.
 * @param {string} script @param {number} line @param {number} column @returns {number}
 */
export function offsetOf(script, line, column) {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const n = script.indexOf('\n', off);
    if (n < 0) return script.length;
    off = n + 1;
  }
  return Math.min(script.length, off + Math.max(0, column - 1));
}

// ------------------------------------------------------------------ chunks
//
// A long script runs as a series of engine calls ("chunks"), each a run of
// whole statements, so that no single call returns more than a few hundred
// kilobytes of result JSON (500,000 statements in one call would outgrow
// the JS string limit) and steps can be shown as they come. Chunks tile the
// text: each starts where the previous one ended, so the engine sees every
// character it would see in one call, cut only after a statement's end.
// PL/SQL blocks and LAB commands (the heavy ones) run in a chunk of their own.

/** Statements per chunk, at most. */
export const CHUNK_STATEMENTS = 50;
/** Characters of script per chunk, at most (a longer statement is a chunk of its own). */
export const CHUNK_CHARS = 64 * 1024;

/**
 * @typedef {object} ScriptChunk
 * @property {string} text        what the engine runs: the script text, its first line padded
 *                                with spaces so columns on that line are script columns
 * @property {number} line        1-based script line where `text` starts (add line - 1 to the engine's lines)
 * @property {number} end         offset in the split text just past the chunk's last statement
 * @property {number} statements  how many statements it holds
 * @property {string} label       the first statement's first line, for progress
 */

/**
 * @typedef {object} ChunkOptions
 * @property {number} [start]           offset where the first chunk starts (default: the first statement's start)
 * @property {number} [end]             offset where the last chunk ends (default: the last statement's end);
 *                                      the whole text's length sends trailing comments and '/' lines too
 * @property {{ line: number, column: number }} [origin]  script position of offset 0 of `text` (streaming input)
 * @property {number} [maxStatements]
 * @property {number} [maxChars]
 */

/** @param {ScriptStatement} st */
const isHeavy = (st) => st.kind === 'plsql' || /^LAB\b/i.test(st.text);

/**
 * Cut consecutive statements of `text` (as splitScript returned them) into chunks.
 * @param {string} text
 * @param {ScriptStatement[]} stmts
 * @param {ChunkOptions} [opts]
 * @returns {ScriptChunk[]}
 */
export function chunkStatements(text, stmts, opts = {}) {
  const { maxStatements = CHUNK_STATEMENTS, maxChars = CHUNK_CHARS, origin = { line: 1, column: 1 } } = opts;
  /** @type {ScriptChunk[]} */
  const out = [];
  if (stmts.length === 0) return out;
  // Position of an offset, advancing through the text once (offsets only grow).
  let at = 0, line = origin.line, lineStart = 0, firstLine = true;
  const positionOf = (/** @type {number} */ off) => {
    for (let n = text.indexOf('\n', at); n >= 0 && n < off; n = text.indexOf('\n', n + 1)) {
      line++; lineStart = n + 1; firstLine = false;
    }
    at = off;
    return { line, column: (firstLine ? origin.column - 1 : 0) + off - lineStart + 1 };
  };
  let start = opts.start ?? stmts[0].from;
  let i = 0;
  while (i < stmts.length) {
    let j = i + 1;
    if (!isHeavy(stmts[i])) {
      while (j < stmts.length && j - i < maxStatements && !isHeavy(stmts[j]) && stmts[j].to - start <= maxChars) j++;
    }
    const end = j === stmts.length && opts.end !== undefined ? Math.max(opts.end, stmts[j - 1].to) : stmts[j - 1].to;
    // The blank rest of the line a chunk starts on carries nothing: start on the next line.
    const nl = text.indexOf('\n', start);
    if (nl >= 0 && nl < stmts[i].from && text.slice(start, nl).trim() === '') start = nl + 1;
    const p = positionOf(start);
    out.push({
      text: ' '.repeat(p.column - 1) + text.slice(start, end),
      line: p.line,
      end,
      statements: j - i,
      label: stmts[i].text.split('\n')[0].slice(0, 80),
    });
    start = end;
    i = j;
  }
  return out;
}

/**
 * The whole script (or the chosen statements) as chunks.
 * @param {string} script
 * @param {ScriptStatement[]} [stmts]  default: every statement
 * @param {ChunkOptions} [opts]
 */
export function scriptChunks(script, stmts = splitScript(script), opts = {}) {
  return chunkStatements(script, stmts, opts);
}

/**
 * Steps the engine returned for a chunk, moved to script lines (in place).
 * @template {{ line: number, error: { line: number } | null }} S
 * @param {S[]} steps @param {number} line  the chunk's `line`
 * @returns {S[]}
 */
export function placeSteps(steps, line) {
  if (line === 1) return steps;
  for (const s of steps) {
    s.line += line - 1;
    if (s.error) s.error.line += line - 1;
  }
  return steps;
}

/**
 * The script position just past `text.slice(0, end)`, given the position of offset 0.
 * @param {string} text @param {number} end @param {{ line: number, column: number }} origin
 */
export function positionAfter(text, end, origin) {
  let line = origin.line, last = -1;
  for (let n = text.indexOf('\n'); n >= 0 && n < end; n = text.indexOf('\n', n + 1)) { line++; last = n; }
  return { line, column: last < 0 ? origin.column + end : end - last };
}

/** @param {string} text */
export const stripBom = (text) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
