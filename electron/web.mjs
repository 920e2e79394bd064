#!/usr/bin/env node
// Browser-mode host: serves the built UI and the host services over HTTP on
// 127.0.0.1, for when Electron's binary is unavailable (and for E2E tests).
//
//   npm run web -- [--port <n>] [--data-dir <dir>]     (default port 5178; 0 = any free port)
//
//   GET  /, /assets/*        renderer/dist (SPA: unknown extension-less paths -> index.html)
//   GET  /engine/*           engine-wasm/pkg (lio_wasm_bg.wasm as application/wasm, js glue)
//   /api/*                   host services as JSON (routes in api.mjs HTTP_ROUTES)
//
// Security: binds 127.0.0.1 only; every request must carry Host
// 127.0.0.1:<port> or localhost:<port> (DNS-rebinding guard); a cross-origin
// Origin header is refused; request bodies must be JSON and are size-limited;
// HTML carries the same CSP as the Electron window.

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createHostServices, HostError } from './host/services.mjs';
import { DIST_DIR, ENGINE_PKG_DIR, resolveDataDir } from './paths.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('./static-files.cjs')} */
const { CSP, MIME_TYPES, NOT_BUILT_HTML, mimeType, resolveInside, resolveUiFile } = require('./static-files.cjs');

export { CSP, MIME_TYPES, resolveInside };

export const DEFAULT_PORT = 5178;
export const MAX_BODY_BYTES = 48 * 1024 * 1024;

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * @param {http.ServerResponse} res @param {number} status @param {string} text
 * @param {Record<string, string>} [headers]
 */
function sendText(res, status, text, headers = {}) {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Read a JSON request body, at most `limit` bytes.
 * @param {http.IncomingMessage} req @param {number} limit
 * @returns {Promise<unknown>}
 */
function readJsonBody(req, limit) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new HostError(413, `request body over ${limit} bytes`));
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (/** @type {Buffer} */ c) => {
      if (failed) return;
      size += c.length;
      if (size > limit) {
        failed = true;
        reject(new HostError(413, `request body over ${limit} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.trim()) {
        reject(new HostError(400, 'request body must be JSON'));
        return;
      }
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new HostError(400, 'request body is not valid JSON'));
      }
    });
    req.on('error', reject);
  });
}

/**
 * @typedef {object} HandlerOptions
 * @property {import('./host/services.mjs').HostServices} services
 * @property {string} distDir
 * @property {string} pkgDir
 * @property {() => number} port          the port actually bound
 * @property {number} [maxBodyBytes]
 */

/**
 * The request handler, separate from listening so it can be tested and
 * reused.
 * @param {HandlerOptions} opts
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => void}
 */
export function createRequestHandler({ services, distDir, pkgDir, port, maxBodyBytes = MAX_BODY_BYTES }) {
  const allowed = () => {
    const p = port();
    return {
      hosts: new Set([`127.0.0.1:${p}`, `localhost:${p}`]),
      origins: new Set([`http://127.0.0.1:${p}`, `http://localhost:${p}`]),
    };
  };

  /**
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res
   * @param {string} pathname
   */
  async function api(req, res, pathname) {
    const method = req.method ?? 'GET';
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed().origins.has(origin)) {
      sendJson(res, 403, { error: 'cross-origin request refused' });
      return;
    }
    const parts = pathname.split('/').slice(2); // ['runs', '12']
    /** @param {string[]} methods */
    const notAllowed = (methods) =>
      sendJson(res, 405, { error: `method ${method} not allowed` }, { allow: methods.join(', ') });
    const body = async () => {
      const ct = String(req.headers['content-type'] ?? '');
      if (!/^application\/json\b/i.test(ct)) throw new HostError(415, 'content-type must be application/json');
      return readJsonBody(req, maxBodyBytes);
    };
    const decode = (/** @type {string} */ s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw new HostError(400, 'bad percent-encoding in URL');
      }
    };

    const [resource, arg, extra] = parts;
    if (extra !== undefined || parts.length === 0) {
      sendJson(res, 404, { error: 'no such API route' });
      return;
    }
    if (resource === 'runs' && arg === undefined) {
      if (method === 'GET') return sendJson(res, 200, services.runs.list());
      if (method === 'POST') return sendJson(res, 201, services.runs.save(await body()));
      return notAllowed(['GET', 'POST']);
    }
    if (resource === 'runs' && arg) {
      if (method === 'GET') {
        const run = services.runs.get(decode(arg));
        return run ? sendJson(res, 200, run) : sendJson(res, 404, { error: 'no such run' });
      }
      if (method === 'DELETE') {
        const r = services.runs.delete(decode(arg));
        return r.deleted ? sendJson(res, 200, r) : sendJson(res, 404, { error: 'no such run', deleted: false });
      }
      return notAllowed(['GET', 'DELETE']);
    }
    if (resource === 'scenarios' && arg === undefined) {
      if (method === 'GET') return sendJson(res, 200, services.scenarios.list());
      return notAllowed(['GET']);
    }
    if (resource === 'scenarios' && arg) {
      const name = decode(arg);
      if (method === 'GET') {
        const s = services.scenarios.open(name);
        return s ? sendJson(res, 200, s) : sendJson(res, 404, { error: 'no such scenario' });
      }
      if (method === 'PUT') {
        const b = /** @type {any} */ (await body());
        return sendJson(res, 200, services.scenarios.save({ name, script: b?.script }));
      }
      return notAllowed(['GET', 'PUT']);
    }
    if (resource === 'reports' && arg === undefined) {
      if (method === 'POST') return sendJson(res, 201, services.reports.export(await body()));
      return notAllowed(['POST']);
    }
    sendJson(res, 404, { error: 'no such API route' });
  }

  /**
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res
   * @param {string} pathname
   */
  function staticFile(req, res, pathname) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'method not allowed\n', { allow: 'GET, HEAD' });
      return;
    }
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      sendText(res, 400, 'bad request\n');
      return;
    }
    const found = resolveUiFile({ distDir, pkgDir }, decoded);
    if (found.status === 503) {
      res.writeHead(503, {
        ...COMMON_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': CSP,
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : NOT_BUILT_HTML);
      return;
    }
    if (found.status !== 200) {
      sendText(res, found.status, found.status === 403 ? 'forbidden\n' : 'not found\n');
      return;
    }
    const { file, size } = found;
    const type = mimeType(file);
    /** @type {Record<string, string|number>} */
    const headers = {
      ...COMMON_HEADERS,
      'content-type': type,
      'content-length': size,
      'cache-control': /^\/assets\//.test(decoded) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (type.startsWith('text/html')) {
      headers['content-security-policy'] = CSP;
      headers['x-frame-options'] = 'DENY';
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    fs.createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  return (req, res) => {
    const host = String(req.headers.host ?? '').toLowerCase();
    if (!allowed().hosts.has(host)) {
      sendText(res, 403, 'forbidden: unexpected Host header\n');
      return;
    }
    let pathname;
    try {
      pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    } catch {
      sendText(res, 400, 'bad request\n');
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      api(req, res, pathname).catch((e) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (e instanceof HostError) {
          sendJson(res, e.status, { error: e.message }, e.status === 413 ? { connection: 'close' } : {});
          if (e.status === 413) req.resume();
        } else {
          process.stderr.write(`lio web: ${e?.stack ?? e}\n`);
          sendJson(res, 500, { error: 'internal error' });
        }
      });
      return;
    }
    staticFile(req, res, pathname);
  };
}

/**
 * @typedef {object} WebHostOptions
 * @property {number} [port]        default 5178; 0 picks a free port
 * @property {string} [dataDir]     default: resolveDataDir()
 * @property {string} [distDir]     default: renderer/dist
 * @property {string} [pkgDir]      default: engine-wasm/pkg
 * @property {string} [samplesDir]  default: samples/
 * @property {number} [maxBodyBytes]
 */

/**
 * Start the browser-mode host on 127.0.0.1.
 * @param {WebHostOptions} [opts]
 * @returns {Promise<{ url: string, port: number, server: http.Server, services: import('./host/services.mjs').HostServices, close: () => Promise<void> }>}
 */
export async function startWebHost({
  port = DEFAULT_PORT,
  dataDir = resolveDataDir(),
  distDir = DIST_DIR,
  pkgDir = ENGINE_PKG_DIR,
  samplesDir,
  maxBodyBytes,
} = {}) {
  const services = createHostServices({ dataDir, ...(samplesDir ? { samplesDir } : {}) });
  let bound = port;
  const server = http.createServer(
    createRequestHandler({ services, distDir, pkgDir, port: () => bound, maxBodyBytes }),
  );
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve(undefined);
      });
    });
  } catch (e) {
    services.close();
    throw e;
  }
  bound = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  let closed = false;
  return {
    url: `http://127.0.0.1:${bound}/`,
    port: bound,
    server,
    services,
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise((resolve) => {
        server.close(() => {
          services.close();
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}

export const WEB_USAGE = `Usage: npm run web -- [--port <n>] [--data-dir <dir>]

Serves LIO Lab's UI and host services at http://127.0.0.1:<n>/ (default
${DEFAULT_PORT}; --port 0 picks a free port). Data: --data-dir, else
$LIO_DATA_DIR, else ~/.lio-lab.
`;

/**
 * @param {string[]} argv
 * @returns {{ help: true } | { help: false, port: number, dataDir?: string }}
 */
export function parseWebArgs(argv) {
  /** @type {{ help: false, port: number, dataDir?: string }} */
  const out = { help: false, port: DEFAULT_PORT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--help' || flag === '-h') return { help: true };
    if (flag === '--port') {
      const v = value();
      const n = Number(v);
      if (!/^[0-9]+$/.test(v) || n > 65535) throw new Error(`invalid port ${v}`);
      out.port = n;
    } else if (flag === '--data-dir') {
      out.dataDir = path.resolve(value());
    } else if (flag.startsWith('-')) {
      throw new Error(`unknown option ${flag}`);
    } else {
      throw new Error(`unexpected argument ${flag}`);
    }
  }
  return out;
}

/**
 * Stop cleanly on SIGINT/SIGTERM.
 * @param {{ close: () => Promise<void> }} host
 * @param {() => void} [beforeExit]
 */
export function closeOnSignals(host, beforeExit) {
  const stop = () => {
    beforeExit?.();
    host.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function cli() {
  let args;
  try {
    args = parseWebArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`lio web: ${/** @type {Error} */ (e).message}\n`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    process.stdout.write(WEB_USAGE);
    return;
  }
  let host;
  try {
    host = await startWebHost({ port: args.port, ...(args.dataDir ? { dataDir: args.dataDir } : {}) });
  } catch (e) {
    const err = /** @type {NodeJS.ErrnoException} */ (e);
    const msg =
      err.code === 'EADDRINUSE'
        ? `port ${args.port} is in use; try --port 0`
        : err.message;
    process.stderr.write(`lio web: ${msg}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`LIO Lab (browser mode) at ${host.url}\n`);
  closeOnSignals(host);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  cli();
}
