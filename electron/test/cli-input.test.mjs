// The CLI's input and its limits: BOM, binary files, `--`, --timeout, traps,
// huge scripts streamed in chunks (issue 11: nothing typed can kill the
// engine, hang the app or lose the work).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main, parseArgs } from '../cli.mjs';
import { ENGINE_MODULE, startEngineWorker } from '../engine-node.mjs';
import { ENGINE_PKG_DIR } from '../paths.mjs';
import { scriptChunksFrom } from '../script-stream.mjs';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));
const FAKE_WORKER = new URL('./fixtures/fake-engine-worker.mjs', import.meta.url);
const engineBuilt = fs.existsSync(ENGINE_MODULE) && fs.existsSync(path.join(ENGINE_PKG_DIR, 'lio_wasm_bg.wasm'));

/** @type {string} */
let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-cli-input-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** @param {string} name @param {string | Uint8Array} content */
const file = (name, content) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};

/** main() in-process, its engine in the fake worker thread. */
async function run(/** @type {string[]} */ argv) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    startEngine: () => startEngineWorker({ workerUrl: FAKE_WORKER }),
  });
  return { code, out, err };
}

/** What the fake engine was sent, through an in-process recording engine. */
async function sent(/** @type {string[]} */ argv) {
  /** @type {string[]} */
  const scripts = [];
  let err = '';
  const code = await main(argv, {
    out: () => {},
    err: (s) => (err += s),
    loadEngine: async () => /** @type {any} */ ({ exec: (/** @type {string} */ s) => (scripts.push(s), { lio_lab: 'x', steps: [] }) }),
  });
  return { code, err, scripts };
}

describe('lio input files', () => {
  it('drops a UTF-8 byte order mark', async () => {
    const p = file('bom.sql', '\uFEFFselect 1 from dual;\n');
    const r = await sent(['run', p]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.scripts).toEqual(['select 1 from dual;\n']);
  });

  it('refuses binary, UTF-16 and non-UTF-8 files with one line, exit 2', async () => {
    const cases = [
      [file('nul.sql', Buffer.from('select 1 from dual;\n\0\0\0')), /is not a text script \(a NUL byte at offset 20\)/],
      [file('utf16.sql', Buffer.from('\uFEFFselect 1;', 'utf16le')), /is UTF-16 text; save it as UTF-8/],
      [file('latin1.sql', Buffer.from([0x73, 0x65, 0x6c, 0xe9, 0x0a])), /is not UTF-8 text/],
    ];
    for (const [p, re] of cases) {
      const r = await sent(['run', /** @type {string} */ (p)]);
      expect(r.code).toBe(EXIT.usage);
      expect(r.scripts).toEqual([]);
      expect(r.err).toMatch(/** @type {RegExp} */ (re));
      expect(r.err.split('\n')).toHaveLength(2); // one line and its newline
    }
  });

  it('takes -- as the end of options', async () => {
    const p = file('-dash.sql', 'select 1 from dual;\n');
    expect(parseArgs(['run', '--json', '--', '-dash.sql'])).toMatchObject({ file: '-dash.sql', json: true });
    expect(parseArgs(['run', '--', '--help'])).toMatchObject({ command: 'run', file: '--help' });
    expect(() => parseArgs(['run', '--', 'a.sql', 'b.sql'])).toThrow('unexpected argument b.sql');
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect((await sent(['run', '--', '-dash.sql'])).scripts).toEqual(['select 1 from dual;\n']);
      expect((await sent(['run', '-dash.sql'])).code).toBe(EXIT.usage);
    } finally {
      process.chdir(cwd);
    }
    expect(fs.existsSync(p)).toBe(true);
  });

  it('parses --timeout SECONDS', () => {
    expect(parseArgs(['run', 'a.sql', '--timeout', '2.5'])).toMatchObject({ timeout: 2.5 });
    expect(parseArgs(['run', '--timeout=10', 'a.sql'])).toMatchObject({ timeout: 10 });
    expect(() => parseArgs(['run', 'a.sql', '--timeout'])).toThrow(/needs a number/);
    expect(() => parseArgs(['run', 'a.sql', '--timeout', '0'])).toThrow(/invalid --timeout 0/);
    expect(() => parseArgs(['run', 'a.sql', '--timeout', 'soon'])).toThrow(/invalid --timeout soon/);
  });
});

describe('lio runs the engine in a worker it can stop', () => {
  it('--timeout stops a statement that never ends: LAB-00035, exit 3, earlier steps printed', async () => {
    const p = file('spin.sql', 'prompt one;\nprompt two;\nLAB SPIN;\nprompt never;\n');
    const t0 = Date.now();
    const r = await run(['run', p, '--timeout', '0.5']);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.code).toBe(EXIT.timeout);
    expect(r.err).toBe('lio: LAB-00035: script stopped after 0.5 s (--timeout)\n');
    expect(r.out).toContain('ran prompt one;');
    expect(r.out).toContain('ran prompt two;');
    expect(r.out).not.toContain('never');
  });

  it('--json stays one valid document when the run is stopped, and says why', async () => {
    const p = file('spin2.sql', 'prompt one;\nLAB SPIN;\n');
    const r = await run(['run', p, '--json', '--timeout', '0.3']);
    expect(r.code).toBe(EXIT.timeout);
    const doc = JSON.parse(r.out);
    expect(doc.steps.map((/** @type {any} */ s) => s.statement)).toEqual(['prompt one']);
    expect(doc.stopped).toBe('LAB-00035: script stopped after 0.3 s (--timeout)');
  });

  it('a trapping engine is exit 1 with one line; the steps before it are printed', async () => {
    const p = file('trap.sql', 'prompt before;\nLAB TRAP;\nprompt after;\n');
    const r = await run(['run', p]);
    expect(r.code).toBe(EXIT.engine);
    expect(r.out).toContain('ran prompt before;');
    expect(r.err).toBe('lio: the engine failed: RuntimeError: unreachable; the steps before it are printed above\n');
  });

  it('500,000 statements run in chunks; every step printed at its own line', async () => {
    const n = 500_000;
    const lines = Array.from({ length: n }, (_, i) => `prompt ${i};`);
    const p = file('many.sql', lines.join('\n') + '\n');
    const r = await run(['run', p, '--no-echo']);
    expect(r.code).toBe(EXIT.ok);
    const printed = r.out.match(/^ran prompt \d+;$/gm) ?? [];
    expect(printed).toHaveLength(n);
    expect(printed[n - 1]).toBe(`ran prompt ${n - 1};`);
    const json = await run(['run', p, '--json']);
    const doc = JSON.parse(json.out);
    expect(doc.steps).toHaveLength(n);
    // lines are script lines, not chunk lines
    expect(doc.steps[123_456]).toMatchObject({ line: 123_457, statement: 'prompt 123456' });
    expect(doc.steps[n - 1].line).toBe(n);
  }, 120_000);
});

describe('scriptChunksFrom: a script as a stream of chunks', () => {
  /** @param {string[]} pieces */
  async function chunksOf(pieces) {
    const src = (async function* () {
      for (const p of pieces) yield new TextEncoder().encode(p);
    })();
    const out = [];
    for await (const c of scriptChunksFrom(src, 'x.sql')) out.push(c);
    return out;
  }

  it('tiles the text: every character is sent once, cut only after a statement', async () => {
    const script = '-- head\nselect 1 from dual;\n/\nbegin\n  null;\nend;\n/\nselect\n 2 from dual; select 3 from dual;\n-- tail\n';
    for (const size of [1, 3, 7, 1000]) {
      const pieces = [];
      for (let i = 0; i < script.length; i += size) pieces.push(script.slice(i, i + size));
      const chunks = await chunksOf(pieces);
      expect(chunks.map((c) => c.text).join('').replace(/\s+/g, '')).toBe(script.replace(/\s+/g, ''));
      for (const c of chunks) {
        const first = c.text.split('\n')[0].trim();
        if (first) expect(script.split('\n')[c.line - 1]).toContain(first);
      }
    }
  });

  it('refuses a statement that never ends past the cap, with one line', async () => {
    const src = (async function* () {
      yield new TextEncoder().encode("select 'x");
      for (let i = 0; i < 300; i++) yield new TextEncoder().encode('y'.repeat(1024));
    })();
    const it = scriptChunksFrom(src, 'open.sql', { maxStatementChars: 16 * 1024 });
    await expect((async () => { for await (const _ of it) { /* drain */ } })()).rejects.toThrow(/open.sql: the statement at line 1 is longer than/);
  });
});

describe.skipIf(!engineBuilt)('lio with the real engine, as a process', () => {
  const node = (/** @type {string[]} */ args, /** @type {string[]} */ nodeArgs = []) =>
    spawnSync(process.execPath, [...nodeArgs, CLI, ...args], { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });

  it('--timeout 1 stops a long LAB RUN with LAB-00035 and exit 3', () => {
    const p = file('long.sql', "select 1 from dual;\nLAB SET max_statement_work = 1e12;\nLAB RUN 'select 1 from dual' BIND 1 TO 50000000 VIA jdbc_thin RUNS 5;\n");
    const t0 = Date.now();
    const r = node(['run', p, '--timeout', '1']);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(r.status).toBe(3);
    expect(r.stdout).toContain('SQL> select 1 from dual;\n\n         1\n----------\n         1\n');
    expect(r.stderr).toBe('lio: LAB-00035: script stopped after 1 s (--timeout)\n');
  });

  it('a 50 MB script streams through in bounded memory and prints its steps', () => {
    // 50 MB, mostly comments, with 20,000 statements spread through it. Run whole,
    // its text and its result would not fit in the 64 MB heap the child gets.
    const filler = `-- ${'x'.repeat(96)}\n`;
    const fd = fs.openSync(path.join(dir, 'huge.sql'), 'w');
    fs.writeSync(fd, 'create table t (id number);\n');
    for (let i = 0; i < 20_000; i++) fs.writeSync(fd, `insert into t values (${i});\n${filler.repeat(25)}`);
    fs.writeSync(fd, 'select count(*) from t;\n');
    fs.closeSync(fd);
    expect(fs.statSync(path.join(dir, 'huge.sql')).size).toBeGreaterThan(50 * 1000 * 1000);
    const r = node(['run', path.join(dir, 'huge.sql'), '--no-echo'], ['--max-old-space-size=64']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.match(/^1 row created\.$/gm)).toHaveLength(20_000);
    expect(r.stdout).toMatch(/^ {5}20000$/m);
  }, 120_000);
});
