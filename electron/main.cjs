'use strict';
/**
 * Electron main process of LIO Lab.
 *
 *   renderer (sandboxed, context-isolated, app://lio/index.html)
 *      | window.lio.<ns>.<verb>(...)          preload.cjs: verbs only
 *      v ipcRenderer.invoke(IpcChannel.X)     ipc-channels.cjs: one frozen enum
 *   main: ipcMain.handle(X) -> trusted sender? -> host/services.mjs (SQLite, files)
 *
 * The UI is served from a privileged `app://lio/` protocol: renderer/dist at
 * the root and engine-wasm/pkg under /engine/, so the worker can fetch
 * /engine/lio_wasm_bg.wasm from its own origin. The engine runs in the
 * renderer's worker; SQL never crosses IPC.
 *
 * Electron itself is passed in (`start(require('electron'))`) so the tests
 * can hand in their mock; it starts by itself only inside Electron's main
 * process (process.type === 'browser').
 */
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { IpcChannel } = require('./ipc-channels.cjs');
const { CSP, NOT_BUILT_HTML, mimeType, resolveUiFile } = require('./static-files.cjs');

const APP_SCHEME = 'app';
const APP_HOST = 'lio';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
const APP_URL = `${APP_ORIGIN}/index.html`;

const REPO_ROOT = path.resolve(__dirname, '..');
const DEFAULT_ROOTS = Object.freeze({
  distDir: path.join(REPO_ROOT, 'renderer', 'dist'),
  pkgDir: path.join(REPO_ROOT, 'engine-wasm', 'pkg'),
});
const PRELOAD = path.join(__dirname, 'preload.cjs');

/**
 * BrowserWindow options: every renderer hardening switch set explicitly.
 * @returns {import('electron').BrowserWindowConstructorOptions}
 */
function windowOptions() {
  return {
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title: 'LIO Lab',
    show: false,
    backgroundColor: '#14161a',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  };
}

/** @param {string} url */
function isAppUrl(url) {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Must run before app 'ready': app:// behaves like https (standard, secure,
 * fetch and streaming allowed), so 'self' in the CSP means app://lio.
 * @param {import('electron').Protocol} protocol
 */
function registerAppScheme(protocol) {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
    },
  ]);
}

/**
 * The app:// handler: a Response for one request.
 * @param {{ url: string, method?: string }} request
 * @param {{ distDir: string, pkgDir: string }} [roots]
 * @returns {Promise<Response>}
 */
async function appProtocolResponse(request, roots = DEFAULT_ROOTS) {
  const base = { 'x-content-type-options': 'nosniff' };
  if (!isAppUrl(request.url)) return new Response('not found', { status: 404, headers: base });
  if (request.method && request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('method not allowed', { status: 405, headers: base });
  }
  let urlPath;
  try {
    urlPath = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return new Response('bad request', { status: 400, headers: base });
  }
  const found = resolveUiFile(roots, urlPath);
  if (found.status === 503) {
    return new Response(NOT_BUILT_HTML, {
      status: 503,
      headers: { ...base, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP },
    });
  }
  if (found.status !== 200) return new Response('not found', { status: found.status, headers: base });
  const type = mimeType(found.file);
  /** @type {Record<string, string>} */
  const headers = { ...base, 'content-type': type };
  if (type.startsWith('text/html')) headers['content-security-policy'] = CSP;
  const body = await fs.promises.readFile(found.file);
  return new Response(body, { status: 200, headers });
}

/**
 * Every response in the session gets the CSP header; every permission
 * request (camera, notifications, ...) is refused.
 * @param {import('electron').Session} ses
 */
function hardenSession(ses) {
  ses.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = { ...(details.responseHeaders || {}) };
    for (const k of Object.keys(responseHeaders)) {
      if (k.toLowerCase() === 'content-security-policy') delete responseHeaders[k];
    }
    responseHeaders['Content-Security-Policy'] = [CSP];
    callback({ responseHeaders });
  });
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/**
 * No window.open, no navigation away from app://lio, no <webview>.
 * Applied to every webContents the app creates.
 * @param {import('electron').WebContents} contents
 */
function hardenWebContents(contents) {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    // Navigation arguments differ across Electron versions: accept both.
    const target = typeof url === 'string' ? url : event && event.url;
    if (!target || !isAppUrl(target)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    const target = typeof url === 'string' ? url : event && event.url;
    if (!target || !isAppUrl(target)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * The senders the main process answers: webContents of windows it created,
 * while they show app://lio. Everything else is dropped.
 */
class TrustedSenders {
  constructor() {
    /** @type {Set<import('electron').WebContents>} */
    this.contents = new Set();
  }
  /** @param {import('electron').WebContents} wc */
  add(wc) {
    this.contents.add(wc);
    wc.once('destroyed', () => this.contents.delete(wc));
  }
  /** @param {import('electron').IpcMainInvokeEvent} event */
  isTrusted(event) {
    if (!event || !this.contents.has(event.sender)) return false;
    const frame = event.senderFrame;
    return Boolean(frame && isAppUrl(frame.url));
  }
}

/**
 * One ipcMain.handle per channel of the enum; a handler runs only for a
 * trusted sender (anything else gets `undefined` and nothing happens).
 * @param {Pick<typeof import('electron'), 'ipcMain'|'dialog'|'BrowserWindow'>} electron
 * @param {{ services: any, checkReport: (r: unknown) => { kind: string, text: string, ext: '.svg' | '.json', suggestedName?: string }, trusted: TrustedSenders }} deps
 */
function registerIpcHandlers({ ipcMain, dialog, BrowserWindow }, { services, checkReport, trusted }) {
  /** @type {Record<string, (event: import('electron').IpcMainInvokeEvent, ...args: any[]) => unknown>} */
  const handlers = {
    [IpcChannel.RUNS_SAVE]: (_e, run) => services.runs.save(run),
    [IpcChannel.RUNS_LIST]: () => services.runs.list(),
    [IpcChannel.RUNS_GET]: (_e, id) => services.runs.get(id),
    [IpcChannel.RUNS_DELETE]: (_e, id) => services.runs.delete(id),
    [IpcChannel.RUNS_PUT_TRACE]: (_e, t) => services.runs.putTrace(t),
    [IpcChannel.RUNS_GET_TRACE]: (_e, t) => services.runs.getTrace(t),
    [IpcChannel.SCENARIOS_LIST]: () => services.scenarios.list(),
    [IpcChannel.SCENARIOS_OPEN]: (_e, name) => services.scenarios.open(name),
    [IpcChannel.SCENARIOS_SAVE]: (_e, s) => services.scenarios.save(s),
    [IpcChannel.HISTORY_START_NEW]: () => services.history.startNew(),
    [IpcChannel.REPORTS_EXPORT]: async (e, req) => {
      const report = checkReport(req);
      const win = BrowserWindow.fromWebContents(e.sender);
      const options = {
        title: 'Export report',
        defaultPath: services.reports.defaultPath(report.suggestedName, report.kind, report.ext),
        filters: [report.ext === '.json' ? { name: 'JSON profile', extensions: ['json'] } : { name: 'SVG image', extensions: ['svg'] }],
      };
      const { canceled, filePath } = win
        ? await dialog.showSaveDialog(win, options)
        : await dialog.showSaveDialog(options);
      if (canceled || !filePath) return { path: null, canceled: true };
      return services.reports.export(report, { targetPath: filePath });
    },
  };
  for (const channel of Object.values(IpcChannel)) {
    const handler = handlers[channel];
    if (!handler) throw new Error(`no IPC handler for ${channel}`);
    ipcMain.handle(channel, async (event, ...args) => {
      if (!trusted.isTrusted(event)) return undefined;
      return handler(event, ...args);
    });
  }
  return handlers;
}

/**
 * @param {Pick<typeof import('electron'), 'BrowserWindow'>} electron
 * @param {TrustedSenders} trusted
 */
function createMainWindow({ BrowserWindow }, trusted) {
  const win = new BrowserWindow(windowOptions());
  trusted.add(win.webContents);
  hardenWebContents(win.webContents);
  win.once('ready-to-show', () => win.show());
  win.loadURL(APP_URL);
  return win;
}

/** Title of the dialog shown when the app cannot start. */
const START_ERROR_TITLE = 'LIO Lab cannot start';

/**
 * Show why the app cannot start (an error box: it works before 'ready' too) and quit.
 * @param {Pick<typeof import('electron'), 'app'|'dialog'>} electron
 * @param {unknown} e
 */
function failToStart({ app, dialog }, e) {
  const err = /** @type {Error & { code?: string }} */ (e);
  const message =
    err && err.code === 'LIO_DB_OPEN'
      ? `${err.message}\n\nLIO Lab keeps its run history there; it has not changed the file.`
      : `${(err && err.message) || String(e)}`;
  try {
    dialog.showErrorBox(START_ERROR_TITLE, message);
  } catch {
    /* no display: the message still goes to stderr */
  }
  console.error(`LIO Lab: ${message.split('\n')[0]}`);
  app.exit(1);
}

/**
 * Start the app.
 * @param {typeof import('electron')} electron
 * @param {{ loadServices?: () => Promise<{ services: any, checkReport: Function }>, roots?: { distDir: string, pkgDir: string } }} [opts]
 */
async function start(electron, opts = {}) {
  const { app, BrowserWindow, protocol, session } = electron;
  app.setName('LIO Lab'); // before 'ready': names the userData folder
  registerAppScheme(protocol);
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  app.on('web-contents-created', (_e, contents) => hardenWebContents(contents));

  await app.whenReady();

  const loadServices =
    opts.loadServices ||
    (async () => {
      const host = await import(pathToFileURL(path.join(__dirname, 'host', 'services.mjs')).href);
      const { resolveDataDir } = await import(pathToFileURL(path.join(__dirname, 'paths.mjs')).href);
      const dataDir = resolveDataDir({ electronUserData: app.getPath('userData') });
      const readOnly = process.env.LIO_DB_READONLY === '1';
      return { services: host.createHostServices({ dataDir, readOnly }), checkReport: host.checkReport };
    });
  let loaded;
  try {
    loaded = await loadServices();
  } catch (e) {
    // The run history cannot be opened (not a database, a newer schema, unreadable):
    // say which file and what to do, in a dialog, rather than exiting silently.
    failToStart(electron, e);
    return null;
  }
  const { services, checkReport } = loaded;

  hardenSession(session.defaultSession);
  protocol.handle(APP_SCHEME, (request) => appProtocolResponse(request, opts.roots || DEFAULT_ROOTS));

  const trusted = new TrustedSenders();
  registerIpcHandlers(electron, { services, checkReport, trusted });

  let win = createMainWindow(electron, trusted);
  app.on('second-instance', () => {
    if (win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) win = createMainWindow(electron, trusted);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => services.close());
  return { win, services, trusted };
}

module.exports = {
  APP_ORIGIN,
  APP_URL,
  CSP,
  PRELOAD,
  START_ERROR_TITLE,
  TrustedSenders,
  appProtocolResponse,
  createMainWindow,
  failToStart,
  hardenSession,
  hardenWebContents,
  isAppUrl,
  registerAppScheme,
  registerIpcHandlers,
  start,
  windowOptions,
};

if (process.type === 'browser') {
  const electron = require('electron');
  start(electron).catch((e) => failToStart(electron, e));
}
