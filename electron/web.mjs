#!/usr/bin/env node
// Browser-mode host: serves the built UI and the host services over HTTP on
// 127.0.0.1, for when Electron's binary is unavailable (and for E2E tests).
//
//   npm run web -- [--port <n>] [--data-dir <dir>] [--read-only]   (default port 5178; 0 = any free port)
//
//   GET  /, /assets/*        renderer/dist (SPA: unknown extension-less paths -> index.html)
//   GET  /engine/*           engine-wasm/pkg (lio_wasm_bg.wasm as application/wasm, js glue)
//   /api/*                   host services as JSON (routes in api.mjs HTTP_ROUTES)
//
// Security: binds 127.0.0.1 only; every request must carry Host
// 127.0.0.1:<port> or localhost:<port> (DNS-rebinding guard); a cross-origin
// Origin header is refused; request bodies must be JSON and are capped per
// route (ROUTE_BODY_LIMITS: a few MB, so one request cannot hold the event
// loop in JSON.parse for long), answered 413 with a JSON {error} the UI
// shows; HTML carries the same CSP as the Electron window. A client that
// goes away mid-request is not an error worth a stack trace.

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createHostServices, HostError, LIMITS, fmtBytes } from './host/services.mjs';
import { StoreOpenError } from './host/store.mjs';
import { DIST_DIR, ENGINE_PKG_DIR, resolveDataDir } from './paths.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('./static-files.cjs')} */
const { CSP, MIME_TYPES, NOT_BUILT_HTML, mimeType, resolveInside, resolveUiFile } = require('./static-files.cjs');

export { CSP, MIME_TYPES, resolveInside };

export const DEFAULT_PORT = 5178;
/** Body caps per route: what the service takes, plus room for JSON escaping of the script. */
export const ROUTE_BODY_LIMITS = Object.freeze({
  'POST /api/runs': LIMITS.resultBytes + 2 * LIMITS.scriptBytes + 64 * 1024,
  'PUT /api/scenarios': 2 * LIMITS.scriptBytes + 64 * 1024,
  'POST /api/reports': Math.max(LIMITS.svgBytes, LIMITS.jsonBytes) + 64 * 1024,
  /** One step's compressed trace, base64 (4/3 of its bytes) in JSON. */
  'PUT /api/runs/:id/traces': Math.ceil((LIMITS.traceBytes * 4) / 3) + 64 * 1024,
});
/** The largest cap of all (a body over it is never read). */
export const MAX_BODY_BYTES = Math.max(...Object.values(ROUTE_BODY_LIMITS));
/** An over-limit body up to this size is read and discarded, so the client sees the 413 (not a reset). */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;

/** The client closed the connection before its request was read: nothing to answer. */
class ClientGone extends Error {}

/** @param {unknown} e */
export function isClientGone(e) {
  const err = /** @type {NodeJS.ErrnoException} */ (e);
  return e instanceof ClientGone || ['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(String(err?.code)) || err?.message === 'aborted';
}

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
 * @param {http.IncomingMessage} req @param {number} limit @param {string} route
 * @returns {Promise<unknown>}
 */
function readJsonBody(req, limit, route) {
  return new Promise((resolve, reject) => {
    const tooLarge = (/** @type {number|null} */ n) =>
      new HostError(413, `request too large: ${n === null ? 'over' : `${fmtBytes(n)},`} ${route} takes at most ${fmtBytes(limit)}`);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge(declared));
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
        reject(tooLarge(null));
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
    req.on('aborted', () => reject(new ClientGone('aborted')));
    req.on('error', (e) => reject(isClientGone(e) ? new ClientGone(e.message) : e));
  });
}

/**
 * Answer 413 once the rest of the body has been read and dropped (a client
 * still sending would otherwise see its connection reset, not the answer);
 * a body too large even for that is cut off.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {HostError} e
 */
function sendTooLarge(req, res, e) {
  const declared = Number(req.headers['content-length']);
  const send = () => {
    if (!res.headersSent && !res.destroyed) sendJson(res, 413, { error: e.message }, { connection: 'close' });
  };
  if (req.complete || (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES)) {
    send();
    req.resume();
    return;
  }
  let drained = 0;
  req.on('data', (/** @type {Buffer} */ c) => {
    drained += c.length;
    if (drained > DRAIN_MAX_BYTES) {
      send();
      req.destroy();
    }
  });
  req.on('end', send);
  req.on('error', () => res.destroy());
  req.resume();
}

/**
 * @typedef {object} HandlerOptions
 * @property {import('./host/services.mjs').HostServices} services
 * @property {string} distDir
 * @property {string} pkgDir
 * @property {() => number} port          the port actually bound
 * @property {number} [maxBodyBytes]  a cap below the per-route ones (tests)
 */

/**
 * The request handler, separate from listening so it can be tested and
 * reused.
 * @param {HandlerOptions} opts
 * @returns {(req: http.IncomingMessage, res: http.ServerResponse) => void}
 */
export function createRequestHandler({ services, distDir, pkgDir, port, maxBodyBytes = MAX_BODY_BYTES }) {
  /** @param {string} route  'POST /api/runs' */
  const limitOf = (route) =>
    Math.min(maxBodyBytes, /** @type {Record<string, number>} */ (ROUTE_BODY_LIMITS)[route] ?? 64 * 1024);
  const allowed = () => {
    const p = port();
    return {
      hosts: new Set([`127.0.0.1:${p}`, `localhost:${p}`]),
      origins: new Set([`http://127.0.0.1:${p}`, `http://localhost:${p}`]),
    };
  };

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
      api({ services, allowed, limitOf }, req, res, pathname).catch((e) => {
        if (res.headersSent || isClientGone(e)) {
          res.destroy();
          return;
        }
        if (e instanceof HostError && e.status === 413) {
          sendTooLarge(req, res, e);
        } else if (e instanceof HostError) {
          sendJson(res, e.status, { error: e.message });
        } else {
          process.stderr.write(`lio web: ${e?.stack ?? e}\n`);
          sendJson(res, 500, { error: 'internal error' });
        }
      });
      return;
    }
    staticFile({ distDir, pkgDir }, req, res, pathname);
  };
}

/**
 * An /api/ request: the origin check, then the route.
 * @param {{ services: HandlerOptions['services'], allowed: () => { origins: Set<string> }, limitOf: (route: string) => number }} ctx
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 * @param {string} pathname
 */
async function api({ services, allowed, limitOf }, req, res, pathname) {
  const method = req.method ?? 'GET';
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed().origins.has(origin)) {
    sendJson(res, 403, { error: 'cross-origin request refused' });
    return;
  }
  const parts = pathname.split('/').slice(2); // ['runs', '12']
  const body = async () => {
    const ct = String(req.headers['content-type'] ?? '');
    if (!/^application\/json\b/i.test(ct)) throw new HostError(415, 'content-type must be application/json');
    const route = parts[0] === 'runs' && parts[2] === 'traces' ? `${method} /api/runs/:id/traces` : `${method} /api/${parts[0]}`;
    return readJsonBody(req, limitOf(route), route);
  };
  const decode = (/** @type {string} */ s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw new HostError(400, 'bad percent-encoding in URL');
    }
  };
  return apiRoute(services, { res, method, parts, body, decode });
}

/**
 * The API's routes: each resource, its methods, and the status each answer has.
 * @param {HandlerOptions['services']} services
 * @param {{ res: http.ServerResponse, method: string, parts: string[], body: () => Promise<unknown>, decode: (s: string) => string }} call
 */
async function apiRoute(services, { res, method, parts, body, decode }) {
  /** @param {string[]} methods */
  const notAllowed = (methods) =>
    sendJson(res, 405, { error: `method ${method} not allowed` }, { allow: methods.join(', ') });
  const [resource, arg, extra] = parts;
  if (resource === 'runs' && arg && extra === 'traces' && parts.length === 4 && parts[3]) {
    const part = { id: decode(arg), step: decode(parts[3]) };
    if (method === 'GET') {
      const t = services.runs.getTrace(part);
      return t ? sendJson(res, 200, t) : sendJson(res, 404, { error: 'no such trace' });
    }
    if (method === 'PUT') {
      const b = /** @type {any} */ (await body());
      return sendJson(res, 200, services.runs.putTrace({ ...part, data: b?.data, raw_bytes: b?.raw_bytes }));
    }
    return notAllowed(['GET', 'PUT']);
  }
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
  if (resource === 'history' && arg === 'new') {
    if (method === 'POST') return sendJson(res, 200, services.history.startNew());
    return notAllowed(['POST']);
  }
  if (resource === 'reports' && arg === undefined) {
    if (method === 'POST') return sendJson(res, 201, services.reports.export(await body()));
    return notAllowed(['POST']);
  }
  sendJson(res, 404, { error: 'no such API route' });
}

/**
 * A file of the built UI (GET or HEAD).
 * @param {{ distDir: string, pkgDir: string }} dirs
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 * @param {string} pathname
 */
function staticFile({ distDir, pkgDir }, req, res, pathname) {
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

/**
 * @typedef {object} WebHostOptions
 * @property {number} [port]        default 5178; 0 picks a free port
 * @property {string} [dataDir]     default: resolveDataDir()
 * @property {string} [distDir]     default: renderer/dist
 * @property {string} [pkgDir]      default: engine-wasm/pkg
 * @property {string} [samplesDir]  default: samples/
 * @property {number} [maxBodyBytes]
 * @property {boolean} [readOnly]   open the run history read-only (saves are refused with a reason)
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
  readOnly = process.env.LIO_DB_READONLY === '1',
} = {}) {
  const services = createHostServices({ dataDir, readOnly, ...(samplesDir ? { samplesDir } : {}) });
  let bound = port;
  const server = http.createServer(
    createRequestHandler({ services, distDir, pkgDir, port: () => bound, maxBodyBytes }),
  );
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  // A socket error (a client resetting the connection) is answered by closing it; never a stack trace.
  server.on('clientError', (_e, socket) => socket.destroy());
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

export const WEB_USAGE = `Usage: npm run web -- [--port <n>] [--data-dir <dir>] [--read-only]

Serves LIO Lab's UI and host services at http://127.0.0.1:<n>/ (default
${DEFAULT_PORT}; --port 0 picks a free port). Data: --data-dir, else
$LIO_DATA_DIR, else ~/.lio-lab. --read-only (or LIO_DB_READONLY=1) opens
the run history without changing it: runs are listed and read, not saved.
`;

/**
 * @param {string[]} argv
 * @returns {{ help: true } | { help: false, port: number, dataDir?: string, readOnly?: boolean }}
 */
export function parseWebArgs(argv) {
  /** @type {{ help: false, port: number, dataDir?: string, readOnly?: boolean }} */
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
    } else if (flag === '--read-only') {
      out.readOnly = true;
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
    host = await startWebHost({
      port: args.port,
      ...(args.dataDir ? { dataDir: args.dataDir } : {}),
      ...(args.readOnly ? { readOnly: true } : {}),
    });
  } catch (e) {
    const err = /** @type {NodeJS.ErrnoException} */ (e);
    const msg =
      err.code === 'EADDRINUSE'
        ? `port ${args.port} is in use; try --port 0`
        : e instanceof StoreOpenError
          ? e.message
          : String(err.message).split('\n')[0];
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
