// tkprof's layout, byte for byte, against published tkprof reports
// (tests/unit/fixtures/tkprof/*.txt, copied from the pages below). Each
// report's raw trace is not published; fixtures/tkprof/make-traces.mjs wrote
// one (11.2.0.4's layout) whose calls, STAT lines and waits carry the
// report's figures, and the lab's tkprof (electron/tkprof.mjs) must print
// the report's text from it. A `...` line in a .txt leaves out lines the
// trace cannot give (the parsing user's name, which tkprof looks up).
//
//   so-47780877-fast / -slow: https://stackoverflow.com/questions/47780877
//     ("Oracle 11 query runs fast on first 2 executions, slower on
//     subsequent", 11.2.0.4): call table, "Misses in library cache during
//     parse: 1" and ": 0", "Parsing user id: 631  " (two spaces after the
//     id), 22 and 19 row source lines with "(object id n)" on the index
//     lines only, one blank line before the stars. Byte for byte.
//   linora-merge-join-anti: Fung's "10046 trace" notes (linora.cn, 11.2.0.4,
//     SCOTT's EMP/DEPT/SALGRADE): call table, row sources, two blank lines,
//     the waits table. The page drops some blank lines; compared line by
//     line without the blank ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tkprof } from '../../electron/tkprof.mjs';

const DIR = path.join(import.meta.dirname, 'fixtures/tkprof');

/** Whether `chunk` (lines) appears contiguously in `lines` from `from` on; its start. */
function find(lines, chunk, from) {
  for (let i = from; i + chunk.length <= lines.length; i++) {
    if (chunk.every((c, k) => lines[i + k] === c)) return i;
  }
  return -1;
}

describe('tkprof against published reports', () => {
  for (const [name, blanks] of [['so-47780877-fast', true], ['so-47780877-slow', true], ['linora-merge-join-anti', false]]) {
    it(`${name}: the published text, ${blanks ? 'byte for byte' : 'line for line'}`, () => {
      const report = tkprof(readFileSync(path.join(DIR, `${name}.trc`), 'utf8'), { traceName: `${name}.trc` });
      const published = readFileSync(path.join(DIR, `${name}.txt`), 'utf8').replace(/\n$/, '');
      const keep = (l) => blanks || l.trim() !== '';
      const lines = report.split('\n').filter(keep);
      let at = 0;
      for (const part of published.split('\n...\n')) {
        const chunk = part.split('\n').filter(keep);
        const i = find(lines, chunk, at);
        if (i < 0) {
          // Show the nearest text: from the chunk's first line on.
          const near = lines.indexOf(chunk[0], at);
          expect(lines.slice(near, near + chunk.length).join('\n')).toBe(chunk.join('\n'));
        }
        expect(i).toBeGreaterThanOrEqual(at);
        at = i + chunk.length;
      }
    });
  }

  it('prints 12c\'s STAT str= as the row source\'s starts=, after the time (19c tkprof)', () => {
    const trace = readFileSync(path.join(DIR, 'so-47780877-fast.trc'), 'utf8')
      .replace("op='HASH UNIQUE (cr=65896 pr=0 pw=0 time=596536 us", "op='HASH UNIQUE (cr=65896 pr=0 pw=0 str=1 time=596536 us");
    expect(tkprof(trace)).toContain('       109        109        109  HASH UNIQUE (cr=65896 pr=0 pw=0 time=596536 us starts=1 cost=2069 size=18857 card=173)');
  });
});
