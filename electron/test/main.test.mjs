import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./electron-mock.mjs')).createElectronMock());

import electron from 'electron';
import { must } from './electron-mock.mjs';

/** @typedef {ReturnType<typeof import('./electron-mock.mjs').createElectronMock>} ElectronMock */
/** The same module seen as the mock vi.mock installed: its recording functions, its state, `__reset`. */
const mock = /** @type {ElectronMock} */ (/** @type {unknown} */ (electron));

const require = createRequire(import.meta.url);
const main = require('../main.cjs');
const { IpcChannel } = require('../ipc-channels.cjs');

const APP_FRAME = { url: 'app://lio/index.html' };

function fakeServices() {
  return {
    runs: {
      save: vi.fn((run) => ({ id: 1, created_at: 'now', title: run.title })),
      list: vi.fn(() => []),
      get: vi.fn((id) => ({ id })),
      delete: vi.fn(() => ({ deleted: true })),
    },
    scenarios: {
      list: vi.fn(() => [{ name: 'a', source: 'sample', updated_at: null }]),
      open: vi.fn((name) => ({ name, script: 'select 1 from dual;', source: 'sample' })),
      save: vi.fn((s) => ({ name: s.name, updated_at: 'now' })),
    },
    reports: {
      export: vi.fn((r, o) => ({ path: o?.targetPath ?? '/exports/x.svg' })),
      defaultPath: vi.fn(() => '/exports/report.svg'),
    },
    close: vi.fn(),
  };
}

/** @param {unknown} r */
function checkReport(r) {
  const req = /** @type {any} */ (r);
  if (req && typeof req.json === 'string') return { kind: req.kind, text: req.json, ext: '.json', suggestedName: req.suggestedName };
  if (!req || typeof req.svg !== 'string') throw new Error('bad report');
  return { kind: req.kind, text: req.svg, ext: '.svg', suggestedName: req.suggestedName };
}

const state = () => mock.__state;

async function startApp() {
  const services = fakeServices();
  const started = await main.start(electron, {
    loadServices: async () => ({ services, checkReport }),
  });
  return { services, started, win: state().windows[0] };
}

describe('main.cjs', () => {
  beforeEach(() => mock.__reset());

  it('does not start by itself outside Electron', () => {
    expect(process.type).toBeUndefined();
    expect(state().windows).toHaveLength(0);
  });

  it('hardens the window: context isolation, sandbox, no node integration', () => {
    const o = main.windowOptions();
    expect(o.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(must(o.webPreferences).preload).toBe(path.join(path.dirname(require.resolve('../main.cjs')), 'preload.cjs'));
    expect(fs.existsSync(must(must(o.webPreferences).preload))).toBe(true);
  });

  it('creates one window with those options and loads app://lio/index.html', async () => {
    const { win } = await startApp();
    expect(state().windows).toHaveLength(1);
    expect(win.options).toEqual(main.windowOptions());
    expect(win.loadedUrls).toEqual(['app://lio/index.html']);
    expect(electron.app.enableSandbox).toHaveBeenCalled();
  });

  it('registers app:// as a privileged, secure, fetchable scheme and serves it', async () => {
    await startApp();
    const [schemes] = mock.protocol.registerSchemesAsPrivileged.mock.calls[0];
    expect(schemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }),
      }),
    ]);
    expect(state().protocolHandlers.has('app')).toBe(true);
  });

  it('sets the CSP on every response through session headers', async () => {
    await startApp();
    const listener = state().headersListener;
    expect(listener).toBeTypeOf('function');
    const cb = vi.fn();
    must(listener)({ responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } }, cb);
    const headers = cb.mock.calls[0][0].responseHeaders;
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['X-Other']).toEqual(['1']);
    const csp = headers['Content-Security-Policy'][0];
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "worker-src 'self' blob:",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/https?:|\*/);
  });

  it('a run history it cannot open is an error dialog naming the file, not a silent exit', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-main-'));
    try {
      const file = path.join(dataDir, 'lio-lab.sqlite');
      fs.writeFileSync(file, 'this is not a database '.repeat(200));
      const { createHostServices, checkReport: check } = await import('../host/services.mjs');
      const started = await main.start(electron, {
        loadServices: async () => ({ services: createHostServices({ dataDir }), checkReport: check }),
      });
      expect(started).toBeNull();
      expect(electron.dialog.showErrorBox).toHaveBeenCalledTimes(1);
      const [title, message] = mock.dialog.showErrorBox.mock.calls[0];
      expect(title).toBe(main.START_ERROR_TITLE);
      expect(message).toContain(file);
      expect(message).toContain('file is not a database');
      expect(message).toMatch(/Move it aside/);
      expect(message).toMatch(/restore a backup/);
      expect(electron.app.exit).toHaveBeenCalledWith(1);
      expect(state().windows).toHaveLength(0);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^this is not a database/); // left as it was
      expect(quiet).toHaveBeenCalledWith(expect.stringMatching(/^LIO Lab: cannot open the run history /));
    } finally {
      quiet.mockRestore();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a history written by a newer LIO Lab is refused read-write with a dialog that offers read-only', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-main-'));
    try {
      const { createHostServices, checkReport: check } = await import('../host/services.mjs');
      const first = createHostServices({ dataDir });
      first.store.db.pragma('user_version = 99');
      first.close();
      await main.start(electron, { loadServices: async () => ({ services: createHostServices({ dataDir }), checkReport: check }) });
      const [, message] = mock.dialog.showErrorBox.mock.calls[0];
      expect(message).toMatch(/schema version is 99/);
      expect(message).toMatch(/LIO_DB_READONLY=1/);
      expect(electron.app.exit).toHaveBeenCalledWith(1);
      mock.__reset();
      const ro = await main.start(electron, {
        loadServices: async () => ({ services: createHostServices({ dataDir, readOnly: true }), checkReport: check }),
      });
      expect(ro).not.toBeNull();
      expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
      must(ro).services.close();
    } finally {
      quiet.mockRestore();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses every permission request', async () => {
    await startApp();
    const cb = vi.fn();
    must(state().permissionRequestHandler)({}, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(must(state().permissionCheckHandler)({}, 'notifications')).toBe(false);
  });

  it('denies window.open', async () => {
    const { win } = await startApp();
    expect(must(win.webContents.windowOpenHandler)({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(must(win.webContents.windowOpenHandler)({ url: 'app://lio/index.html' })).toEqual({ action: 'deny' });
  });

  it('blocks navigation away from app://lio, and <webview>', async () => {
    const { win } = await startApp();
    expect(win.webContents.navigate('will-navigate', 'https://example.com/')).toBe(true);
    expect(win.webContents.navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(win.webContents.navigate('will-navigate', 'app://evil/index.html')).toBe(true);
    expect(win.webContents.navigate('will-redirect', 'http://127.0.0.1:1/')).toBe(true);
    expect(win.webContents.navigate('will-navigate', 'app://lio/index.html')).toBe(false);
    let prevented = false;
    win.webContents.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('hardens web contents created later too', async () => {
    await startApp();
    const { MockWebContents } = await import('./electron-mock.mjs');
    const wc = new MockWebContents();
    mock.app.emit('web-contents-created', {}, wc);
    expect(wc.windowOpenHandler?.({ url: 'https://x/' })).toEqual({ action: 'deny' });
    expect(wc.navigate('will-navigate', 'https://x/')).toBe(true);
  });

  it('registers exactly one IPC handler per channel of the enum', async () => {
    await startApp();
    const registered = mock.ipcMain.handle.mock.calls.map((c) => c[0]).sort();
    expect(registered).toEqual(Object.values(IpcChannel).sort());
    expect(Object.isFrozen(IpcChannel)).toBe(true);
    expect(new Set(Object.values(IpcChannel)).size).toBe(Object.values(IpcChannel).length);
  });

  it('routes each channel to its host verb for the window it created', async () => {
    const { services, win } = await startApp();
    const h = state().handlers;
    const ev = { sender: win.webContents, senderFrame: APP_FRAME };
    await expect(h.get(IpcChannel.RUNS_SAVE)(ev, { title: 't', script: 's', result: { steps: [] } })).resolves.toMatchObject({ id: 1 });
    expect(services.runs.save).toHaveBeenCalledWith({ title: 't', script: 's', result: { steps: [] } });
    await h.get(IpcChannel.RUNS_LIST)(ev);
    expect(services.runs.list).toHaveBeenCalled();
    await h.get(IpcChannel.RUNS_GET)(ev, 7);
    expect(services.runs.get).toHaveBeenCalledWith(7);
    await h.get(IpcChannel.RUNS_DELETE)(ev, 7);
    expect(services.runs.delete).toHaveBeenCalledWith(7);
    await h.get(IpcChannel.SCENARIOS_LIST)(ev);
    expect(services.scenarios.list).toHaveBeenCalled();
    await expect(h.get(IpcChannel.SCENARIOS_OPEN)(ev, 'a')).resolves.toMatchObject({ name: 'a' });
    await h.get(IpcChannel.SCENARIOS_SAVE)(ev, { name: 'b', script: 'x' });
    expect(services.scenarios.save).toHaveBeenCalledWith({ name: 'b', script: 'x' });
  });

  it('drops messages from senders it did not create', async () => {
    const { services, win } = await startApp();
    const { MockWebContents } = await import('./electron-mock.mjs');
    const h = state().handlers;
    const foreign = { sender: new MockWebContents(), senderFrame: APP_FRAME };
    for (const channel of Object.values(IpcChannel)) {
      await expect(h.get(channel)(foreign, { title: 'x' })).resolves.toBeUndefined();
    }
    // Our window, but a frame that is not app://lio (e.g. after a navigation slipped through).
    const wrongFrame = { sender: win.webContents, senderFrame: { url: 'https://example.com/' } };
    await expect(h.get(IpcChannel.RUNS_LIST)(wrongFrame)).resolves.toBeUndefined();
    await expect(h.get(IpcChannel.RUNS_LIST)({ sender: win.webContents, senderFrame: null })).resolves.toBeUndefined();
    // A destroyed window's contents are forgotten.
    win.webContents.destroy();
    await expect(h.get(IpcChannel.RUNS_LIST)({ sender: win.webContents, senderFrame: APP_FRAME })).resolves.toBeUndefined();
    for (const ns of [services.runs, services.scenarios]) {
      for (const fn of Object.values(ns)) expect(fn).not.toHaveBeenCalled();
    }
    expect(services.reports.export).not.toHaveBeenCalled();
  });

  it('exports a report to the path chosen in a save dialog', async () => {
    const { services, win } = await startApp();
    const h = state().handlers;
    const ev = { sender: win.webContents, senderFrame: APP_FRAME };
    const req = { kind: 'flame', svg: '<svg/>', suggestedName: 'f.svg' };

    mock.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: undefined });
    await expect(h.get(IpcChannel.REPORTS_EXPORT)(ev, req)).resolves.toEqual({ path: null, canceled: true });
    expect(services.reports.export).not.toHaveBeenCalled();

    mock.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/u/f.svg' });
    await expect(h.get(IpcChannel.REPORTS_EXPORT)(ev, req)).resolves.toEqual({ path: '/home/u/f.svg' });
    const [window, options] = mock.dialog.showSaveDialog.mock.calls[1];
    expect(window).toBe(win);
    expect(options).toMatchObject({ defaultPath: '/exports/report.svg', filters: [{ extensions: ['svg'] }] });
    expect(services.reports.export).toHaveBeenCalledWith(
      { kind: 'flame', text: '<svg/>', ext: '.svg', suggestedName: 'f.svg' },
      { targetPath: '/home/u/f.svg' },
    );

    // A profile (speedscope, Chrome trace) is offered as JSON.
    mock.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/u/p.json' });
    await expect(h.get(IpcChannel.REPORTS_EXPORT)(ev, { kind: 'speedscope', json: '{}', suggestedName: 'p.json' })).resolves.toEqual({ path: '/home/u/p.json' });
    expect(mock.dialog.showSaveDialog.mock.calls[2][1]).toMatchObject({ filters: [{ name: 'JSON profile', extensions: ['json'] }] });
    expect(services.reports.defaultPath).toHaveBeenLastCalledWith('p.json', 'speedscope', '.json');

    // Invalid requests fail before any dialog opens.
    mock.dialog.showSaveDialog.mockClear();
    await expect(h.get(IpcChannel.REPORTS_EXPORT)(ev, { kind: 'x' })).rejects.toThrow('bad report');
    expect(electron.dialog.showSaveDialog).not.toHaveBeenCalled();
  });

  it('closes the host services when the app quits', async () => {
    const { services } = await startApp();
    mock.app.emit('will-quit');
    expect(services.close).toHaveBeenCalled();
  });

  it('quits when a second instance holds the lock', async () => {
    mock.app.requestSingleInstanceLock.mockReturnValueOnce(false);
    const started = await main.start(electron, { loadServices: async () => ({ services: fakeServices(), checkReport }) });
    expect(started).toBeNull();
    expect(electron.app.quit).toHaveBeenCalled();
    expect(state().windows).toHaveLength(0);
  });
});

describe('app:// protocol', () => {
  /** @type {string} */
  let dir;
  /** @type {{ distDir: string, pkgDir: string }} */
  let roots;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-main-'));
    roots = { distDir: path.join(dir, 'dist'), pkgDir: path.join(dir, 'pkg') };
    fs.mkdirSync(path.join(roots.distDir, 'assets'), { recursive: true });
    fs.mkdirSync(roots.pkgDir);
    fs.writeFileSync(path.join(roots.distDir, 'index.html'), '<!doctype html><title>LIO</title>');
    fs.writeFileSync(path.join(roots.distDir, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(roots.pkgDir, 'lio_wasm_bg.wasm'), Buffer.from([0, 97, 115, 109]));
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const get = (/** @type {string} */ url) => main.appProtocolResponse({ url, method: 'GET' }, roots);

  it('serves index.html with the CSP', async () => {
    const r = await get('app://lio/index.html');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.headers.get('content-security-policy')).toBe(main.CSP);
    expect(await r.text()).toContain('<title>LIO</title>');
    expect((await get('app://lio/')).status).toBe(200);
    expect((await get('app://lio/compare')).status).toBe(200); // client-side route
  });

  it('serves the engine wasm as application/wasm under /engine/', async () => {
    const r = await get('app://lio/engine/lio_wasm_bg.wasm');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await r.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109]));
    expect((await get('app://lio/assets/app.js')).headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('never leaves its roots', async () => {
    expect((await get('app://lio/..%2Fsecret.txt')).status).toBeGreaterThanOrEqual(403);
    expect((await get('app://lio/engine/..%2F..%2Fsecret.txt')).status).toBeGreaterThanOrEqual(403);
    expect((await get('app://lio/missing.js')).status).toBe(404);
    expect((await get('app://other/index.html')).status).toBe(404);
  });

  it('says how to build when renderer/dist is missing', async () => {
    fs.rmSync(roots.distDir, { recursive: true });
    const r = await get('app://lio/index.html');
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('npm run build');
  });
});
