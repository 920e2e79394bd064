// `npm test -- shape` (a habit check, one pass/fail): the shape of the code.
//
// Three measures, under engine-wasm/*/src, renderer/src and electron/ (test
// files, `#[cfg(test)]` items and generated `*.gen.ts` aside):
//
//   (a) import cycles among the Rust modules of engine-wasm/core/src and
//       engine-wasm/sql/src, file by file;
//   (b) source files over 600 lines;
//   (c) functions over 120 lines (.rs .ts .tsx .mjs .js .cjs), from the line
//       of the function's head (`fn name`, `function name`, `name(`, the
//       arrow's parameters) to the line of its closing brace, inclusive. A
//       function's lines include the closures and inner functions it holds.
//
// What counts as an import (a): file F depends on file G when F, outside
// comments, strings and `#[cfg(test)]` items, names an item that G defines:
//   - in a `use` declaration (`use crate::a::b::{C, d::E}`, `use super::X`,
//     `use self::c::Y`, a path from a child module declared here, or from a
//     module alias an earlier `use` brought in), or in a path in code
//     (`crate::a::f()`, `super::g`, `alias::h`);
//   - the path is resolved segment by segment to the longest prefix that is a
//     module file (`a/b.rs` or `a/b/mod.rs`); the next segment is the item;
//     if that file only imports the item (`pub use` re-exports, and the
//     private `use` a child sees through `super::`, explicitly or through a
//     glob), the dependency goes to the file those imports lead to, not to
//     the importer;
//   - a `use`, `pub use` included, is itself an import of the file it names
//     (a parent that re-exports a child depends on it);
//   - a glob import (`use super::*`, `use crate::a::*`) imports the names of
//     that module the file mentions and does not define itself;
//   - naming a module alone (`use crate::sga::cache;`) is no dependency; the
//     paths through the alias are (`cache::BufferCache` -> sga/cache.rs);
//   - `mod child;` is no dependency (declaring is not using); a child that
//     uses its parent's own items (`super::Thing` defined in the parent's
//     file) while the parent uses the child's is a cycle like any other;
//   - a macro defined by `macro_rules!` in another file of the crate and
//     invoked here (`name!`) is a dependency on that file;
//   - paths into other crates (`lio_sql::`, `std::`, `serde_json::`) are not
//     followed.
// A cycle is a strongly connected component of two files or more; it is
// reported with the names that tie each of its edges.
//
// The ratchet: offenders remain while others reshape their areas, so
// scripts/shape-allow.json lists today's known offenders with their size
// (lines; for a cycle, its files). The check fails on a new offender, on a
// listed file or function that grew, and on a cycle that is not contained
// in a listed one; a listed entry that is now fine (or smaller) is reported
// so the list gets trimmed (`node scripts/shape.mjs --write-allow` rewrites
// it from today's measures).
//
// Usage: node scripts/shape.mjs [--json] [--write-allow] [--cycles]
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MAX_FILE_LINES = 600;
export const MAX_FUNCTION_LINES = 120;

// ---------------------------------------------------------------- lexing

const isIdentChar = (c) => c !== undefined && /[A-Za-z0-9_]/.test(c);

function blanker(src) {
  const out = src.split('');
  const blank = (a, b) => {
    for (let k = a; k < b && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  return { out, blank };
}

/**
 * Rust source with comments, strings and char literals replaced by spaces
 * (newlines kept, so offsets and line numbers stay). Lifetimes (`'a`,
 * `'static`) are left alone: a quote is a char literal only when a single
 * character (or an escape) and a closing quote follow.
 */
export function stripRust(src) {
  const { out, blank } = blanker(src);
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      let j = src.indexOf('\n', i);
      if (j < 0) j = n;
      blank(i, j);
      i = j;
    } else if (c === '/' && src[i + 1] === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (src[j] === '/' && src[j + 1] === '*') { depth++; j += 2; }
        else if (src[j] === '*' && src[j + 1] === '/') { depth--; j += 2; }
        else j++;
      }
      blank(i, j);
      i = j;
    } else if ((c === 'r' || (c === 'b' && src[i + 1] === 'r')) && !isIdentChar(src[i - 1])) {
      let k = i + (c === 'b' ? 2 : 1);
      let hashes = 0;
      while (src[k] === '#') { hashes++; k++; }
      if (src[k] === '"') {
        const close = '"' + '#'.repeat(hashes);
        let end = src.indexOf(close, k + 1);
        end = end < 0 ? n : end + close.length;
        blank(i, end);
        i = end;
      } else {
        i++;
      }
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      blank(i, j + 1);
      i = j + 1;
    } else if (c === "'") {
      if (src[i + 1] === '\\') {
        let j = i + 3;
        while (j < n && src[j] !== "'" && src[j] !== '\n') j++;
        blank(i, j + 1);
        i = j + 1;
      } else {
        const cp = src.codePointAt(i + 1);
        const len = cp !== undefined && cp > 0xffff ? 2 : 1;
        if (cp !== undefined && src[i + 1] !== '\n' && src[i + 1 + len] === "'") {
          blank(i, i + 2 + len);
          i = i + 2 + len;
        } else {
          i++; // a lifetime or a label
        }
      }
    } else {
      i++;
    }
  }
  return out.join('');
}

const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await', 'instanceof']);

/**
 * JavaScript/TypeScript source with comments, strings, template literal text
 * and regular expression literals replaced by spaces (template `${...}`
 * expressions kept as code). A quote right after a letter or digit, or one
 * that does not close on its line, is taken as text (an apostrophe in JSX
 * text), and so is a `/` whose regex
 * would not close on its line.
 */
export function stripJs(src) {
  const { out, blank } = blanker(src);
  const n = src.length;
  const templ = []; // brace depth inside each open `${`
  let i = 0;
  let prev = ''; // the last significant code character
  let prevWord = '';
  const scanTemplate = (start) => {
    // from just after a backtick or a closing `}` of `${`: to the end of the text
    let j = start;
    while (j < n) {
      if (src[j] === '\\') { j += 2; continue; }
      if (src[j] === '`') { blank(start, j); return { end: j + 1, open: false }; }
      if (src[j] === '$' && src[j + 1] === '{') { blank(start, j); return { end: j + 2, open: true }; }
      j++;
    }
    blank(start, n);
    return { end: n, open: false };
  };
  while (i < n) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      let j = src.indexOf('\n', i);
      if (j < 0) j = n;
      blank(i, j);
      i = j;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      let j = src.indexOf('*/', i + 2);
      j = j < 0 ? n : j + 2;
      blank(i, j);
      i = j;
      continue;
    }
    if ((c === '"' || c === "'") && isIdentChar(src[i - 1])) {
      i++; // an apostrophe inside a word (`demo's` in JSX text): code never puts a quote right after a name
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      if (src[j] === c) {
        blank(i + 1, j);
        i = j + 1;
        prev = c;
        prevWord = '';
      } else {
        i++; // JSX text
      }
      continue;
    }
    if (c === '`') {
      const r = scanTemplate(i + 1);
      if (r.open) templ.push(0);
      i = r.end;
      prev = '`';
      prevWord = '';
      continue;
    }
    if (c === '/') {
      const regexCtx = prev === '' || '(,=:[!&|?{};+-*%~^'.includes(prev) || (prev === '>' && src[i - 1] === '>' && src[i - 2] === '=') || REGEX_AFTER_WORD.has(prevWord);
      const arrow = prev === '>' && /=>\s*$/.test(src.slice(Math.max(0, i - 8), i));
      if (regexCtx || arrow) {
        let j = i + 1;
        let inClass = false;
        while (j < n && src[j] !== '\n') {
          if (src[j] === '\\') { j += 2; continue; }
          if (src[j] === '[') inClass = true;
          else if (src[j] === ']') inClass = false;
          else if (src[j] === '/' && !inClass) break;
          j++;
        }
        if (src[j] === '/') {
          blank(i + 1, j);
          i = j + 1;
          while (isIdentChar(src[i])) i++;
          prev = '/';
          prevWord = '';
          continue;
        }
      }
    }
    if (c === '{' && templ.length) templ[templ.length - 1]++;
    if (c === '}' && templ.length) {
      if (templ[templ.length - 1] === 0) {
        templ.pop();
        const r = scanTemplate(i + 1);
        if (r.open) templ.push(0);
        i = r.end;
        prev = '`';
        prevWord = '';
        continue;
      }
      templ[templ.length - 1]--;
    }
    if (isIdentChar(c)) {
      let j = i;
      while (isIdentChar(src[j])) j++;
      prevWord = src.slice(i, j);
      prev = src[j - 1];
      i = j;
      continue;
    }
    if (!/\s/.test(c)) {
      prev = c;
      prevWord = '';
    }
    i++;
  }
  return out.join('');
}

function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineOf(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** For each `{` in stripped code, the offset of its matching `}` (or -1). */
function matchBraces(code) {
  const match = new Map();
  const stack = [];
  for (let i = 0; i < code.length; i++) {
    if (code[i] === '{') stack.push(i);
    else if (code[i] === '}' && stack.length) match.set(stack.pop(), i);
  }
  return match;
}

// ---------------------------------------------------------------- Rust items

/**
 * Ranges [start, end) of stripped Rust code that belong to `#[cfg(test)]`
 * items (a test module, a test-only function, use or impl).
 */
export function rustTestRanges(code) {
  const ranges = [];
  const braces = matchBraces(code);
  const re = /#\[cfg\(test\)\]/g;
  let m;
  while ((m = re.exec(code))) {
    let j = m.index + m[0].length;
    // further attributes, then the item up to its `;` or its `{...}`
    for (;;) {
      while (/\s/.test(code[j] ?? '')) j++;
      if (code[j] === '#' && code[j + 1] === '[') {
        let depth = 0;
        for (; j < code.length; j++) {
          if (code[j] === '[') depth++;
          else if (code[j] === ']' && --depth === 0) { j++; break; }
        }
      } else break;
    }
    let k = j;
    while (k < code.length && code[k] !== ';' && code[k] !== '{') k++;
    const end = code[k] === '{' ? (braces.get(k) ?? code.length) + 1 : k + 1;
    ranges.push([m.index, end]);
    re.lastIndex = end;
  }
  return ranges;
}

function blankRanges(code, ranges) {
  if (!ranges.length) return code;
  const { out, blank } = blanker(code);
  for (const [a, b] of ranges) blank(a, b);
  return out.join('');
}

/** The number of lines a Rust file counts: its lines less its `#[cfg(test)]` items. */
export function rustCountedLines(src) {
  const code = stripRust(src);
  const starts = lineStarts(code);
  let lines = src.endsWith('\n') ? starts.length - 1 : starts.length;
  for (const [a, b] of rustTestRanges(code)) lines -= lineOf(starts, Math.max(a, b - 1)) - lineOf(starts, a) + 1;
  return lines;
}

/** Rust functions (outside `#[cfg(test)]` items): name, first line, line count. */
export function rustFunctions(src) {
  const code = blankRanges(stripRust(src), rustTestRanges(stripRust(src)));
  const starts = lineStarts(code);
  const braces = matchBraces(code);
  const fns = [];
  const re = /\bfn\s+([A-Za-z_]\w*)/g;
  let m;
  while ((m = re.exec(code))) {
    let depth = 0;
    let k = m.index + m[0].length;
    for (; k < code.length; k++) {
      const c = code[k];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth === 0 && (c === '{' || c === ';')) break;
    }
    if (code[k] !== '{') continue; // a declaration without a body
    const close = braces.get(k);
    if (close === undefined) continue;
    const first = lineOf(starts, m.index);
    fns.push({ name: m[1], line: first, lines: lineOf(starts, close) - first + 1 });
  }
  return fns;
}

// ---------------------------------------------------------------- JS functions

const JS_NOT_FUNCTION = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await', 'new', 'function', 'else', 'do', 'try', 'finally', 'yield', 'in', 'of', 'case', 'delete', 'void', 'throw']);

function tokenize(code) {
  const toks = [];
  const re = /[A-Za-z_$][\w$]*|=>|\?\.|[^\s\w$]/g;
  let m;
  while ((m = re.exec(code))) toks.push({ t: m[0], at: m.index });
  return toks;
}

/**
 * JavaScript/TypeScript functions with a block body: function declarations
 * and expressions, methods, arrow functions. Name: its own, the variable or
 * property it is assigned to, else `<outer>/<callee>` (a callback) or
 * `<outer>/anonymous`.
 */
export function jsFunctions(src) {
  const code = stripJs(src);
  const starts = lineStarts(code);
  const toks = tokenize(code);
  const match = new Map(); // token index of an opening bracket -> closing, and back
  const stack = [];
  const pairs = { ')': '(', ']': '[', '}': '{' };
  toks.forEach((tok, i) => {
    if (tok.t === '(' || tok.t === '[' || tok.t === '{') stack.push(i);
    else if (pairs[tok.t]) {
      for (let s = stack.length - 1; s >= 0; s--) {
        if (toks[stack[s]].t === pairs[tok.t]) {
          const open = stack[s];
          stack.length = s;
          match.set(open, i);
          match.set(i, open);
          break;
        }
      }
    }
  });
  const isIdent = (i) => i >= 0 && /^[A-Za-z_$][\w$]*$/.test(toks[i].t);
  // the name a function expression takes from `name =`, `name:` before `at`
  const assignedName = (at) => {
    let j = at - 1;
    if (toks[j]?.t === 'async') j--;
    if (toks[j]?.t === '=' && isIdent(j - 1)) return toks[j - 1].t;
    if (toks[j]?.t === ':' && isIdent(j - 1)) return toks[j - 1].t;
    if (toks[j]?.t === '(' && isIdent(j - 1)) return { callee: toks[j - 1].t };
    if (toks[j]?.t === ',' || toks[j]?.t === '(') {
      // an argument: find the call's callee
      let depth = 0;
      for (let k = j; k >= 0; k--) {
        const t = toks[k].t;
        if (t === ')' || t === ']' || t === '}') depth++;
        else if (t === '(' || t === '[' || t === '{') {
          if (depth === 0) return t === '(' && isIdent(k - 1) ? { callee: toks[k - 1].t } : null;
          depth--;
        }
      }
    }
    return null;
  };
  const found = [];
  toks.forEach((tok, i) => {
    if (tok.t !== '{' || !match.has(i)) return;
    const p = i - 1;
    let head; // token index where the function starts
    let name;
    if (toks[p]?.t === '=>') {
      let q = p - 1;
      if (toks[q]?.t === ')') q = match.get(q) ?? q;
      else if (!isIdent(q) || toks[q - 1]?.t === ':') {
        // a return type annotation: back to `):`
        for (let k = q, lim = 0; k > 0 && lim < 40; k--, lim++) {
          if (toks[k].t === ':' && toks[k - 1].t === ')') { q = match.get(k - 1) ?? q; break; }
        }
      }
      if (toks[q]?.t === '(' && toks[q - 1]?.t === '>') {
        // generic arrow <T,>(...) =>
        let k = q - 1;
        while (k > 0 && toks[k].t !== '<') k--;
        q = k;
      }
      head = q;
      name = assignedName(q);
    } else {
      let close = p;
      if (toks[close]?.t !== ')') {
        // `(...): ReturnType {`
        close = -1;
        for (let k = p, lim = 0; k > 0 && lim < 40; k--, lim++) {
          const t = toks[k].t;
          if (t === ':' && toks[k - 1]?.t === ')' && k < p) { close = k - 1; break; }
          if (t === '{' || t === '}' || t === ';' || t === '?' || t === '=' || t === '=>') break;
        }
        if (close < 0) return;
      }
      let open = match.get(close);
      if (open === undefined) return;
      let before = open - 1;
      if (toks[before]?.t === '>') {
        let k = before;
        while (k > 0 && toks[k].t !== '<') k--;
        before = k - 1;
      }
      if (toks[before]?.t === 'function') {
        head = before;
        name = assignedName(before);
      } else if (toks[before]?.t === '*' && toks[before - 1]?.t === 'function') {
        head = before - 1;
        name = assignedName(before - 1);
      } else if (isIdent(before) && !JS_NOT_FUNCTION.has(toks[before].t)) {
        head = before;
        name = toks[before].t;
        if (toks[before - 1]?.t === 'function') head = before - 1;
      } else {
        return;
      }
    }
    const first = lineOf(starts, toks[head].at);
    const last = lineOf(starts, toks[match.get(i)].at);
    found.push({ open: tok.at, close: toks[match.get(i)].at, name, line: first, lines: last - first + 1 });
  });
  // names: own, else from the enclosing function
  found.sort((a, b) => a.open - b.open);
  const result = [];
  for (const f of found) {
    let outer = null;
    for (const g of found) if (g !== f && g.open < f.open && g.close > f.close) outer = g;
    let name = typeof f.name === 'string' ? f.name : null;
    if (!name) {
      const base = outer ? outer.fullName : '';
      name = `${base ? `${base}/` : ''}${f.name?.callee ?? 'anonymous'}`;
    }
    f.fullName = name;
    result.push({ name, line: f.line, lines: f.lines });
  }
  return result;
}

// ---------------------------------------------------------------- Rust module graph

function splitUseTree(text) {
  // `a::b::{c, d::{e, f as g}, self, *}` -> [{ segs, alias, glob }]
  const out = [];
  const walk = (prefix, s) => {
    s = s.trim();
    if (!s) return;
    const brace = s.indexOf('{');
    if (brace >= 0) {
      const head = s.slice(0, brace).replace(/::\s*$/, '').trim();
      const inner = s.slice(brace + 1, s.lastIndexOf('}'));
      const p = head ? [...prefix, ...head.split('::').map((x) => x.trim())] : prefix;
      let depth = 0;
      let start = 0;
      for (let i = 0; i <= inner.length; i++) {
        const c = inner[i];
        if (c === '{') depth++;
        else if (c === '}') depth--;
        else if ((c === ',' && depth === 0) || i === inner.length) {
          walk(p, inner.slice(start, i));
          start = i + 1;
        }
      }
      return;
    }
    const [pathPart, alias] = s.split(/\s+as\s+/);
    const segs = [...prefix, ...pathPart.split('::').map((x) => x.trim()).filter(Boolean)];
    if (segs[segs.length - 1] === '*') out.push({ segs: segs.slice(0, -1), glob: true });
    else if (segs[segs.length - 1] === 'self') out.push({ segs: segs.slice(0, -1), alias: alias?.trim() ?? segs[segs.length - 2] });
    else out.push({ segs, alias: alias?.trim() ?? segs[segs.length - 1] });
  };
  walk([], text);
  return out;
}

/** `use` declarations of stripped Rust code: [{ pub, segs, alias, glob, at }]. */
export function rustUses(code) {
  const uses = [];
  const re = /(?:\b(pub)(?:\([^)]*\))?\s+)?\buse\s+([^;]+);/g;
  let m;
  while ((m = re.exec(code))) {
    for (const u of splitUseTree(m[2].replace(/\s+/g, ' '))) uses.push({ ...u, pub: !!m[1], at: m.index });
  }
  return uses;
}

const ITEM_RE = /(?<!['*&]\s*)\b(?:fn|struct|enum|trait|type|const|static|union|mod)\s+([A-Za-z_]\w*)|\bmacro_rules!\s*([A-Za-z_]\w*)/g;

/**
 * The file-level import graph of one crate. `files` maps a path relative to
 * the crate's src/ (`lib.rs`, `a/mod.rs`, `a/b.rs`) to its source.
 * Returns { edges: Map(file -> Map(file -> Set(names))), testFiles }.
 */
export function rustGraph(files) {
  const modOf = (f) => {
    const p = f.replace(/\.rs$/, '').split('/');
    if (p[p.length - 1] === 'mod' || (p.length === 1 && (p[0] === 'lib' || p[0] === 'main'))) p.pop();
    return p;
  };
  // test-only files: `#[cfg(test)] mod x;` (and #[path] ones)
  const testFiles = new Set();
  for (const [f, src] of Object.entries(files)) {
    const dir = path.posix.dirname(f);
    const own = /(^|\/)(mod|lib|main)\.rs$/.test(f) ? dir : path.posix.join(dir, path.posix.basename(f, '.rs'));
    for (const m of src.matchAll(/#\[cfg\(test\)\]\s*((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/g)) {
      const p = m[1].match(/#\[path\s*=\s*"([^"]+)"\]/);
      if (p) testFiles.add(path.posix.normalize(path.posix.join(dir, p[1])));
      else for (const c of [`${m[2]}.rs`, `${m[2]}/mod.rs`]) testFiles.add(path.posix.normalize(path.posix.join(own === '.' ? '' : own, c)));
    }
  }
  const mods = new Map(); // 'a::b' -> file
  const info = new Map(); // file -> { mod, code, items, uses, reexports, globs }
  for (const [f, src] of Object.entries(files)) {
    if (testFiles.has(f)) continue;
    const mod = modOf(f);
    mods.set(mod.join('::'), f);
    const stripped = stripRust(src);
    const code = blankRanges(stripped, rustTestRanges(stripped));
    const items = new Set();
    const macros = new Set();
    for (const m of code.matchAll(ITEM_RE)) {
      if (m[1]) items.add(m[1]);
      if (m[2]) { items.add(m[2]); macros.add(m[2]); }
    }
    info.set(f, { f, mod, code, items, macros, uses: rustUses(code) });
  }
  const macroHome = new Map();
  for (const i of info.values()) for (const m of i.macros) if (!macroHome.has(m)) macroHome.set(m, i.f);
  const childOf = (mod, name) => mods.has([...mod, name].join('::'));
  // module aliases: a `use` naming a module
  for (const i of info.values()) i.aliases = new Map();
  const absolute = (i, segs) => {
    const [first, ...rest] = segs;
    if (first === 'crate') return rest;
    if (first === 'super') {
      let m = i.mod.slice(0, -1);
      let r = rest;
      while (r[0] === 'super') { m = m.slice(0, -1); r = r.slice(1); }
      return [...m, ...r];
    }
    if (first === 'self') return [...i.mod, ...rest];
    if (childOf(i.mod, first)) return [...i.mod, ...segs];
    if (i.aliases.has(first)) return [...i.aliases.get(first), ...rest];
    return null; // another crate, a type, a local
  };
  for (const i of info.values()) {
    for (const u of i.uses) {
      if (u.glob) continue;
      const abs = absolute(i, u.segs);
      if (abs && mods.has(abs.join('::'))) i.aliases.set(u.alias, abs);
    }
  }
  // imports, public or not (a child sees its parent's private imports):
  // name -> absolute path, and globs
  for (const i of info.values()) {
    i.reexports = new Map();
    i.globs = [];
    for (const u of i.uses) {
      const abs = absolute(i, u.segs);
      if (!abs) {
        if (!u.glob) i.reexports.set(u.alias, null); // from another crate
        continue;
      }
      if (u.glob) i.globs.push(abs);
      else i.reexports.set(u.alias, abs);
    }
  }
  // where an absolute path's item lives: { file, name } or null (a module)
  const locate = (abs, seen = new Set()) => {
    let k = abs.length;
    while (k > 0 && !mods.has(abs.slice(0, k).join('::'))) k--;
    if (k === abs.length) return null; // the module itself
    const file = mods.get(abs.slice(0, k).join('::'));
    const name = abs[k];
    const key = `${file}#${name}`;
    if (seen.has(key)) return { file, name };
    seen.add(key);
    const fi = info.get(file);
    if (k === 0 && !fi.items.has(name) && macroHome.has(name)) return { file: macroHome.get(name), name };
    if (fi.reexports.get(name) === null && !fi.items.has(name)) return null; // another crate's
    if (fi.reexports.has(name) && fi.reexports.get(name) !== null) {
      const r = locate([...fi.reexports.get(name), ...abs.slice(k + 1)], seen);
      if (r) return r;
    }
    if (!fi.items.has(name)) {
      for (const g of fi.globs) {
        const gf = mods.get(g.join('::'));
        if (gf && (info.get(gf).items.has(name) || info.get(gf).reexports.has(name))) {
          const r = locate([...g, name], seen);
          if (r) return r;
        }
      }
    }
    return { file, name };
  };
  // the identifiers a file mentions, less enum variant declarations, fields
  // and methods (`.name`) and path tails (`X::name`)
  const idents = (i) => {
    if (!i.idents) {
      const { out, blank } = blanker(i.code);
      const braces = matchBraces(i.code);
      for (const m of i.code.matchAll(/\benum\s+\w+[^{;]*\{/g)) {
        const open = m.index + m[0].length - 1;
        const close = braces.get(open) ?? open;
        let depth = 0;
        let expect = true; // at the start of a variant
        for (let k = open + 1; k < close; k++) {
          const c = i.code[k];
          if ('([{'.includes(c)) depth++;
          else if (')]}'.includes(c)) depth--;
          else if (depth === 0 && c === ',') expect = true;
          else if (depth === 0 && expect && c === '#') {
            while (k < close && i.code[k] !== ']') k++;
          } else if (depth === 0 && expect && /[A-Za-z_]/.test(c)) {
            let e = k;
            while (isIdentChar(i.code[e])) e++;
            blank(k, e);
            k = e - 1;
            expect = false;
          }
        }
      }
      const code = out.join('').replace(/(\.|::)\s*[A-Za-z_]\w*/g, (s) => s.replace(/\w/g, ' '));
      i.idents = new Set(code.match(/[A-Za-z_]\w*/g) ?? []);
    }
    return i.idents;
  };
  const edges = new Map();
  const add = (from, to, name) => {
    if (from === to) return;
    if (!edges.has(from)) edges.set(from, new Map());
    const m = edges.get(from);
    if (!m.has(to)) m.set(to, new Set());
    m.get(to).add(name);
  };
  for (const i of info.values()) {
    for (const u of i.uses) {
      const abs = absolute(i, u.segs);
      if (!abs) continue;
      if (u.glob) {
        const gf = mods.get(abs.join('::'));
        if (gf) {
          // the names of that module this file mentions and does not define
          const g = info.get(gf);
          for (const name of idents(i)) {
            if (i.items.has(name) || !(g.items.has(name) || (g.reexports.has(name) && g.reexports.get(name) !== null))) continue;
            const r = locate([...abs, name]);
            if (r) add(i.f, r.file, r.name);
          }
        } else {
          const r = locate(abs);
          if (r) add(i.f, r.file, `${r.name}::*`);
        }
        continue;
      }
      const r = locate(abs);
      if (r) add(i.f, r.file, r.name);
    }
    // paths in code (use declarations blanked first)
    const code = i.code.replace(/(?:\bpub(?:\([^)]*\))?\s+)?\buse\s+[^;]+;/g, (s) => s.replace(/[^\n]/g, ' '));
    for (const m of code.matchAll(/(?<![\w:])([a-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)+)/g)) {
      const segs = m[1].split('::').map((s) => s.trim());
      const abs = absolute(i, segs);
      if (!abs) continue;
      const r = locate(abs);
      if (r) add(i.f, r.file, r.name);
    }
    for (const m of code.matchAll(/(?<![\w:])([A-Za-z_]\w*)!/g)) {
      const home = macroHome.get(m[1]);
      if (home && home !== i.f) add(i.f, home, `${m[1]}!`);
    }
  }
  return { edges, testFiles };
}

/** Strongly connected components (Tarjan) of two nodes or more, each sorted. */
export function cycles(edges) {
  const nodes = new Set(edges.keys());
  for (const m of edges.values()) for (const k of m.keys()) nodes.add(k);
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  const strong = (v) => {
    // iterative Tarjan
    const work = [[v, [...(edges.get(v)?.keys() ?? [])], 0]];
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, succ] = frame;
      if (frame[2] < succ.length) {
        const w = succ[frame[2]++];
        if (!idx.has(w)) {
          idx.set(w, index); low.set(w, index); index++;
          stack.push(w); onStack.add(w);
          work.push([w, [...(edges.get(w)?.keys() ?? [])], 0]);
        } else if (onStack.has(w)) {
          low.set(node, Math.min(low.get(node), idx.get(w)));
        }
      } else {
        work.pop();
        if (work.length) {
          const parent = work[work.length - 1][0];
          low.set(parent, Math.min(low.get(parent), low.get(node)));
        }
        if (low.get(node) === idx.get(node)) {
          const comp = [];
          let w;
          do { w = stack.pop(); onStack.delete(w); comp.push(w); } while (w !== node);
          if (comp.length > 1) out.push(comp.sort());
        }
      }
    }
  };
  for (const v of [...nodes].sort()) if (!idx.has(v)) strong(v);
  return out.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

// ---------------------------------------------------------------- the ratchet

/**
 * Compares today's measures with the allowlist.
 * measures/allow: { cycles: [[file]], files: {path: lines}, functions: {key: lines} }
 * Returns { failures: [text], trim: [text] }.
 */
export function ratchet(measures, allow) {
  const failures = [];
  const trim = [];
  for (const kind of ['files', 'functions']) {
    const limit = kind === 'files' ? MAX_FILE_LINES : MAX_FUNCTION_LINES;
    const now = measures[kind];
    const allowed = allow[kind] ?? {};
    for (const [key, lines] of Object.entries(now)) {
      if (!(key in allowed)) failures.push(`${kind === 'files' ? 'file' : 'function'} ${key}: ${lines} lines (over ${limit}, not in the allowlist)`);
      else if (lines > allowed[key]) failures.push(`${kind === 'files' ? 'file' : 'function'} ${key}: ${lines} lines, grew from ${allowed[key]} (over ${limit})`);
      else if (lines < allowed[key]) trim.push(`${kind === 'files' ? 'file' : 'function'} ${key}: ${lines} lines, the allowlist says ${allowed[key]}`);
    }
    for (const key of Object.keys(allowed)) if (!(key in now)) trim.push(`${kind === 'files' ? 'file' : 'function'} ${key}: now within ${limit} lines (or gone), drop it from the allowlist`);
  }
  const allowedCycles = allow.cycles ?? [];
  const used = new Set();
  for (const c of measures.cycles) {
    const home = allowedCycles.findIndex((a) => c.files.every((f) => a.includes(f)));
    if (home < 0) failures.push(`cycle of ${c.files.length} files, not within a listed one:\n${c.text}`);
    else {
      used.add(home);
      if (c.files.length < allowedCycles[home].length) trim.push(`cycle listed with ${allowedCycles[home].length} files now has ${c.files.length} or is split: ${c.files.join(' ')}`);
    }
  }
  allowedCycles.forEach((a, k) => {
    if (!used.has(k)) trim.push(`cycle listed with ${a.length} files is gone: ${a.join(' ')}`);
  });
  return { failures, trim };
}

// ---------------------------------------------------------------- the project

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALLOW = path.join(ROOT, 'scripts', 'shape-allow.json');

function walk(dir, acc = []) {
  if (!existsSync(dir)) return acc;
  for (const e of readdirSync(dir)) {
    if (e === 'node_modules' || e === 'dist' || e === 'target') continue;
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) walk(p, acc);
    else acc.push(p);
  }
  return acc;
}

const isTestPath = (rel) => /(^|\/)(tests?|__tests__)\//.test(rel) || /\.(test|spec|e2e)\.[cm]?[jt]sx?$/.test(rel);
const isGenerated = (rel) => /\.gen\.[cm]?[jt]sx?$/.test(rel);

/** Measures the project at `root`. */
export function measure(root = ROOT) {
  const rel = (p) => path.relative(root, p).split(path.sep).join('/');
  const files = {};
  const functions = {};
  const cycleList = [];
  const addFn = (file, fns) => {
    const seen = new Map();
    for (const f of fns) {
      const n = (seen.get(f.name) ?? 0) + 1;
      seen.set(f.name, n);
      if (f.lines > MAX_FUNCTION_LINES) functions[`${file}#${f.name}${n > 1 ? `#${n}` : ''}`] = f.lines;
    }
  };
  const engine = path.join(root, 'engine-wasm');
  const crates = existsSync(engine) ? readdirSync(engine).filter((c) => existsSync(path.join(engine, c, 'src'))) : [];
  for (const crate of crates.sort()) {
    const src = path.join(engine, crate, 'src');
    const sources = {};
    for (const p of walk(src).filter((p) => p.endsWith('.rs')).sort()) sources[path.relative(src, p).split(path.sep).join('/')] = readFileSync(p, 'utf8');
    const { edges, testFiles } = rustGraph(sources);
    for (const [f, text] of Object.entries(sources)) {
      const r = rel(path.join(src, f));
      if (testFiles.has(f) || isTestPath(f)) continue;
      const lines = rustCountedLines(text);
      if (lines > MAX_FILE_LINES) files[r] = lines;
      addFn(r, rustFunctions(text));
    }
    if (crate === 'core' || crate === 'sql') {
      for (const comp of cycles(edges)) {
        const full = comp.map((f) => rel(path.join(src, f)));
        const ties = [];
        for (const a of comp) for (const [b, names] of edges.get(a) ?? []) if (comp.includes(b)) ties.push(`  ${a} -> ${b}: ${[...names].sort().join(', ')}`);
        cycleList.push({ files: full, text: `  [${crate}] ${comp.join(' ')}\n${ties.join('\n')}` });
      }
    }
  }
  const jsFiles = [...walk(path.join(root, 'renderer', 'src')), ...walk(path.join(root, 'electron'))]
    .filter((p) => /\.(ts|tsx|mjs|js|cjs)$/.test(p))
    .sort();
  for (const p of jsFiles) {
    const r = rel(p);
    if (isTestPath(r) || isGenerated(r)) continue;
    const text = readFileSync(p, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) files[r] = lines;
    if (!r.endsWith('.d.ts')) addFn(r, jsFunctions(text));
  }
  return { cycles: cycleList, files, functions };
}

function main() {
  const args = process.argv.slice(2);
  const m = measure();
  if (args.includes('--json')) {
    console.log(JSON.stringify({ ...m, cycles: m.cycles.map((c) => c.files) }, null, 2));
    return 0;
  }
  if (args.includes('--write-allow')) {
    const allow = { cycles: m.cycles.map((c) => c.files), files: m.files, functions: m.functions };
    writeFileSync(ALLOW, `${JSON.stringify(allow, null, 2)}\n`);
    console.log(`wrote ${path.relative(ROOT, ALLOW)}`);
    return 0;
  }
  const allow = existsSync(ALLOW) ? JSON.parse(readFileSync(ALLOW, 'utf8')) : {};
  const { failures, trim } = ratchet(m, allow);
  console.log(`shape: ${m.cycles.length} import cycles, ${Object.keys(m.files).length} files over ${MAX_FILE_LINES} lines, ${Object.keys(m.functions).length} functions over ${MAX_FUNCTION_LINES} lines`);
  if (args.includes('--cycles') || failures.length) for (const c of m.cycles) console.log(`cycle:\n${c.text}`);
  for (const t of trim) console.log(`trim the allowlist: ${t}`);
  for (const f of failures) console.log(`FAIL ${f}`);
  if (failures.length) console.log(`shape: ${failures.length} finding(s); split the file or function, or break the cycle (scripts/shape.mjs says what counts)`);
  return failures.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) process.exit(main());
