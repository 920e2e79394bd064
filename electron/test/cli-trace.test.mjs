// `lio run --trace-dir DIR` and `lio tkprof FILE.trc [sort=...]`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseArgs } from '../cli.mjs';

const HEADER = 'Trace file /u01/app/oracle/diag/rdbms/liolab/LIOLAB/trace/LIOLAB_ora_1010.trc';
const QUERY = [
  '=====================',
  "PARSING IN CURSOR #1 len=20 dep=0 uid=100 oct=3 lid=100 tim=10 hv=1 ad='8' sqlid='abc'",
  'select 1 x from dual',
  'END OF STMT',
  'PARSE #1:c=1,e=2,p=0,cr=0,cu=0,mis=1,r=0,dep=0,og=1,plh=0,tim=12',
  'EXEC #1:c=1,e=1,p=0,cr=0,cu=0,mis=0,r=0,dep=0,og=1,plh=0,tim=13',
  'FETCH #1:c=1,e=1,p=0,cr=3,cu=0,mis=0,r=1,dep=0,og=1,plh=0,tim=14',
];
const step = (/** @type {number} */ index, /** @type {string[] | undefined} */ sqlTrace) => ({
  index, line: index + 1, column: 1, statement: 'select 1 x from dual', kind: 'query', error: null,
  columns: ['X'], rows: [[1]], plan: [], stats: {}, latches: {}, waits: {}, elapsed_us: 1, folded: [], trace_events: 0,
  ...(sqlTrace ? { sql_trace: sqlTrace } : {}),
});

async function run(/** @type {string[]} */ argv) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    loadEngine: async () => /** @type {any} */ ({
      exec: () => ({ lio_lab: '0.1.0', steps: [step(0, undefined), step(1, [HEADER, '', ...QUERY.slice(0, 4)]), step(2, QUERY.slice(4))] }),
    }),
  });
  return { code, out, err };
}

/** @type {string} */
let dir;
/** @type {string} */
let script;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-trace-'));
  script = path.join(dir, 's.sql');
  fs.writeFileSync(script, 'select 1 x from dual;\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lio --trace-dir and tkprof', () => {
  it('parses the options', () => {
    expect(parseArgs(['run', '--trace-dir', 'out', 'a.sql'])).toMatchObject({ command: 'run', traceDir: 'out' });
    expect(parseArgs(['run', 'a.sql'])).not.toHaveProperty('traceDir');
    expect(parseArgs(['tkprof', 'x.trc', 'sort=prsela,fchqry'])).toEqual({ command: 'tkprof', file: 'x.trc', sort: ['prsela', 'fchqry'] });
    expect(() => parseArgs(['tkprof', 'x.trc', 'sort=bogus'])).toThrow('invalid sort option bogus');
    expect(() => parseArgs(['tkprof'])).toThrow('tkprof needs a trace file');
    expect(() => parseArgs(['play', '--trace-dir', 'x', 'a.sql'])).toThrow('--trace-dir is not an option of play');
  });

  it('writes the session\'s trace file, then tkprof formats it', async () => {
    const traces = path.join(dir, 'traces');
    const r = await run(['run', '--no-echo', '--trace-dir', traces, script]);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(traces)).toEqual(['LIOLAB_ora_1010.trc']);
    const file = path.join(traces, 'LIOLAB_ora_1010.trc');
    expect(fs.readFileSync(file, 'utf8')).toBe([HEADER, '', ...QUERY].join('\n') + '\n');
    const t = await run(['tkprof', file, 'sort=fchqry']);
    expect(t.code).toBe(0);
    expect(t.out).toContain('Trace file: LIOLAB_ora_1010.trc');
    expect(t.out).toContain('Sort options: fchqry');
    expect(t.out).toContain('total        3      0.00       0.00          0          3          0           1');
  });

  it('writes nothing when no session was traced, and refuses a missing file', async () => {
    const none = path.join(dir, 'none');
    let err = '';
    const code = await main(['run', '--trace-dir', none, script], {
      out: () => {}, err: (s) => (err += s),
      loadEngine: async () => /** @type {any} */ ({ exec: () => ({ lio_lab: '0.1.0', steps: [step(0, undefined)] }) }),
    });
    expect(code).toBe(0);
    expect(fs.existsSync(none)).toBe(false);
    const t = await run(['tkprof', path.join(dir, 'nosuch.trc')]);
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/^lio: cannot read .*nosuch\.trc/);
    expect(err).toBe('');
  });
});
