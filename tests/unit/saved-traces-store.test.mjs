// Issue 35: the host keeps a saved run's traces (electron/host/store.mjs
// migration 3, run_traces; services.mjs runs.putTrace / runs.getTrace; web.mjs
// PUT/GET /api/runs/:id/traces/:step): the migration from a version-2
// history, the caps, deleting a run deletes its traces, and the HTTP route
// with its own body cap.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION, migrate, openStore } from '../../electron/host/store.mjs';
import { LIMITS, createHostServices } from '../../electron/host/services.mjs';
import { MAX_BODY_BYTES, ROUTE_BODY_LIMITS, startWebHost } from '../../electron/web.mjs';
import { HTTP_ROUTES, LIO_API_VERBS, createHttpLioClient } from '../../electron/api.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const RESULT = { lio_lab: '0.1.0', steps: [] };
const b64 = (/** @type {Buffer} */ b) => b.toString('base64');

/** @type {string} */
let dir;
beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-saved-traces-')); });
afterEach(() => { fs.rmSync(dir, { recursive: true, force: true }); });

describe('run_traces: the migration', () => {
  it('a version-2 history gains run_traces, keeps its runs, and a second open applies nothing', () => {
    const file = path.join(dir, 'lio-lab.sqlite');
    const db = new Database(file);
    expect(migrate(db, MIGRATIONS.filter((m) => m.version <= 2))).toEqual([1, 2]);
    db.prepare("INSERT INTO runs (created_at, title, script, result_json, summary_json) VALUES ('2026-01-01', 'old', 's', '{\"steps\":[]}', 'null')").run();
    db.close();
    const s = openStore({ dataDir: dir });
    expect(s.schemaVersion()).toBe(3);
    expect(SCHEMA_VERSION).toBe(3);
    const cols = /** @type {{ name: string, pk: number }[]} */ (s.db.prepare('PRAGMA table_info(run_traces)').all());
    expect(cols.map((c) => c.name)).toEqual(['run_id', 'step', 'data', 'raw_bytes']);
    expect(cols.filter((c) => c.pk).map((c) => c.name)).toEqual(['run_id', 'step']);
    const old = s.runs.get(1);
    expect(old?.title).toBe('old');
    expect(old?.traces).toEqual([]);
    expect(migrate(s.db)).toEqual([]);
    s.close();
  });

  it('a version-2 history opened read-only reads runs without traces (no table, no error)', () => {
    const file = path.join(dir, 'lio-lab.sqlite');
    const db = new Database(file);
    migrate(db, MIGRATIONS.filter((m) => m.version <= 2));
    db.prepare("INSERT INTO runs (created_at, title, script, result_json, summary_json) VALUES ('2026-01-01', 'old', 's', '{\"steps\":[]}', 'null')").run();
    db.close();
    const host = createHostServices({ dataDir: dir, readOnly: true });
    expect(host.runs.get(1)?.traces).toEqual([]);
    expect(host.runs.getTrace({ id: 1, step: 0 })).toBeNull();
    expect(() => host.runs.putTrace({ id: 1, step: 0, data: 'AA==', raw_bytes: 1 })).toThrow(/read-only/);
    host.close();
  });
});

describe('run_traces: the services', () => {
  it('stores bytes as sent, lists them with the run, replaces a part sent again', () => {
    const host = createHostServices({ dataDir: dir });
    const { id } = host.runs.save({ title: 't', script: 's', result: RESULT });
    const blob = zlib.deflateSync(Buffer.from('a trace, say'));
    expect(host.runs.putTrace({ id, step: 0, data: b64(blob), raw_bytes: 12 })).toEqual({ step: 0, bytes: blob.length });
    expect(host.runs.putTrace({ id: String(id), step: '-1', data: b64(Buffer.from('cat')), raw_bytes: 3 })).toEqual({ step: -1, bytes: 3 });
    expect(host.runs.getTrace({ id, step: 0 })).toEqual({ step: 0, data: b64(blob), raw_bytes: 12 });
    expect(host.runs.getTrace({ id, step: 5 })).toBeNull();
    host.runs.putTrace({ id, step: 0, data: b64(Buffer.from('again')), raw_bytes: 5 });
    expect(host.runs.get(id)?.traces).toEqual([{ step: -1, bytes: 3, raw_bytes: 3 }, { step: 0, bytes: 5, raw_bytes: 5 }]);
    host.close();
  });

  it('refuses what is wrong with a sentence: no such run, bad step, bad data, over the caps', () => {
    const host = createHostServices({ dataDir: dir });
    const { id } = host.runs.save({ title: 't', script: 's', result: RESULT });
    expect(() => host.runs.putTrace({ id: 99, step: 0, data: 'AA==', raw_bytes: 1 })).toThrow('trace not saved: no saved run 99');
    expect(() => host.runs.putTrace({ id, step: -2, data: 'AA==', raw_bytes: 1 })).toThrow(/step must be a step index/);
    expect(() => host.runs.putTrace({ id, step: 1.5, data: 'AA==', raw_bytes: 1 })).toThrow(/step must be a step index/);
    expect(() => host.runs.putTrace({ id, step: 0, data: 'not base64!', raw_bytes: 1 })).toThrow('trace data must be base64');
    expect(() => host.runs.putTrace({ id, step: 0, data: 'AA==', raw_bytes: -1 })).toThrow(/raw_bytes/);
    const over = Buffer.alloc(LIMITS.traceBytes + 1);
    expect(() => host.runs.putTrace({ id, step: 0, data: b64(over), raw_bytes: 1 })).toThrow(/^trace not saved: step #0's trace is 4 MB compressed; a saved step's trace holds at most 4 MB$/);
    // The run's cap: four parts of 4 MB fill 16 MB; a fifth byte is refused, replacing a part is not.
    const full = Buffer.alloc(LIMITS.traceBytes);
    for (let s = 0; s < 4; s++) host.runs.putTrace({ id, step: s, data: b64(full), raw_bytes: full.length });
    expect(() => host.runs.putTrace({ id, step: 4, data: 'AA==', raw_bytes: 1 })).toThrow(/^trace not saved: run \d+'s traces would be 16 MB compressed; a saved run keeps at most 16 MB$/);
    expect(host.runs.putTrace({ id, step: 3, data: 'AA==', raw_bytes: 1 })).toEqual({ step: 3, bytes: 1 });
    host.close();
  });

  it('deleting a run deletes its traces', () => {
    const host = createHostServices({ dataDir: dir });
    const a = host.runs.save({ title: 'a', script: 's', result: RESULT });
    const b = host.runs.save({ title: 'b', script: 's', result: RESULT });
    for (const r of [a, b]) for (const s of [-1, 0, 1]) host.runs.putTrace({ id: r.id, step: s, data: 'AAAA', raw_bytes: 3 });
    expect(host.runs.delete(a.id)).toEqual({ deleted: true });
    const left = /** @type {{ run_id: number }[]} */ (host.store.db.prepare('SELECT DISTINCT run_id FROM run_traces').all());
    expect(left.map((r) => r.run_id)).toEqual([b.id]);
    expect(host.runs.getTrace({ id: a.id, step: 0 })).toBeNull();
    host.close();
  });
});

describe('run_traces: browser mode', () => {
  it('PUT and GET /api/runs/:id/traces/:step, with its own body cap, all caps under 10 MB', async () => {
    expect(LIO_API_VERBS.runs).toEqual(expect.arrayContaining(['putTrace', 'getTrace']));
    expect(HTTP_ROUTES['runs.putTrace']).toBe('PUT /api/runs/:id/traces/:step');
    const cap = /** @type {Record<string, number>} */ (ROUTE_BODY_LIMITS)['PUT /api/runs/:id/traces'];
    expect(cap).toBeGreaterThan(Math.ceil(LIMITS.traceBytes / 3) * 4);
    expect(MAX_BODY_BYTES).toBeLessThanOrEqual(10 * 1024 * 1024);
    const web = await startWebHost({ port: 0, dataDir: path.join(dir, 'data'), distDir: path.join(dir, 'dist'), pkgDir: path.join(dir, 'pkg') });
    try {
      const api = createHttpLioClient({ baseUrl: web.url });
      const { id } = await api.runs.save({ title: 't', script: 's', result: RESULT });
      const data = b64(Buffer.from([1, 2, 3, 250]));
      expect(await api.runs.putTrace({ id, step: 2, data, raw_bytes: 40 })).toEqual({ step: 2, bytes: 4 });
      expect(await api.runs.getTrace({ id, step: 2 })).toEqual({ step: 2, data, raw_bytes: 40 });
      expect(await api.runs.getTrace({ id, step: 3 })).toBeNull();
      expect((await api.runs.get(id))?.traces).toEqual([{ step: 2, bytes: 4, raw_bytes: 40 }]);
      // Over its cap: 413 with the route named.
      const res = await fetch(`${web.url}api/runs/${id}/traces/0`, {
        method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: 'A'.repeat(cap), raw_bytes: 1 }),
      });
      expect(res.status).toBe(413);
      expect((/** @type {any} */ (await res.json())).error).toMatch(/PUT \/api\/runs\/:id\/traces takes at most 5\.\d MB/);
      expect((await fetch(`${web.url}api/runs/${id}/traces/0`, { method: 'DELETE' })).status).toBe(405);
      expect((await fetch(`${web.url}api/runs/${id}/traces/0/x`)).status).toBe(404);
    } finally {
      await web.close();
    }
  });
});
