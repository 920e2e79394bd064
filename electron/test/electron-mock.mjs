// A hand-written mock of the `electron` module: just the surface main.cjs
// and preload.cjs use, recording what they do. Tests install it with
//   vi.mock('electron', () => import('./electron-mock.mjs').then((m) => m.createElectronMock()))
// and reset it between tests with `electron.__reset()`.

import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

let nextId = 1;

/**
 * The value, known to be there (a handler the code under test registered):
 * a test that reaches for one that is missing fails here, by name.
 * @template T @param {T | null | undefined} x @param {string} [what]
 * @returns {T}
 */
export function must(x, what = 'value') {
  if (x === null || x === undefined) throw new Error(`expected a ${what}, found ${x}`);
  return x;
}

/** An IPC or protocol handler as main.cjs registers it. @typedef {(event: any, ...args: any[]) => unknown} Handler */

/**
 * Handlers by name; `get` throws for a name nothing registered (so a test
 * calls what main.cjs registered, or fails naming the channel).
 * @extends {Map<string, Handler>}
 */
class Registry extends Map {
  /** @param {string} key @returns {Handler} */
  get(key) {
    return must(super.get(key), `handler for ${key}`);
  }
}

export class MockWebContents extends EventEmitter {
  constructor() {
    super();
    this.id = nextId++;
    /** @type {((details: { url: string }) => { action: string }) | null} */
    this.windowOpenHandler = null;
    this.destroyed = false;
  }
  /** @param {(details: { url: string }) => { action: string }} fn */
  setWindowOpenHandler(fn) {
    this.windowOpenHandler = fn;
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    this.emit('destroyed');
  }
  /**
   * Emit a navigation event the way Electron does; returns whether the
   * handler prevented it.
   * @param {'will-navigate'|'will-redirect'} name @param {string} url
   */
  navigate(name, url) {
    let prevented = false;
    const event = { url, preventDefault: () => (prevented = true) };
    this.emit(name, event, url);
    return prevented;
  }
}

export function createElectronMock() {
  const state = {
    /** @type {MockBrowserWindow[]} */
    windows: [],
    handlers: new Registry(),
    /** @type {Record<string, unknown>} */
    exposed: {},
    /** @type {Map<string, Function[]>} */
    appListeners: new Map(),
    /** @type {((details: { responseHeaders?: Record<string, string[]> }, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void) | null} */
    headersListener: null,
    /** @type {((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null} */
    permissionRequestHandler: null,
    /** @type {((webContents: unknown, permission: string) => boolean) | null} */
    permissionCheckHandler: null,
    protocolHandlers: new Registry(),
  };

  class MockBrowserWindow extends EventEmitter {
    /** @param {any} options */
    constructor(options) {
      super();
      this.options = options;
      this.webContents = new MockWebContents();
      /** @type {string[]} */
      this.loadedUrls = [];
      this.destroyed = false;
      state.windows.push(this);
    }
    /** @param {string} url */
    loadURL(url) {
      this.loadedUrls.push(url);
      return Promise.resolve();
    }
    show() {}
    focus() {}
    restore() {}
    isMinimized() {
      return false;
    }
    isDestroyed() {
      return this.destroyed;
    }
    static getAllWindows() {
      return state.windows.filter((w) => !w.destroyed);
    }
    /** @param {MockWebContents} wc */
    static fromWebContents(wc) {
      return state.windows.find((w) => w.webContents === wc) ?? null;
    }
  }

  const app = {
    whenReady: vi.fn(() => Promise.resolve()),
    /** @param {string} event @param {Function} fn */
    on: vi.fn((event, fn) => {
      const list = state.appListeners.get(event) ?? [];
      list.push(fn);
      state.appListeners.set(event, list);
      return app;
    }),
    enableSandbox: vi.fn(),
    setName: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    exit: vi.fn(),
    getPath: vi.fn((/** @type {string} */ name) => `/tmp/lio-mock-${name}`),
    /** @param {string} event @param {...unknown} args */
    emit(event, ...args) {
      for (const fn of state.appListeners.get(event) ?? []) fn(...args);
    },
  };

  const ipcMain = {
    handle: vi.fn((/** @type {string} */ channel, /** @type {Handler} */ fn) => {
      if (state.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      state.handlers.set(channel, fn);
    }),
    removeHandler: vi.fn((/** @type {string} */ channel) => state.handlers.delete(channel)),
    on: vi.fn(),
  };

  const ipcRenderer = {
    invoke: vi.fn(async (/** @type {string} */ channel, /** @type {unknown[]} */ ...args) => ({ channel, args })),
  };

  const contextBridge = {
    exposeInMainWorld: vi.fn((/** @type {string} */ key, /** @type {unknown} */ api) => {
      state.exposed[key] = api;
    }),
  };

  const protocol = {
    registerSchemesAsPrivileged: vi.fn(),
    handle: vi.fn((/** @type {string} */ scheme, /** @type {Handler} */ fn) => state.protocolHandlers.set(scheme, fn)),
  };

  const session = {
    defaultSession: {
      webRequest: {
        onHeadersReceived: vi.fn((/** @type {NonNullable<typeof state.headersListener>} */ fn) => {
          state.headersListener = fn;
        }),
      },
      setPermissionRequestHandler: vi.fn((/** @type {NonNullable<typeof state.permissionRequestHandler>} */ fn) => {
        state.permissionRequestHandler = fn;
      }),
      setPermissionCheckHandler: vi.fn((/** @type {NonNullable<typeof state.permissionCheckHandler>} */ fn) => {
        state.permissionCheckHandler = fn;
      }),
    },
  };

  const dialog = {
    showSaveDialog: vi.fn(
      /** @type {(window: unknown, options: import('electron').SaveDialogOptions) => Promise<{ canceled: boolean, filePath: string | undefined }>} */
      (async () => ({ canceled: true, filePath: undefined })),
    ),
    showErrorBox: vi.fn(),
  };

  const mock = {
    app,
    BrowserWindow: MockBrowserWindow,
    ipcMain,
    ipcRenderer,
    contextBridge,
    protocol,
    session,
    dialog,
    __state: state,
    __reset() {
      state.windows.length = 0;
      state.handlers.clear();
      state.appListeners.clear();
      state.protocolHandlers.clear();
      for (const k of Object.keys(state.exposed)) delete state.exposed[k];
      state.headersListener = null;
      state.permissionRequestHandler = null;
      state.permissionCheckHandler = null;
      vi.clearAllMocks();
    },
  };
  return { ...mock, default: mock };
}
