// Splitting a SQL*Plus-style script into statements, the way SQL*Plus reads it:
// SQL and LAB commands end at ';' (or a '/' line), PL/SQL blocks end at a '/'
// line, SQL*Plus commands end at the end of their line. Used for "run the
// statement under the cursor" and for per-statement progress of "run all".

export interface ScriptStatement {
  text: string;      // the statement, terminator included
  from: number;      // offset in the script
  to: number;        // offset just past the terminator
  line: number;      // 1-based line of the first token
  column: number;    // 1-based column of the first token
  kind: 'sql' | 'plsql' | 'sqlplus';
}

const SQLPLUS = new Set([
  'SET', 'SHOW', 'SHO', 'EXEC', 'EXECUTE', 'PROMPT', 'PRO', 'SHUTDOWN', 'STARTUP', 'CONNECT', 'CONN',
  'COL', 'COLUMN', 'SPOOL', 'DESC', 'DESCRIBE', 'REM', 'REMARK', 'PAUSE', 'DEFINE', 'UNDEFINE',
  'VARIABLE', 'VAR', 'PRINT', 'TIMING', 'WHENEVER', 'CLEAR', 'TTITLE', 'BTITLE', 'BREAK', 'COMPUTE',
  'HOST', 'ACCEPT', 'DISCONNECT', 'EXIT', 'QUIT', 'CL', 'ARCHIVE', 'RECOVER', 'PASSWORD', '@', '@@',
]);

function isSpace(c: string) { return c === ' ' || c === '\t' || c === '\r' || c === '\n'; }

/** Skip whitespace and comments starting at i; returns the next token offset. */
function skipBlank(s: string, i: number): number {
  for (;;) {
    while (i < s.length && isSpace(s[i])) i++;
    if (s.startsWith('--', i)) { const n = s.indexOf('\n', i); i = n < 0 ? s.length : n + 1; continue; }
    if (s.startsWith('/*', i)) { const n = s.indexOf('*/', i + 2); i = n < 0 ? s.length : n + 2; continue; }
    return i;
  }
}

function lineEnd(s: string, i: number) { const n = s.indexOf('\n', i); return n < 0 ? s.length : n; }

/** True when the line starting at offset ls holds only '/' (and blanks). */
function isSlashLine(s: string, ls: number): boolean {
  const le = lineEnd(s, ls);
  return s.slice(ls, le).trim() === '/';
}

function words(s: string, i: number, n: number): string[] {
  const out: string[] = [];
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

function classify(s: string, i: number): ScriptStatement['kind'] {
  const w = words(s, i, 6);
  const first = w[0] ?? '';
  if (first === 'DECLARE' || first === 'BEGIN') return 'plsql';
  if (first === 'CREATE') {
    let k = 1;
    if (w[k] === 'OR' && w[k + 1] === 'REPLACE') k += 2;
    if (w[k] === 'EDITIONABLE' || w[k] === 'NONEDITIONABLE') k++;
    if (['PROCEDURE', 'FUNCTION', 'PACKAGE', 'TRIGGER', 'TYPE'].includes(w[k] ?? '')) return 'plsql';
  }
  if (s[i] === '@') return 'sqlplus';
  if (SQLPLUS.has(first)) return 'sqlplus';
  return 'sql';
}

export function splitScript(script: string): ScriptStatement[] {
  const out: ScriptStatement[] = [];
  const s = script;
  let i = 0;
  // line starts, for offset -> line/column
  const lineStarts = [0];
  for (let k = 0; k < s.length; k++) if (s[k] === '\n') lineStarts.push(k + 1);
  const pos = (off: number) => {
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (lineStarts[mid] <= off) lo = mid; else hi = mid - 1; }
    return { line: lo + 1, column: off - lineStarts[lo] + 1 };
  };
  for (;;) {
    i = skipBlank(s, i);
    if (i >= s.length) break;
    const ls = s.lastIndexOf('\n', i - 1) + 1;
    if (isSlashLine(s, ls) && s.slice(ls, i).trim() === '') { i = lineEnd(s, i) + 1; continue; } // stray '/'
    const start = i;
    const kind = classify(s, i);
    let end = s.length;
    if (kind === 'sqlplus') {
      // ends at end of line; a trailing '-' continues the command
      let p = i;
      for (;;) {
        const le = lineEnd(s, p);
        if (s.slice(p, le).trimEnd().endsWith('-') && le < s.length) { p = le + 1; continue; }
        end = le; break;
      }
    } else {
      let p = i;
      let quote: string | null = null;
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

/** The statement under the cursor: the one containing pos, else the nearest one before it. */
export function statementAt(stmts: ScriptStatement[], pos: number): ScriptStatement | null {
  let best: ScriptStatement | null = null;
  for (const st of stmts) {
    if (st.from <= pos) best = st; else break;
  }
  if (!best) return stmts[0] ?? null;
  return best;
}

/** A statement padded so the engine reports lines and columns of the whole script. */
export function positionedChunk(st: ScriptStatement): string {
  return '\n'.repeat(st.line - 1) + ' '.repeat(st.column - 1) + st.text;
}

/** Offset in the script of a 1-based line and column. */
export function offsetOf(script: string, line: number, column: number): number {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const n = script.indexOf('\n', off);
    if (n < 0) return script.length;
    off = n + 1;
  }
  return Math.min(script.length, off + Math.max(0, column - 1));
}
