// Golden files (tests/golden/): the CLI's text output for the articles'
// autotrace examples and for SQL*Plus's classic layout.
//
// memopt-sqlcl.sql runs the t1..t4 queries of memoptimized-rowstore-18c.txt
// in SQLcl's layout (LAB SET autotrace_style = sqlcl), each twice; the
// second execution is compared line by line with the article's block
// (memopt-sqlcl.article.txt) after normalising only what the article's
// environment decides:
//   - trailing blanks (SQLcl pads rows to the line size; the copy keeps them)
//   - the plan hash value (Oracle's function is not public; LIO Lab's is
//     its own stable hash of the plan shape)
//   - the VALUE column's text (Oracle's DBMS_RANDOM sequence)
//   - the statistics that follow the session's history and the 10 ms clock
//     (CPU, DB time, the session cursor cache), the bytes on the wire, and
//     the lab's known gaps (ENVIRONMENT_STATS below; core/tests/
//     sqlcl_traffic.rs compares them with their tolerances); every other
//     statistic, SQLcl's own round trips, requests, executions, parses and
//     sorts included, must be there with the article's value, and no other
//     may appear.
// classic.sql's whole output is compared with classic.expected.txt.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GOLDEN = path.join(ROOT, 'tests', 'golden');

/** @param {string} script */
function cli(script) {
  return execFileSync(process.execPath, [path.join(ROOT, 'electron', 'cli.mjs'), 'run', path.join(GOLDEN, script)], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}

export const ENVIRONMENT_STATS = new Set([
  'CPU used by this session', 'CPU used when call started', 'DB time',
  'bytes received via SQL*Net from client', 'bytes sent via SQL*Net to client',
  'cursor authentications', 'non-idle wait count',
  'session cursor cache count', 'session cursor cache hits', 'user calls',
]);

/** @param {string[]} lines */
function normalise(lines) {
  return lines
    .map((l) => l.replace(/\s+$/, ''))
    .map((l) => l.replace(/^Plan hash value: \d+$/, 'Plan hash value: <hash>'))
    .map((l) => l.replace(/^(\s+42) \S+$/, '$1 <value>'))
    .filter((l) => {
      const m = /^\s+\d+ {2}(.+)$/.exec(l);
      return !(m && ENVIRONMENT_STATS.has(m[1]));
    });
}

/** The lines each `SQL> /` (the second execution) printed, echo left out. */
function reruns(text) {
  const lines = text.split('\n');
  /** @type {string[][]} */
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== 'SQL> /') continue;
    let j = i + 1;
    while (j < lines.length && !lines[j].startsWith('SQL> ')) j++;
    const block = lines.slice(i + 1, j);
    while (block.length && block[0] === '') block.shift();
    while (block.length && block[block.length - 1] === '') block.pop();
    out.push(block);
  }
  return out;
}

describe('golden files', () => {
  it("prints the MemOptimized article's autotrace examples in SQLcl's layout, line by line", () => {
    const article = readFileSync(path.join(GOLDEN, 'memopt-sqlcl.article.txt'), 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('#'));
    /** @type {{ name: string, lines: string[] }[]} */
    const blocks = [];
    for (const l of article) {
      if (l.startsWith('=== ')) blocks.push({ name: l.slice(4), lines: [] });
      else if (blocks.length) blocks[blocks.length - 1].lines.push(l);
    }
    for (const b of blocks) while (b.lines.length && b.lines[b.lines.length - 1] === '') b.lines.pop();
    const got = reruns(cli('memopt-sqlcl.sql'));
    expect(got).toHaveLength(blocks.length);
    blocks.forEach((b, k) => {
      expect({ query: b.name, lines: normalise(got[k]) }).toEqual({ query: b.name, lines: normalise(b.lines) });
    });
  });

  it("prints SQL*Plus 18c's classic layout", () => {
    const got = cli('classic.sql');
    const file = path.join(GOLDEN, 'classic.expected.txt');
    if (process.env.LIO_UPDATE_GOLDEN) writeFileSync(file, got);
    expect(got).toBe(readFileSync(file, 'utf8'));
  });
});
