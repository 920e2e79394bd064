// The seed scripts the `truncated` and `mutated` families start from:
// every samples/*.sql, plus the SQL and PL/SQL found in the source
// articles (/work/shared/seeds/*.txt, or $LIO_FUZZ_SEEDS), extracted by a
// line heuristic (articles mix prose, plans, Java and R with the SQL).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const SQL_START =
  /^(select|with|create|insert|update|delete|merge|alter|drop|truncate|begin|declare|commit|rollback|analyze|explain|grant|lab)\b/i;
const PLSQL_START = /^(begin|declare|create\s+(or\s+replace\s+)?(procedure|function|package|trigger|type))\b/i;
const PLUS_START =
  /^(set|exec|execute|show|shutdown|startup|connect|conn|prompt|col|column|spool|var|variable|print|desc|describe|@)(\s|$)/i;

/** The code blocks of an article, joined into one script. */
export function extractCode(text) {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    // "  12:      code" (numbered listings in some articles)
    .map((l) => l.replace(/^\s*\d{1,3}:\s?/, ''));
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const t = lines[i].trim();
    if (PLUS_START.test(t) && !/[.?!]$/.test(t)) {
      out.push(lines[i].trim());
      i++;
      continue;
    }
    if (!SQL_START.test(t)) {
      i++;
      continue;
    }
    const plsql = PLSQL_START.test(t);
    const block = [];
    let j = i;
    for (; j < lines.length && block.length < 80; j++) {
      const l = lines[j];
      const lt = l.trim();
      if (!plsql && lt === '' && block.length > 0) break;
      block.push(l.replace(/\s+$/, ''));
      if (plsql ? lt === '/' : lt.endsWith(';') || lt === '/') {
        j++;
        break;
      }
    }
    out.push(block.join('\n'));
    i = j;
  }
  return out.join('\n');
}

/** [{ name, script }] */
export function loadSeeds(root) {
  const seeds = [];
  const samples = path.join(root, 'samples');
  if (existsSync(samples)) {
    for (const f of readdirSync(samples).filter((f) => f.endsWith('.sql')).sort()) {
      seeds.push({ name: `samples/${f}`, script: readFileSync(path.join(samples, f), 'utf8') });
    }
  }
  const dir = process.env.LIO_FUZZ_SEEDS ?? '/work/shared/seeds';
  if (existsSync(dir)) {
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
      const script = extractCode(readFileSync(path.join(dir, f), 'utf8'));
      if (script.trim()) seeds.push({ name: `seeds/${f}`, script });
    }
  }
  return seeds;
}
