// Issue 29: `lio report` followed symbolic links in --out DIR and overwrote
// files; it had no --timeout; `lio report` and `lio play` printed multi-line
// stack traces on a trap. Now: a symlinked --out or file is refused, nothing
// is overwritten without --force (and never through a link), a file is
// written whole or not at all (a full disk leaves nothing half-written),
// --timeout stops report as it stops run (exit 3), and a trap is one line
// (exit 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main, parseArgs } from '../../electron/cli.mjs';
import { ENGINE_MODULE, loadNodeEngine, startEngineWorker } from '../../electron/engine-node.mjs';
import { ENGINE_PKG_DIR } from '../../electron/paths.mjs';
import { REPORTS_BUNDLE } from '../../electron/cli-demo.mjs';

const ready = fs.existsSync(ENGINE_MODULE) && fs.existsSync(path.join(ENGINE_PKG_DIR, 'lio_wasm_bg.wasm')) && fs.existsSync(REPORTS_BUNDLE);

/** @type {string} */
let dir;
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-host-report-')); });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** @param {string} name @param {string} text */
const file = (name, text) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};
const QUERY = 'select 1 from dual;\n';
const REPORT_SVG = 'lio-select-1-from-dual-0-report.svg';

/** @param {string[]} argv @param {object} [io] */
async function run(argv, io = {}) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s), loadEngine: loadNodeEngine, ...io });
  return { code, out, err };
}

describe('lio report arguments', () => {
  it('takes --force and --timeout', () => {
    expect(parseArgs(['report', 'd.sql', '--out', 'x', '--force', '--timeout', '2'])).toEqual({
      command: 'report', file: 'd.sql', out: 'x', format: 'svg', slide: false, force: true, timeout: 2,
    });
    expect(() => parseArgs(['report', 'd.sql', '--out', 'x', '--timeout', '0'])).toThrow(/invalid --timeout 0/);
    expect(() => parseArgs(['run', 'd.sql', '--force'])).toThrow(/--force is not an option of run/);
  });
});

describe.skipIf(!ready)('lio report writes safely', () => {
  it('refuses an --out that is a symbolic link, and writes nothing where it points', async () => {
    const target = fs.mkdtempSync(path.join(dir, 'target-'));
    const link = path.join(dir, 'out-link');
    fs.symlinkSync(target, link);
    const r = await run(['report', file('q1.sql', QUERY), '--out', link]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`lio: --out ${link} is a symbolic link; give the folder it points to, or another folder\n`);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('never overwrites a file without --force; --force replaces it, but not through a link', async () => {
    const out = path.join(dir, 'out-force');
    fs.mkdirSync(out);
    const existing = path.join(out, REPORT_SVG);
    fs.writeFileSync(existing, 'mine');
    const r = await run(['report', file('q2.sql', QUERY), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`lio: ${existing} exists; lio report does not overwrite files (--force replaces them, or choose another --out)\n`);
    expect(fs.readFileSync(existing, 'utf8')).toBe('mine');

    const forced = await run(['report', file('q3.sql', QUERY), '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(fs.readFileSync(existing, 'utf8')).toMatch(/^<\?xml|<svg/);

    // A link in the folder is not written through, even with --force.
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'keep');
    fs.rmSync(existing);
    fs.symlinkSync(victim, existing);
    const linked = await run(['report', file('q4.sql', QUERY), '--out', out, '--force']);
    expect(linked.code).toBe(2);
    expect(linked.err).toContain('is a symbolic link');
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep');
    expect(fs.readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('on a full disk: one line saying so, no half-written file left', async () => {
    const out = path.join(dir, 'out-full');
    const real = fs.writeSync;
    // The disk fills up in the middle of the first file.
    vi.spyOn(fs, 'writeSync').mockImplementation((fd, buf, off, len) => {
      if (typeof buf !== 'string' && (len ?? 0) > 100) {
        real(fd, buf, off, 100);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return real(fd, buf, off, len);
    });
    const r = await run(['report', file('q5.sql', QUERY), '--out', out]);
    vi.restoreAllMocks();
    expect(r.code).toBe(2);
    expect(r.err).toBe(`lio: ${path.join(out, REPORT_SVG)} not written: the disk is full; nothing half-written was left. Free some space, then run again\n`);
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it('--timeout stops it: LAB-00035, exit 3', async () => {
    const p = file('long.sql', "select 1 from dual;\nLAB SET max_statement_work = 1e12;\nLAB RUN 'select 1 from dual' BIND 1 TO 50000000 VIA jdbc_thin RUNS 5;\n");
    const t0 = Date.now();
    const r = await run(['report', p, '--out', path.join(dir, 'out-timeout'), '--timeout', '1'], { loadEngine: undefined });
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(r.code).toBe(3);
    expect(r.err).toBe('lio: LAB-00035: script stopped after 1 s (--timeout)\n');
  }, 60_000);

  it('a trap is one line, exit 1, after the files of the steps before it', async () => {
    const p = file('trap.sql', 'select 1 from dual;\nselect 2 from dual;\n');
    const r = await run(['report', p, '--out', path.join(dir, 'out-trap')], { loadEngine: undefined, startEngine: () => startEngineWorker({ config: { trap_at_step: 1 } }) });
    expect(r.code).toBe(1);
    expect(r.out).toContain(REPORT_SVG);
    expect(r.err).toBe('lio: the engine failed: RuntimeError: unreachable; the files of the steps before it are listed above\n');
  });
});

describe.skipIf(!ready)('lio play on a trap', () => {
  it('prints one line, exit 1, after the steps that ran', async () => {
    const p = file('demo-trap.sql', 'prompt before\nprompt trapped\n');
    const r = await run(['play', '--no-wait', p], { loadEngine: undefined, startEngine: () => startEngineWorker({ config: { trap_at_step: 1 } }) });
    expect(r.code).toBe(1);
    expect(r.out).toContain('before');
    expect(r.err).toBe('lio: the engine failed: RuntimeError: unreachable; the steps before it are printed above\n');
  });
});
