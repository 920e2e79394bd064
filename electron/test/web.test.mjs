import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP, parseWebArgs, startWebHost } from '../web.mjs';
import { createHttpLioClient } from '../api.mjs';

/**
 * The API's JSON answer, as the test reads it (its shape is what the
 * expectations check; `Response.json()` is `unknown`).
 * @param {Response} res @returns {Promise<any>}
 */
const apiJson = (res) => res.json();


const RESULT = {
  lio_lab: '0.1.0',
  steps: [
    {
      index: 0, line: 1, column: 1, statement: 'select 1 from dual', kind: 'query', error: null,
      columns: ['1'], rows: [[1]], plan: [], stats: { 'consistent gets': 0 }, latches: {}, waits: {},
      elapsed_us: 5, folded: [],
    },
  ],
};

/**
 * A raw request, so the test controls every header (fetch would set Host).
 * @param {number} port
 * @param {{ method?: string, path?: string, headers?: Record<string, string>, body?: string }} o
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string }>}
 */
function raw(port, { method = 'GET', path: p = '/', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: p, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('web.mjs (browser-mode host)', () => {
  /** @type {string} */
  let dir;
  /** @type {Awaited<ReturnType<typeof startWebHost>>} */
  let host;
  /** @type {string} */
  let base;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-web-'));
    const dist = path.join(dir, 'dist');
    const pkg = path.join(dir, 'pkg');
    const samples = path.join(dir, 'samples');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.mkdirSync(pkg);
    fs.mkdirSync(samples);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>LIO Lab</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {}');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), 'body{}');
    fs.writeFileSync(path.join(pkg, 'lio_wasm_bg.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    fs.writeFileSync(path.join(pkg, 'lio_wasm.js'), 'export default function init() {}');
    fs.writeFileSync(path.join(samples, 't1-heap.sql'), 'select * from t1;\n');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    host = await startWebHost({ port: 0, dataDir: path.join(dir, 'data'), distDir: dist, pkgDir: pkg, samplesDir: samples, maxBodyBytes: 64 * 1024 });
    base = host.url.replace(/\/$/, '');
  });

  afterAll(async () => {
    await host?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 at the port it reports', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(host.port).toBeGreaterThan(0);
    const addr = /** @type {import('node:net').AddressInfo} */ (host.server.address());
    expect(addr.address).toBe('127.0.0.1');
  });

  it('GET / serves index.html with a CSP', async () => {
    const r = await fetch(`${base}/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(r.headers.get('content-security-policy')).toBe(CSP);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await r.text()).toContain('<title>LIO Lab</title>');
  });

  it('serves assets and the engine with the right MIME types', async () => {
    const js = await fetch(`${base}/assets/index-abc123.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/index-abc123.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const wasm = await fetch(`${base}/engine/lio_wasm_bg.wasm`);
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await wasm.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0, 0x61, 0x73, 0x6d]));
    expect((await fetch(`${base}/engine/lio_wasm.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers SPA routes with index.html, and 404 for missing files', async () => {
    const spa = await fetch(`${base}/compare/3`);
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('LIO Lab');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/engine/missing.wasm`)).status).toBe(404);
    expect((await fetch(`${base}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${base}/api/runs/1/extra`)).status).toBe(404);
  });

  it('never serves files outside its roots', async () => {
    for (const p of ['/..%2Fsecret.txt', '/engine/..%2F..%2Fsecret.txt', '/%2e%2e/secret.txt', '/engine/%2e%2e/%2e%2e/secret.txt']) {
      const r = await raw(host.port, { path: p });
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.body).not.toContain('secret');
    }
  });

  it('rejects a bad Host header (DNS rebinding)', async () => {
    for (const h of ['evil.example:80', `evil.example:${host.port}`, '127.0.0.1', `127.0.0.1:${host.port + 1}`, `127.0.0.1:${host.port}.evil.example`]) {
      const r = await raw(host.port, { path: '/api/runs', headers: { host: h } });
      expect(r.status, h).toBe(403);
    }
    expect((await raw(host.port, { path: '/', headers: { host: `localhost:${host.port}` } })).status).toBe(200);
  });

  it('refuses cross-origin API calls and non-JSON bodies', async () => {
    const r = await raw(host.port, {
      method: 'POST', path: '/api/runs',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x', script: '', result: RESULT }),
    });
    expect(r.status).toBe(403);
    const form = await raw(host.port, {
      method: 'POST', path: '/api/runs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b',
    });
    expect(form.status).toBe(415);
    const broken = await raw(host.port, {
      method: 'POST', path: '/api/runs', headers: { 'content-type': 'application/json' }, body: '{nope',
    });
    expect(broken.status).toBe(400);
  });

  it('limits JSON body size', async () => {
    const big = JSON.stringify({ title: 'x', script: 'x'.repeat(70 * 1024), result: RESULT });
    const r = await raw(host.port, {
      method: 'POST', path: '/api/runs', headers: { 'content-type': 'application/json' }, body: big,
    }).catch((e) => ({ status: 413, body: String(e) }));
    expect(r.status).toBe(413);
  });

  it('GET /api/scenarios lists samples; GET/PUT /api/scenarios/:name', async () => {
    const list = await apiJson(await fetch(`${base}/api/scenarios`));
    expect(list).toEqual([{ name: 't1-heap', source: 'sample', updated_at: null }]);
    const one = await apiJson(await fetch(`${base}/api/scenarios/t1-heap`));
    expect(one).toEqual({ name: 't1-heap', script: 'select * from t1;\n', source: 'sample' });
    expect((await fetch(`${base}/api/scenarios/nope`)).status).toBe(404);
    expect((await fetch(`${base}/api/scenarios/..%2F..%2Fsecret`)).status).toBe(400);
    const put = await fetch(`${base}/api/scenarios/my%20lab`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ script: 'select 2 from dual;' }),
    });
    expect(put.status).toBe(200);
    expect(await apiJson(put)).toMatchObject({ name: 'my lab' });
    expect((await apiJson(await fetch(`${base}/api/scenarios/my%20lab`))).script).toBe('select 2 from dual;');
  });

  it('POST/GET/DELETE /api/runs', async () => {
    const post = await fetch(`${base}/api/runs`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'heap', script: 'select 1 from dual;', result: RESULT }),
    });
    expect(post.status).toBe(201);
    const { id } = await apiJson(post);
    expect(id).toBeTypeOf('number');
    const list = await apiJson(await fetch(`${base}/api/runs`));
    expect(list[0]).toMatchObject({ id, title: 'heap', summary: { steps: 1, errors: 0 } });
    const got = await apiJson(await fetch(`${base}/api/runs/${id}`));
    expect(got.result).toEqual(RESULT);
    expect((await fetch(`${base}/api/runs/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${base}/api/runs/${id}`)).status).toBe(404);
    expect((await fetch(`${base}/api/runs/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${base}/api/runs/abc`)).status).toBe(400);
    const bad = await fetch(`${base}/api/runs`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect((await apiJson(bad)).error).toMatch(/script/);
  });

  it('405 with Allow for a wrong method', async () => {
    const r = await fetch(`${base}/api/scenarios`, { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });

  it('POST /api/reports writes the SVG into the exports dir', async () => {
    const r = await fetch(`${base}/api/reports`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'flame', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', suggestedName: '../t4 flame.svg' }),
    });
    expect(r.status).toBe(201);
    const { path: file } = await apiJson(r);
    expect(file).toBe(path.join(dir, 'data', 'exports', 't4 flame.svg'));
    expect(fs.readFileSync(file, 'utf8')).toContain('<svg');
  });

  it('the HTTP client has the same shape as window.lio and works end to end', async () => {
    const lio = createHttpLioClient({ baseUrl: base });
    const { id } = await lio.runs.save({ title: 'via client', script: 's', result: /** @type {any} */ (RESULT) });
    expect((await lio.runs.list()).some((r) => r.id === id)).toBe(true);
    expect((await lio.runs.get(id))?.title).toBe('via client');
    expect(await lio.runs.delete(id)).toEqual({ deleted: true });
    expect(await lio.runs.get(id)).toBeNull();
    expect(await lio.runs.delete(id)).toEqual({ deleted: false });
    expect(await lio.scenarios.open('nope')).toBeNull();
    await lio.scenarios.save({ name: 'client', script: 'x' });
    expect((await lio.scenarios.open('client'))?.script).toBe('x');
    await expect(lio.scenarios.open('../x')).rejects.toThrow(/invalid scenario name/);
    expect((await lio.reports.export({ kind: 'heat', svg: '<svg/>' })).path).toMatch(/lio-heat-.*\.svg$/);
  });
});

describe('web.mjs without a build', () => {
  it('answers / with how to build', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-web-nobuild-'));
    const host = await startWebHost({ port: 0, dataDir: dir, distDir: path.join(dir, 'nope'), pkgDir: path.join(dir, 'nope2') });
    try {
      const r = await fetch(host.url);
      expect(r.status).toBe(503);
      expect(r.headers.get('content-security-policy')).toBe(CSP);
      expect(await r.text()).toContain('npm run build');
      expect((await fetch(`${host.url}engine/lio_wasm_bg.wasm`)).status).toBe(404);
    } finally {
      await host.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('web.mjs command line', () => {
  it('parses --port and --data-dir', () => {
    expect(parseWebArgs([])).toEqual({ help: false, port: 5178 });
    expect(parseWebArgs(['--port', '0'])).toEqual({ help: false, port: 0 });
    expect(parseWebArgs(['--port=8080', '--data-dir', '/tmp/x'])).toEqual({ help: false, port: 8080, dataDir: '/tmp/x' });
    expect(parseWebArgs(['--help'])).toEqual({ help: true });
    expect(() => parseWebArgs(['--port', 'x'])).toThrow(/invalid port/);
    expect(() => parseWebArgs(['--port'])).toThrow(/needs a value/);
    expect(() => parseWebArgs(['--foo'])).toThrow(/unknown option --foo/);
  });

  it('prints exactly one line when listening and stops on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-web-cli-'));
    const script = fileURLToPath(new URL('../web.mjs', import.meta.url));
    const child = spawn(process.execPath, [script, '--port', '0'], {
      env: { ...process.env, LIO_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    const line = await new Promise((resolve, reject) => {
      child.stdout.on('data', (c) => {
        out += c;
        if (out.includes('\n')) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    expect(line).toMatch(/^LIO Lab \(browser mode\) at http:\/\/127\.0\.0\.1:\d+\/\n$/);
    const url = String(line).trim().split(' at ')[1];
    expect((await fetch(`${url}api/scenarios`)).status).toBe(200);
    const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    child.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(out).toBe(line);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 2 with one line on stderr for an unknown option', async () => {
    const script = fileURLToPath(new URL('../web.mjs', import.meta.url));
    const child = spawn(process.execPath, [script, '--bogus'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c) => (err += c));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toBe('lio web: unknown option --bogus\n');
  });
});
