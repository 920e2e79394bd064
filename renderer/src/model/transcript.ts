// A pasted SQL*Plus transcript back to the script that was typed.
//
// Blogs, AskTOM answers and spool files show sessions as SQL*Plus printed
// them: each command after a `SQL> ` prompt, the lines of a multi-line
// statement after SQL*Plus's line numbers (`  2  `, `  3  `, ...), and
// between commands what the database printed. Pasted as is, every prompt and
// output line is a statement error. The rules are few and conservative:
//
//   - a line `SQL> x` (the default SQLPROMPT, optionally after SET TIME ON's
//     `hh:mi:ss `) is the typed line `x`; it starts a statement;
//   - while that statement is open (no `;` at the end of a SQL line, no `/`
//     line for PL/SQL), a line starting with the next line number (2, 3, ...)
//     is the typed line after the number;
//   - once the statement has ended (or it was a one-line SQL*Plus command,
//     or the next line is not the expected number), the lines up to the next
//     prompt are output: removed;
//   - a SQL*Plus command continued with a trailing ` -` goes on after SQL*Plus's
//     `> ` prompt: that line is typed too;
//   - lines before the first prompt are kept as they are (they may be the
//     user's own), as is any text when there is no prompt at all.
//
// The result has the shape of the engine's `strip_transcript` export
// (engineer `sqlplus`), so either can back the editor's offer.

export interface StrippedTranscript {
  script: string;
  removed_prompts: number;
  removed_line_numbers: number;
  removed_output_lines: number;
}

/** `SQL> x`, `SQL>` alone, and SET TIME ON's `10:42:01 SQL> x`; leading blanks allowed (an indented blog block). */
const PROMPT = /^[ \t]*(?:\d\d:\d\d:\d\d[ \t]+)?SQL>(?: (.*)|[ \t]*)$/;
/** SQL*Plus's continuation line: the number (right-aligned in 3), two blanks, the text (blogs sometimes keep one). */
const NUMBERED = /^[ \t]*(\d{1,5})(?: {1,2}|\t|$)(.*)$/;

/** The prompt of a SQL*Plus command's continuation line (after a line ending in ` -`). */
const CONTINUED = /^> ?(.*)$/;

/** SQL*Plus commands (one line each, no terminator); as in model/script.mjs. */
const SQLPLUS = new Set([
  'SET', 'SHOW', 'SHO', 'EXEC', 'EXECUTE', 'PROMPT', 'PRO', 'SHUTDOWN', 'STARTUP', 'CONNECT', 'CONN',
  'COL', 'COLUMN', 'SPOOL', 'DESC', 'DESCRIBE', 'REM', 'REMARK', 'PAUSE', 'DEFINE', 'UNDEFINE',
  'VARIABLE', 'VAR', 'PRINT', 'TIMING', 'WHENEVER', 'CLEAR', 'TTITLE', 'BTITLE', 'BREAK', 'COMPUTE',
  'HOST', 'ACCEPT', 'DISCONNECT', 'EXIT', 'QUIT', 'CL', 'ARCHIVE', 'RECOVER', 'PASSWORD',
  'RUN', 'R', 'LIST', 'L', 'EDIT', 'ED', 'GET', 'SAVE', 'STORE', 'START', 'HELP', 'APPEND', 'CHANGE', 'C', 'DEL', 'INPUT', 'I',
]);

/** What the typed line starts: a one-line command, a SQL statement (ends at `;`), or a PL/SQL unit (ends at `/`). */
function kindOf(line: string): 'done' | 'sql' | 'plsql' {
  const t = line.trim();
  if (t === '' || t === '/' || t.startsWith('--') || t.startsWith('@') || t.startsWith('!')) return 'done';
  if (t.startsWith('/*') && t.endsWith('*/')) return 'done';
  const w = t.split(/[\s;(]+/, 4).map((x) => x.toUpperCase());
  if (SQLPLUS.has(w[0])) return 'done';
  if (w[0] === 'BEGIN' || w[0] === 'DECLARE') return 'plsql';
  if (w[0] === 'CREATE') {
    const rest = w[1] === 'OR' ? w.slice(3) : w.slice(1);
    const k = (rest[0] === 'EDITIONABLE' || rest[0] === 'NONEDITIONABLE') ? rest[1] : rest[0];
    if (['PROCEDURE', 'FUNCTION', 'PACKAGE', 'TRIGGER', 'TYPE', 'LIBRARY', 'JAVA'].includes(k ?? '')) return 'plsql';
  }
  return 'sql';
}

/** True when this typed line ends the open statement. */
function ends(kind: 'sql' | 'plsql', line: string): boolean {
  const t = line.trim();
  if (t === '/') return true;
  return kind === 'sql' && /;\s*$/.test(t.replace(/\s--.*$/, ''));
}

/** Quick test for the editor: does the text hold a SQL*Plus prompt line at all? */
export function looksLikeTranscript(text: string): boolean {
  return text.split(/\r?\n/).some((line) => PROMPT.test(line));
}

/** Strip prompts, line numbers and output; null when the text holds no prompt (nothing to strip). */
export function stripTranscript(text: string): StrippedTranscript | null {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  let prompts = 0, numbers = 0, output = 0;
  let seenPrompt = false;
  /** The open statement: its kind and the line number SQL*Plus shows next; null between statements. */
  let open: { kind: 'sql' | 'plsql'; next: number } | null = null;
  /** A SQL*Plus command whose line ended in ` -`: its next line comes after `> `. */
  let continued = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const p = PROMPT.exec(line);
    if (p) {
      // A new prompt: whatever was open ended (SQL*Plus would not have prompted otherwise).
      seenPrompt = true;
      prompts++;
      const typed = p[1] ?? '';
      out.push(typed);
      const k = kindOf(typed);
      open = k === 'done' || ends(k, typed) ? null : { kind: k, next: 2 };
      continued = k === 'done' && /\s-$/.test(typed);
      continue;
    }
    if (!seenPrompt) { out.push(line); continue; }
    if (continued) {
      const c = CONTINUED.exec(line);
      if (c) {
        prompts++;
        out.push(c[1]);
        continued = /\s-$/.test(c[1]);
        continue;
      }
      continued = false;
    }
    if (open) {
      const m = NUMBERED.exec(line);
      if (m && Number(m[1]) === open.next) {
        numbers++;
        const typed = m[2] ?? '';
        out.push(typed);
        // An empty line ends a SQL statement without running it (SQLBLANKLINES OFF).
        if (typed.trim() === '' && open.kind === 'sql') open = null;
        else if (ends(open.kind, typed)) open = null;
        else open.next++;
        continue;
      }
      // Not the next number: the statement ended (a one-line command SQL*Plus knows and we do not); output from here.
      open = null;
    }
    if (line.trim() !== '') output++;
  }
  if (!seenPrompt) return null;
  // Output blocks leave nothing behind; keep the script ending with a newline when the paste did.
  let script = out.join(eol);
  if (/\r?\n$/.test(text) && !script.endsWith(eol)) script += eol;
  return { script, removed_prompts: prompts, removed_line_numbers: numbers, removed_output_lines: output };
}

/** "12 prompts, 30 line numbers, 8 output lines" (the parts that are not zero). */
export function stripCounts(s: StrippedTranscript): string {
  const part = (n: number, one: string, many: string) => (n ? `${n.toLocaleString('en-US')} ${n === 1 ? one : many}` : '');
  return [
    part(s.removed_prompts, 'prompt', 'prompts'),
    part(s.removed_line_numbers, 'line number', 'line numbers'),
    part(s.removed_output_lines, 'output line', 'output lines'),
  ].filter(Boolean).join(', ');
}

/** "removed 12 prompts, 30 line numbers, 8 output lines". */
export function describeStrip(s: StrippedTranscript): string {
  const c = stripCounts(s);
  return c ? `removed ${c}` : 'nothing to remove';
}
