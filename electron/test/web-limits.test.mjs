// Browser-mode host limits (issue 11): per-route body caps answered 413 with
// a JSON error the client actually receives, no stack traces for clients
// that go away, read-only histories, one-line start-up errors.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES, ROUTE_BODY_LIMITS, parseWebArgs, startWebHost } from '../web.mjs';

/**
 * The API's JSON answer, as the test reads it (its shape is what the
 * expectations check; `Response.json()` is `unknown`).
 * @param {Response} res @returns {Promise<any>}
 */
const apiJson = (res) => res.json();


const WEB = fileURLToPath(new URL('../web.mjs', import.meta.url));
const RESULT = { lio_lab: '0.1.0', steps: [] };

describe('web.mjs limits', () => {
  /** @type {string} */
  let dir;
  /** @type {Awaited<ReturnType<typeof startWebHost>>} */
  let host;
  /** @type {string} */
  let base;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-web-limits-'));
    host = await startWebHost({ port: 0, dataDir: path.join(dir, 'data'), distDir: path.join(dir, 'dist'), pkgDir: path.join(dir, 'pkg') });
    base = host.url.replace(/\/$/, '');
  });
  afterAll(async () => {
    await host?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('caps bodies per route, far below what would hold the event loop', () => {
    expect(ROUTE_BODY_LIMITS['POST /api/runs']).toBeLessThanOrEqual(9 * 1024 * 1024);
    expect(ROUTE_BODY_LIMITS['PUT /api/scenarios']).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(MAX_BODY_BYTES).toBeLessThanOrEqual(10 * 1024 * 1024);
  });

  it('a 47 MB run is answered 413 with a JSON error the client receives, at once', async () => {
    const body = JSON.stringify({ title: 't', script: 's', result: { lio_lab: 'x', steps: [{ big: 'x'.repeat(47 * 1024 * 1024) }] } });
    const t0 = Date.now();
    const res = await fetch(`${base}/api/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    const j = await apiJson(res);
    expect(j.error).toMatch(/^request too large: 47 MB, POST \/api\/runs takes at most 8\.\d MB$/);
    expect(Date.now() - t0).toBeLessThan(10_000);
    // and the host still answers
    expect((await fetch(`${base}/api/runs`)).status).toBe(200);
  });

  it('a chunked body over the cap is cut off with 413 too', async () => {
    const big = new ReadableStream({
      start(c) {
        for (let i = 0; i < 12; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1024 * 1024)));
        c.close();
      },
    });
    const res = await fetch(`${base}/api/runs`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: big, duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect((await apiJson(res)).error).toMatch(/^request too large: over POST \/api\/runs takes at most/);
  });

  it('a scenario body has its own, smaller cap', async () => {
    const res = await fetch(`${base}/api/scenarios/x`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ script: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await apiJson(res)).error).toMatch(/PUT \/api\/scenarios takes at most 2\.\d MB/);
  });

  it('a client that disconnects mid-body leaves no stack trace and no broken host', async () => {
    const writes = vi.spyOn(process.stderr, 'write');
    try {
      await new Promise((resolve) => {
        const s = net.connect(host.port, '127.0.0.1', () => {
          s.write(`POST /api/runs HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"title":`);
          setTimeout(() => { s.resetAndDestroy(); resolve(undefined); }, 50);
        });
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(writes.mock.calls.map((c) => String(c[0])).filter((t) => /lio web|Error|ECONNRESET|aborted/.test(t))).toEqual([]);
      expect((await fetch(`${base}/api/runs`)).status).toBe(200);
    } finally {
      writes.mockRestore();
    }
  });
});

describe('web.mjs read-only and start-up errors', () => {
  it('--read-only: lists the history, refuses saves with a JSON reason', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-web-ro-'));
    try {
      const rw = await startWebHost({ port: 0, dataDir: dir });
      const post = (/** @type {string} */ base) =>
        fetch(`${base}api/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'a', script: 's', result: RESULT }) });
      expect((await post(rw.url)).status).toBe(201);
      await rw.close();
      const ro = await startWebHost({ port: 0, dataDir: dir, readOnly: true });
      expect((await apiJson(await fetch(`${ro.url}api/runs`))).map((/** @type {any} */ r) => r.title)).toEqual(['a']);
      const res = await post(ro.url);
      expect(res.status).toBe(409);
      expect((await apiJson(res)).error).toMatch(/^run not saved: the run history .* was opened read-only/);
      await ro.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(parseWebArgs(['--read-only'])).toMatchObject({ readOnly: true });
  });

  it('a broken database is one line on stderr naming the file, exit 1', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-web-bad-'));
    try {
      fs.writeFileSync(path.join(dir, 'lio-lab.sqlite'), 'not sqlite at all, '.repeat(100));
      const r = spawnSync(process.execPath, [WEB, '--port', '0', '--data-dir', dir], { encoding: 'utf8', timeout: 20_000 });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `lio web: cannot open the run history ${path.join(dir, 'lio-lab.sqlite')}: file is not a database. Move it aside (a new, empty history is then created) or restore a backup of it.\n`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
