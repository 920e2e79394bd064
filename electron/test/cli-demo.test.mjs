// `lio play` and `lio report`: the shipped demos play to the end with
// --no-wait and print their narration; pauses wait for Enter; report writes
// the UI's SVGs for every query and workload step.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseArgs } from '../cli.mjs';
import { loadNodeEngine } from '../engine-node.mjs';
import { REPORTS_BUNDLE } from '../cli-demo.mjs';
import { parseDemo } from '../../renderer/src/model/demo.mjs';
import { checkXml } from '../../renderer/test/xml.ts';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));
const DEMOS = fileURLToPath(new URL('../../samples/demos/', import.meta.url));
const demos = fs.readdirSync(DEMOS).filter((f) => f.endsWith('.sql')).sort();

/**
 * Each demo's --no-wait output, played once.
 * @type {Map<string, import('node:child_process').SpawnSyncReturns<string>>}
 */
const played = new Map();
/** @param {string} f */
function play(f) {
  let r = played.get(f);
  if (!r) {
    r = spawnSync(process.execPath, [CLI, 'play', '--no-wait', path.join(DEMOS, f)], { encoding: 'utf8', timeout: 120_000 });
    played.set(f, r);
  }
  return r;
}

/** @type {string} */
let dir;
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-demo-')); });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** @param {string[]} argv @param {{ stdin?: any }} [o] */
async function runMain(argv, o = {}) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s), loadEngine: loadNodeEngine, ...o });
  return { code, out, err };
}

describe('lio play / report arguments', () => {
  it('parses play and report', () => {
    expect(parseArgs(['play', 'd.sql', '--no-wait'])).toEqual({ command: 'play', file: 'd.sql', echo: true, noWait: true });
    expect(parseArgs(['report', 'd.sql', '--out', 'x', '--slide', '--format=html'])).toEqual({ command: 'report', file: 'd.sql', out: 'x', format: 'html', slide: true });
    expect(() => parseArgs(['report', 'd.sql'])).toThrow(/--out DIR/);
    expect(() => parseArgs(['report', 'd.sql', '--out', 'x', '--format', 'pdf'])).toThrow(/svg or html/);
    expect(() => parseArgs(['run', 'd.sql', '--no-wait'])).toThrow(/--no-wait is not an option of run/);
    expect(() => parseArgs(['play', '-'])).toThrow(/not standard input/);
  });
});

describe('lio play', () => {
  it('ships at least three narrated demos', () => {
    expect(demos).toEqual(expect.arrayContaining(['memoptimized-story.sql', 'nested-loop-pinning-11g.sql', 'fetch-size-long-link.sql']));
  });

  for (const f of demos) {
    it(`plays ${f} with --no-wait: exit 0, the narration and the statements' output`, () => {
      const r = play(f);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const demo = parseDemo(fs.readFileSync(path.join(DEMOS, f), 'utf8'));
      expect(demo.errors).toEqual([]);
      expect(r.stdout).toContain(demo.title);
      const said = demo.beats.flatMap((b) => b.say);
      expect(said.length).toBeGreaterThan(2);
      // Each caption is printed (wrapped at 74 columns under '  | ').
      const flat = r.stdout.split('\n').filter((l) => l.startsWith('  | ')).map((l) => l.slice(4)).join(' ');
      for (const s of said) expect(flat).toContain(s);
      expect(r.stdout).toContain('SQL> ');
      expect(r.stdout).not.toMatch(/ORA-\d{5}|LAB-\d{5}|SP2-\d{4}/);
      if (demo.beats.some((b) => b.expected.length)) expect(r.stdout).toContain('Simulated vs published');
    }, 130_000);
  }

  it('shows the MemOptimized figures next to the published ones', () => {
    const r = play('memoptimized-story.sql');
    const rows = r.stdout.split('\n').filter((l) => /^ {2}consistent gets +\d/.test(l));
    // t1 3, t2 2, t3 1, t4 before populate 3, after 0: equal to the article.
    expect(rows.slice(0, 5).map((l) => l.trim().split(/\s{2,}/).slice(1, 4))).toEqual([
      ['3', '3', '='], ['2', '2', '='], ['1', '1', '='], ['3', '3', '='], ['0', '0', '='],
    ]);
  }, 130_000);

  it('shows Harrison\'s fetch-size ratio beside the published "more than 6 times"', () => {
    const r = play('fetch-size-long-link.sql');
    const rows = r.stdout.split('\n').filter((l) => /^ {2}times faster than line 71 \(fetch size 10\) +\d/.test(l));
    // Fetch size 100 and 200 against 10 (line 71): the ratio of the trimmed
    // means, the published bound, and '=' when the ratio is within it.
    expect(rows).toHaveLength(2);
    for (const l of rows) {
      const [, simulated, published, diff] = l.trim().split(/\s{2,}/);
      expect(Number(simulated)).toBeGreaterThan(6);
      expect([published, diff]).toEqual(['> 6', '=']);
    }
  }, 130_000);

  it('a pause waits for Enter; --no-wait does not', async () => {
    const file = path.join(dir, 'pause.sql');
    fs.writeFileSync(file, '--@ say first\n--@ pause\nselect 1 x from dual;\n--@ say second\n');
    const stdin = new PassThrough();
    let out = '';
    const done = main(['play', file], { out: (s) => (out += s), err: () => {}, loadEngine: loadNodeEngine, stdin });
    await new Promise((r) => setTimeout(r, 300));
    expect(out).toContain('| first');
    expect(out).toContain('[Enter: next]');
    expect(out).not.toContain('SQL> select 1');
    stdin.write('\n');
    expect(await done).toBe(0);
    expect(out).toContain('SQL> select 1 x from dual;');
    expect(out).toContain('| second');
  });

  it('refuses a directive it cannot read, with line and column, before playing', async () => {
    const file = path.join(dir, 'bad.sql');
    fs.writeFileSync(file, 'select 1 from dual;\n  --@ view sideways\n');
    const r = await runMain(['play', '--no-wait', file]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(`lio: bad:2:7: LAB-00061: view needs one of autotrace, structure, flame, compare, histogram\n`);
  });
});

describe('lio report', () => {
  it('writes, for each query and workload step, the UI\'s SVGs (and slides), and prints their paths', async () => {
    expect(fs.existsSync(REPORTS_BUNDLE)).toBe(true);
    const file = path.join(dir, 'rep.sql');
    fs.writeFileSync(file, [
      'create table t (id number primary key, v varchar2(10));',
      "insert into t select level, 'v' || level from dual connect by level <= 1000;",
      'commit;',
      'set autotrace traceonly',
      'select v from t where id = 42;',
      "LAB RUN 'select v from t where id = :1' BIND 1 TO 100 VIA jdbc_thin RUNS 3;",
      '',
    ].join('\n'));
    const out = path.join(dir, 'out');
    const r = await runMain(['report', file, '--out', out, '--slide']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const printed = r.out.trim().split('\n');
    // 2 steps x 5 kinds (report, structure, flame, statistics, and the wait
    // histograms of their SQL*Net waits) x (picture + slide), and the
    // script's speedscope profile last.
    expect(printed).toHaveLength(21);
    const profile = JSON.parse(fs.readFileSync(/** @type {string} */ (printed.pop()), 'utf8'));
    expect(profile.$schema).toBe('https://www.speedscope.app/file-format-schema.json');
    expect(profile.profiles.map((/** @type {any} */ p) => p.name)).toContain('step 4 line 5: select v from t where id = 42');
    for (const p of printed) {
      expect(fs.existsSync(p)).toBe(true);
      const svg = fs.readFileSync(p, 'utf8');
      const x = checkXml(svg);
      expect(x.ok, `${p}: ${JSON.stringify(x)}`).toBe(true);
    }
    const names = printed.map((p) => path.basename(p));
    expect(names).toContain('lio-select-v-from-t-where-id-42-4-report.svg');
    expect(names).toContain('lio-select-v-from-t-where-id-42-4-structure-slide.svg');
    expect(names).toContain('lio-select-v-from-t-where-id-42-4-waits.svg');
    const report = fs.readFileSync(path.join(out, 'lio-select-v-from-t-where-id-42-4-report.svg'), 'utf8');
    for (const label of ['LIO Lab report', 'Execution plan', 'INDEX UNIQUE SCAN', 'consistent gets', 'Structures', 'Flame graph']) expect(report).toContain(label);
    const slide = fs.readFileSync(path.join(out, 'lio-select-v-from-t-where-id-42-4-flame-slide.svg'), 'utf8');
    expect(slide).toMatch(/width="1920" height="1080"/);
    const workload = names.find((n) => /^lio-lab-run-.*-5-report\.svg$/.test(n));
    expect(workload).toBeTruthy();
    expect(fs.readFileSync(path.join(out, /** @type {string} */ (workload)), 'utf8')).toContain('Workload runs');
  });

  it('writes the device view of a step that used a LAB DEVICE (svg, slide and html)', async () => {
    const file = path.join(dir, 'dev.sql');
    fs.writeFileSync(file, [
      'LAB DEVICE fl TYPE pcie_flash blocks = 64 pages_per_block = 64;',
      'LAB DEVICE slow TYPE hdd cache_mb = 8;',
      "CREATE TABLESPACE fast DATAFILE '+FL' SIZE 100M;",
      "CREATE TABLESPACE spin DATAFILE '+SLOW' SIZE 100M;",
      'CREATE TABLE t (id NUMBER PRIMARY KEY, v NUMBER) TABLESPACE fast;',
      'CREATE TABLE u (id NUMBER PRIMARY KEY, v NUMBER) TABLESPACE spin;',
      'INSERT INTO t SELECT level, 0 FROM dual CONNECT BY level <= 300;',
      'INSERT INTO u SELECT level, 0 FROM dual CONNECT BY level <= 300;',
      'COMMIT;',
      'ALTER SYSTEM FLUSH BUFFER_CACHE;',
      'SELECT SUM(t.v + u.v) FROM t, u WHERE t.id = u.id;',
      'SELECT 1 FROM dual;',
      '',
    ].join('\n'));
    const out = path.join(dir, 'dev');
    const r = await runMain(['report', file, '--out', out, '--slide']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const names = r.out.trim().split('\n').map((p) => path.basename(p));
    const dev = names.filter((n) => /-devices(-slide)?\.svg$/.test(n));
    // The join read both devices; the select from dual used none.
    expect(dev).toEqual(['lio-select-sum-t-v-u-v-from-t-u-where-t-id-u-10-devices.svg', 'lio-select-sum-t-v-u-v-from-t-u-where-t-id-u-10-devices-slide.svg']);
    const svg = fs.readFileSync(path.join(out, dev[0]), 'utf8');
    expect(checkXml(svg).ok).toBe(true);
    expect([...svg.matchAll(/class="device" data-name="(\w+)" data-kind="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['FL:pcie_flash', 'SLOW:hdd']);
    expect(svg).toContain('at the end of the step');
    expect(svg.match(/class="eblock"/g)).toHaveLength(64);
    const slide = fs.readFileSync(path.join(out, dev[1]), 'utf8');
    expect(slide).toMatch(/width="1920" height="1080"/);
    expect(slide).toContain('>Devices · SELECT SUM(t.v + u.v) FROM t, u WHERE t.id = u.id</text>');
    // The one-page report of that step has its Devices section.
    expect(fs.readFileSync(path.join(out, 'lio-select-sum-t-v-u-v-from-t-u-where-t-id-u-10-report.svg'), 'utf8')).toContain('>Devices</text>');
    // html: the device view inline on that step's page, none on the other's.
    const html = path.join(dir, 'devhtml');
    const h = await runMain(['report', file, '--out', html, '--format', 'html']);
    expect(h.code).toBe(0);
    const pages = h.out.trim().split('\n');
    expect(pages.map((p) => path.basename(p))).toEqual(['lio-select-sum-t-v-u-v-from-t-u-where-t-id-u-10.html', 'lio-select-1-from-dual-11.html', 'lio-dev.speedscope.json']);
    expect(fs.readFileSync(pages[0], 'utf8')).toContain('<figcaption>lio-select-sum-t-v-u-v-from-t-u-where-t-id-u-10-devices.svg</figcaption>');
    expect(fs.readFileSync(pages[1], 'utf8')).not.toContain('-devices.svg');
  });

  it('--format html writes one page a step with the pictures inline', async () => {
    const file = path.join(dir, 'rep2.sql');
    fs.writeFileSync(file, 'create table t (id number primary key);\ninsert into t values (1);\nselect * from t where id = 1;\n');
    const out = path.join(dir, 'html');
    const r = await runMain(['report', file, '--out', out, '--format', 'html']);
    expect(r.code).toBe(0);
    const pages = r.out.trim().split('\n');
    // The page, and the script's speedscope profile.
    expect(pages.map((p) => path.basename(p))).toEqual(['lio-select-from-t-where-id-1-2.html', 'lio-rep2.speedscope.json']);
    const html = fs.readFileSync(pages[0], 'utf8');
    // Report, structure, flame, statistics, wait histograms (SQL*Net).
    expect(html.match(/<svg /g)).toHaveLength(5);
  });
});
