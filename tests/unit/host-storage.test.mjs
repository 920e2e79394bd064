// Issue 29, host storage edges: a damaged history file is named with its fix
// (and nothing more is written into it; a new history can be started); a
// report export on a full disk leaves no 0-byte file and says "full";
// deleting a run works on a full disk; an immutable file's "disk I/O error"
// comes with advice; --read-only opens a history on read-only media; a save
// sent twice with the same key (a Retry after a lost answer) is stored once.
//
// Full disk and read-only media use a small tmpfs when this process may mount
// one (root on Linux); elsewhere those tests are skipped. The rest are plain
// temp dirs and injected fs errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostServices, HostError, writeFailure } from '../../electron/host/services.mjs';
import { MIGRATIONS, openStore } from '../../electron/host/store.mjs';
import { startWebHost } from '../../electron/web.mjs';
import { createHttpLioClient } from '../../electron/api.mjs';

const require = createRequire(import.meta.url);
const RESULT = { lio_lab: 'test', steps: [{ index: 0, statement: 'select 1 from dual', stats: { 'consistent gets': 3 }, output: ['x'.repeat(20_000)] }] };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>' + 'x'.repeat(50_000) + '</text></svg>';

/** @type {string} */
let root;
beforeAll(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-host-storage-')); });
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());
let n = 0;
const freshDir = () => fs.mkdtempSync(path.join(root, `d${n++}-`));
/** @param {unknown} f */
const errorOf = (f) => { try { /** @type {() => unknown} */ (f)(); } catch (e) { return /** @type {any} */ (e); } throw new Error('did not throw'); };

/**
 * A history whose runs table is damaged: its root page (and the created_at
 * index's) overwritten with garbage, the rest intact.
 * @param {string} dir
 */
function damagedHistory(dir) {
  const s = createHostServices({ dataDir: dir });
  for (let i = 0; i < 20; i++) s.runs.save({ title: `run ${i}`, script: 'select 1 from dual;', result: RESULT });
  const pages = s.store.db.prepare("SELECT rootpage FROM sqlite_master WHERE name IN ('runs', 'runs_created_at')").all().map((r) => r.rootpage);
  const size = Number(s.store.db.pragma('page_size', { simple: true }));
  s.close();
  const file = path.join(dir, 'lio-lab.sqlite');
  const fd = fs.openSync(file, 'r+');
  for (const p of pages) fs.writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (p - 1) * size);
  fs.closeSync(fd);
  return file;
}

describe('a damaged history', () => {
  it('GET /api/runs says which file and what to do, without a stack trace; saves stop; a new history can be started', async () => {
    const dir = freshDir();
    const file = damagedHistory(dir);
    const stderr = vi.spyOn(process.stderr, 'write');
    const host = await startWebHost({ port: 0, dataDir: dir });
    try {
      const api = (/** @type {string} */ method, /** @type {string} */ p, /** @type {unknown} */ body) =>
        fetch(new URL(p, host.url), { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      const list = await api('GET', '/api/runs');
      expect(list.status).toBe(503);
      const { error } = await list.json();
      expect(error).toContain(`the run history ${file} is damaged`);
      expect(error).toMatch(/Start a new history \(the damaged file is moved aside, kept next to it\)/);
      expect(error).toMatch(/restore a backup/);
      expect(stderr.mock.calls.flat().join('')).not.toMatch(/\n\s+at /);

      const before = fs.readFileSync(file);
      const save = await api('POST', '/api/runs', { title: 't', script: 'select 1 from dual;', result: RESULT });
      expect(save.status).toBe(503);
      expect((await save.json()).error).toMatch(/^run not saved: the run history .* is damaged/);
      expect(fs.readFileSync(file).equals(before)).toBe(true);

      const fresh = await api('POST', '/api/history/new');
      expect(fresh.status).toBe(200);
      const moved = await fresh.json();
      expect(moved.moved_to).toMatch(/lio-lab\.sqlite\.damaged-/);
      expect(fs.readFileSync(moved.moved_to).equals(before)).toBe(true);
      expect(await (await api('GET', '/api/runs')).json()).toEqual([]);
      expect((await api('POST', '/api/runs', { title: 't', script: 'select 1 from dual;', result: RESULT })).status).toBe(201);
    } finally {
      await host.close();
    }
  });

  it('a save into a damaged file is refused even before anything read it (quick_check before the first write)', () => {
    const dir = freshDir();
    const file = damagedHistory(dir);
    const before = fs.readFileSync(file);
    const s = createHostServices({ dataDir: dir });
    try {
      const e = errorOf(() => s.runs.save({ title: 't', script: 'select 1 from dual;', result: RESULT }));
      expect(e).toBeInstanceOf(HostError);
      expect(e.status).toBe(503);
      expect(e.message).toContain('is damaged');
    } finally {
      s.close();
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('a history that is fine cannot be "started new" by mistake', () => {
    const s = createHostServices({ dataDir: freshDir() });
    try {
      expect(errorOf(() => s.history.startNew()).status).toBe(409);
    } finally {
      s.close();
    }
  });
});

describe('saves are idempotent', () => {
  it('the same key twice stores one run and answers the same id (a Retry after a lost answer)', async () => {
    const host = await startWebHost({ port: 0, dataDir: freshDir() });
    try {
      const lio = createHttpLioClient({ baseUrl: host.url });
      const run = { title: 't', script: 'select 1 from dual;', result: RESULT, key: 'c0ffee00-1234-4abc-9def-000000000001' };
      const a = await lio.runs.save(run);
      const b = await lio.runs.save(run);
      expect(b).toEqual(a);
      expect(await lio.runs.list()).toHaveLength(1);
      const c = await lio.runs.save({ ...run, key: 'c0ffee00-1234-4abc-9def-000000000002' });
      expect(c.id).not.toBe(a.id);
      // without a key, as before: each save is a new run
      await lio.runs.save({ title: 't', script: 'x;', result: RESULT });
      await lio.runs.save({ title: 't', script: 'x;', result: RESULT });
      expect(await lio.runs.list()).toHaveLength(4);
      await expect(lio.runs.save({ ...run, key: 'no spaces' })).rejects.toThrow(/key must be 8 to 100/);
    } finally {
      await host.close();
    }
  });

  it('migration 2 adds save_key to a history written before it, keeping its runs', () => {
    const dir = freshDir();
    const Database = require('better-sqlite3');
    const db = new Database(path.join(dir, 'lio-lab.sqlite'));
    db.exec(MIGRATIONS[0].sql);
    db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL); INSERT INTO schema_migrations VALUES (1, 'x', 'y')");
    db.pragma('user_version = 1');
    db.prepare("INSERT INTO runs (created_at, title, script, result_json, summary_json) VALUES ('2026-01-01', 'old', 's', '{}', 'null')").run();
    db.close();
    const ro = openStore({ dataDir: dir, readOnly: true }); // read-only: not migrated, still listed
    expect(ro.runs.list().map((r) => r.title)).toEqual(['old']);
    ro.close();
    const store = openStore({ dataDir: dir });
    expect(store.schemaVersion()).toBeGreaterThanOrEqual(2); // and the later migrations (3: run_traces)
    expect(store.runs.list().map((r) => r.title)).toEqual(['old']);
    const k = store.runs.save({ title: 'new', script: 's', result: {}, summary: null, key: 'abcdefgh' });
    expect(store.runs.save({ title: 'new', script: 's', result: {}, summary: null, key: 'abcdefgh' })).toEqual(k);
    store.close();
  });
});

describe('report exports write whole files', () => {
  it('a full disk is 507 "full", and no 0-byte or partial .svg is left', () => {
    const dir = freshDir();
    const s = createHostServices({ dataDir: dir });
    const real = fs.writeSync;
    vi.spyOn(fs, 'writeSync').mockImplementation((fd, buf, off, len) => {
      if (typeof buf !== 'string' && (len ?? 0) > 100) {
        real(fd, buf, off, 100);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return real(fd, buf, off, len);
    });
    try {
      const e = errorOf(() => s.reports.export({ kind: 'flame', svg: SVG, suggestedName: 'flame' }));
      expect(e.status).toBe(507);
      expect(e.message).toMatch(/the disk holding .* is full \(nothing half-written was left\); free some space, then Retry/);
      expect(fs.readdirSync(s.exportsDir)).toEqual([]);
      // Electron's save-dialog path too
      const target = path.join(dir, 'picked.svg');
      expect(errorOf(() => s.reports.export({ kind: 'flame', svg: SVG }, { targetPath: target })).status).toBe(507);
      expect(fs.existsSync(target)).toBe(false);
    } finally {
      vi.restoreAllMocks();
      s.close();
    }
  });

  it('exports still never overwrite: a second export with the same name gets -2', () => {
    const s = createHostServices({ dataDir: freshDir() });
    try {
      const a = s.reports.export({ kind: 'flame', svg: SVG, suggestedName: 'same' });
      const b = s.reports.export({ kind: 'flame', svg: SVG, suggestedName: 'same' });
      expect(path.basename(a.path)).toBe('same.svg');
      expect(path.basename(b.path)).toBe('same-2.svg');
      expect(fs.readFileSync(b.path, 'utf8')).toBe(SVG);
    } finally {
      s.close();
    }
  });
});

describe('an immutable file', () => {
  it("SQLite's disk I/O error on a write comes with what to do", () => {
    const e = writeFailure(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }), 'run not saved', '/data/lio-lab.sqlite');
    expect(e.message).toContain('run not saved: /data/lio-lab.sqlite: disk I/O error (SQLITE_IOERR_WRITE)');
    expect(e.message).toMatch(/immutable \(lsattr shows an i; chattr -i lifts it\)/);
    expect(e.message).toMatch(/LIO_DATA_DIR/);
  });
});

// ---------------------------------------------------------------- a real small disk
const mountable = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-mount-probe-'));
  const ok = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status === 0;
  if (ok) spawnSync('umount', [probe]);
  fs.rmdirSync(probe);
  return ok;
})();

describe.skipIf(!mountable)('on a small disk (tmpfs)', () => {
  /** @type {string[]} */
  const mounts = [];
  /** @param {string} size */
  const disk = (size) => {
    const d = fs.mkdtempSync(path.join(root, 'mnt-'));
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', d]).status).toBe(0);
    mounts.push(d);
    return d;
  };
  afterAll(() => { for (const d of mounts) spawnSync('umount', [d]); });
  /** @param {string} dir */
  const fill = (dir) => {
    const fd = fs.openSync(path.join(dir, 'filler'), 'w');
    try { for (;;) fs.writeSync(fd, Buffer.alloc(4096)); } catch { /* full */ } finally { fs.closeSync(fd); }
  };

  it('deleting a run works when the disk is full; the room it frees takes the next save', () => {
    const dir = disk('8m');
    const s = createHostServices({ dataDir: dir });
    try {
      const ids = [];
      for (let i = 0; i < 10; i++) ids.push(s.runs.save({ title: `r${i}`, script: 'select 1 from dual;', result: RESULT }).id);
      s.store.db.pragma('wal_checkpoint(TRUNCATE)');
      fill(dir);
      const full = errorOf(() => s.runs.save({ title: 'one more', script: 'select 1 from dual;', result: RESULT }));
      expect(full.status).toBe(507);
      expect(full.message).toMatch(/is full/);
      expect(s.runs.delete(ids[0])).toEqual({ deleted: true });
      expect(s.runs.delete(ids[1])).toEqual({ deleted: true });
      expect(s.runs.list()).toHaveLength(8);
      expect(s.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      // the freed pages take a new run once there is room for the journal again
      fs.rmSync(path.join(dir, 'filler'));
      expect(s.runs.save({ title: 'after', script: 'select 1 from dual;', result: RESULT }).id).toBeGreaterThan(0);
    } finally {
      s.close();
    }
  });

  it('--read-only opens a history on read-only media', () => {
    const dir = disk('4m');
    const s = createHostServices({ dataDir: dir });
    s.runs.save({ title: 'kept', script: 'select 1 from dual;', result: RESULT });
    s.close();
    expect(spawnSync('mount', ['-o', 'remount,ro', dir]).status).toBe(0);
    const ro = createHostServices({ dataDir: dir, readOnly: true });
    try {
      expect(ro.runs.list().map((r) => r.title)).toEqual(['kept']);
      expect(errorOf(() => ro.runs.save({ title: 'x', script: 'select 1 from dual;', result: RESULT })).status).toBe(409);
    } finally {
      ro.close();
    }
  });
});
