import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE, main, parseArgs } from '../cli.mjs';
import { ENGINE_MODULE } from '../engine-node.mjs';
import { ENGINE_PKG_DIR } from '../paths.mjs';

const CLI = fileURLToPath(new URL('../cli.mjs', import.meta.url));

const RESULT = {
  lio_lab: '0.1.0',
  steps: [
    {
      index: 0, line: 1, column: 1, statement: 'select * from nosuch', kind: 'query',
      error: { code: 'ORA-00942', message: 'table or view does not exist', line: 1, column: 15 },
      columns: [], rows: [], plan: [], stats: {}, latches: {}, waits: {}, elapsed_us: 0,
      folded: [], trace_events: 0,
    },
    {
      index: 1, line: 2, column: 1, statement: 'select 1 x from dual', kind: 'query', error: null,
      columns: ['X'], rows: [[1]], plan: [], stats: { 'consistent gets': 0 }, latches: {}, waits: {},
      elapsed_us: 12, folded: ['opitsk;opiodr;kksumc 12'], trace_events: 3,
    },
  ],
};

/** Run main() in-process with a fake engine; collect stdout/stderr. */
async function run(/** @type {string[]} */ argv, engineResult = RESULT) {
  let out = '';
  let err = '';
  /** @type {string[]} */
  const scripts = [];
  const code = await main(argv, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    loadEngine: async () => /** @type {any} */ ({
      exec: (/** @type {string} */ s) => {
        scripts.push(s);
        return engineResult;
      },
    }),
  });
  return { code, out, err, scripts };
}

/** @type {string} */
let dir;
/** @type {string} */
let script;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-cli-'));
  script = path.join(dir, 'demo.sql');
  fs.writeFileSync(script, 'select * from nosuch;\nselect 1 x from dual;\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lio argument parsing', () => {
  it('accepts run <file> with --json, --folded, --no-echo', () => {
    expect(parseArgs(['run', 'a.sql'])).toEqual({ command: 'run', file: 'a.sql', json: false, folded: false, echo: true, timeout: null });
    expect(parseArgs(['run', '--json', 'a.sql'])).toMatchObject({ json: true, file: 'a.sql' });
    expect(parseArgs(['run', 'a.sql', '--folded', '--no-echo'])).toMatchObject({ folded: true, echo: false });
    expect(parseArgs(['--help'])).toEqual({ command: 'help' });
    expect(parseArgs(['run', '-h'])).toEqual({ command: 'help' });
  });

  it('refuses what it does not know', () => {
    expect(() => parseArgs([])).toThrow(/missing command/);
    expect(() => parseArgs(['frobnicate'])).toThrow('unknown command frobnicate');
    expect(() => parseArgs(['--foo'])).toThrow('unknown option --foo');
    expect(() => parseArgs(['run', 'a.sql', '--foo'])).toThrow('unknown option --foo');
    expect(() => parseArgs(['run'])).toThrow('run needs a script file');
    expect(() => parseArgs(['run', 'a.sql', 'b.sql'])).toThrow('unexpected argument b.sql');
    expect(() => parseArgs(['run', 'a.sql', '--json', '--folded'])).toThrow(/cannot be combined/);
  });
});

describe('lio run (in-process, fake engine)', () => {
  it('prints SQL*Plus text; a failing statement is output, exit 0', async () => {
    const r = await run(['run', script]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.scripts).toEqual(['select * from nosuch;\nselect 1 x from dual;\n']);
    expect(r.out).toBe(
      [
        'SQL> select * from nosuch;',
        'select * from nosuch',
        '              *',
        'ERROR at line 1:',
        'ORA-00942: table or view does not exist',
        '',
        'SQL> select 1 x from dual;',
        '',
        '         X',
        '----------',
        '         1',
        '',
      ].join('\n'),
    );
  });

  it('--json prints exactly one JSON document and nothing else', async () => {
    const r = await run(['run', script, '--json']);
    expect(r.code).toBe(0);
    expect(r.out.endsWith('\n')).toBe(true);
    expect(JSON.parse(r.out)).toEqual({ lio_lab: '0.1.0', steps: RESULT.steps });
  });

  it('--folded prints the folded stacks under a frame naming the step, weights in whole ns', async () => {
    const r = await run(['run', script, '--folded']);
    expect(r.out).toBe('step 1 line 2: select 1 x from dual;opitsk;opiodr;kksumc 12000\n');
  });

  it('--help prints usage on stdout', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(USAGE);
  });

  it('missing file, unknown option, unknown command: one line on stderr, exit 2', async () => {
    expect(await run(['run', 'x.sql'])).toMatchObject({ code: 2, out: '', err: 'lio: no such file: x.sql\n' });
    expect(await run(['run', script, '--foo'])).toMatchObject({ code: 2, out: '', err: 'lio: unknown option --foo\n' });
    expect(await run(['explode'])).toMatchObject({ code: 2, out: '', err: 'lio: unknown command explode\n' });
    expect(await run(['run', dir])).toMatchObject({ code: 2, err: `lio: cannot read ${dir}: is a directory\n` });
  });

  it('an engine that cannot load is exit 1 with one line', async () => {
    let err = '';
    const code = await main(['run', script], {
      out: () => {},
      err: (s) => (err += s),
      loadEngine: async () => {
        throw new Error('engine not built (engine-wasm/pkg/lio_wasm.js is missing); run `npm run build:wasm`');
      },
    });
    expect(code).toBe(1);
    expect(err).toBe('lio: engine not built (engine-wasm/pkg/lio_wasm.js is missing); run `npm run build:wasm`\n');
  });
});

describe('lio as a process', () => {
  const node = (/** @type {string[]} */ args) =>
    spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 30_000 });

  it('exits 2 with one stderr line for a missing file', () => {
    const r = node(['run', 'no-such-file.sql']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('lio: no such file: no-such-file.sql\n');
  });

  it('exits 2 for an unknown option and 0 for --help', () => {
    const bad = node(['run', script, '--foo']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('lio: unknown option --foo\n');
    const help = node(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(USAGE);
  });

  const engineBuilt =
    fs.existsSync(ENGINE_MODULE) && fs.existsSync(path.join(ENGINE_PKG_DIR, 'lio_wasm_bg.wasm'));

  it.skipIf(!engineBuilt)('runs a script on the real engine', () => {
    const sql = path.join(dir, 'real.sql');
    fs.writeFileSync(sql, 'select * from nosuch_table_xyz;\n');
    const text = node(['run', sql]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('ORA-00942');
    expect(text.stdout).toMatch(/ERROR at line 1:/);
    const json = node(['run', sql, '--json']);
    expect(json.status).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(Object.keys(doc)).toEqual(['lio_lab', 'steps']);
    expect(doc.steps[0]).toMatchObject({ index: 0, line: 1, kind: 'query', error: { code: 'ORA-00942' } });
    for (const k of ['statement', 'rows', 'columns', 'plan', 'stats', 'latches', 'waits', 'elapsed_us']) {
      expect(doc.steps[0]).toHaveProperty(k);
    }
  });
});
