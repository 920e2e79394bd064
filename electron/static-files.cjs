'use strict';
/**
 * What the UI is served with, shared by Electron's app:// protocol
 * (main.cjs) and browser mode's HTTP server (web.mjs): the CSP, MIME types,
 * and path resolution that cannot leave its root.
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The Content-Security-Policy of the UI. 'wasm-unsafe-eval' lets the worker
 * compile the engine's wasm; blob: workers are allowed for bundlers that
 * inline a worker. No remote origin is allowed anywhere: the app works
 * offline by design.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** @type {Readonly<Record<string, string>>} */
const MIME_TYPES = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.sql': 'text/plain; charset=utf-8',
});

/** @param {string} file */
function mimeType(file) {
  return MIME_TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
}

/**
 * Resolve a (percent-decoded) URL path inside `root`, or null when it would
 * leave it.
 * @param {string} root
 * @param {string} urlPath
 * @returns {string|null}
 */
function resolveInside(root, urlPath) {
  if (urlPath.includes('\0')) return null;
  const rootAbs = path.resolve(root);
  const full = path.resolve(rootAbs, '.' + path.posix.normalize('/' + urlPath.replace(/\\/g, '/')));
  if (full !== rootAbs && !full.startsWith(rootAbs + path.sep)) return null;
  return full;
}

/** @param {string} file */
function statOrNull(file) {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

/**
 * Which file answers a UI request path (already percent-decoded):
 * `/engine/*` from the engine's wasm-bindgen output, anything else from the
 * built UI; a directory means its index.html; an unknown path without an
 * extension is a client-side route and gets the SPA's index.html.
 * @param {{ distDir: string, pkgDir: string }} roots
 * @param {string} urlPath
 * @returns {{ status: 200, file: string, size: number } | { status: 403|404|503 }}
 *   503: the UI is not built (renderer/dist/index.html is missing)
 */
function resolveUiFile({ distDir, pkgDir }, urlPath) {
  const isEngine = urlPath.startsWith('/engine/');
  const root = isEngine ? pkgDir : distDir;
  let file = resolveInside(root, isEngine ? urlPath.slice('/engine/'.length) : urlPath);
  if (!file) return { status: 403 };
  const hasExt = path.extname(urlPath) !== '';
  if (!isEngine && !statOrNull(path.join(distDir, 'index.html'))) {
    return { status: !hasExt || urlPath.endsWith('.html') ? 503 : 404 };
  }
  let stat = statOrNull(file);
  if (stat && stat.isDirectory()) {
    file = path.join(file, 'index.html');
    stat = statOrNull(file);
  }
  if ((!stat || !stat.isFile()) && !isEngine && !hasExt) {
    file = path.join(distDir, 'index.html');
    stat = statOrNull(file);
  }
  if (!stat || !stat.isFile()) return { status: 404 };
  return { status: 200, file, size: stat.size };
}

/** Shown instead of the UI when renderer/dist has not been built. */
const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LIO Lab: not built</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>LIO Lab's UI is not built yet</h1>
<p>Run <code>npm run build</code> in the project folder, then reload this page.</p>
</body></html>
`;

module.exports = { CSP, MIME_TYPES, NOT_BUILT_HTML, mimeType, resolveInside, resolveUiFile };
