// The part of Electron's API that main.cjs and preload.cjs use, for `tsc -p
// electron` (checkJs). Electron is an optional dependency: its package (and its
// electron.d.ts) is missing wherever its binary could not be downloaded, so
// electron/tsconfig.json maps 'electron' here, always. Each declaration is
// copied from electron.d.ts of Electron 45.5 (trimmed to the members used,
// comments dropped; Electron's `any` for IPC arguments and answers is `unknown`
// here): a member used from main.cjs or preload.cjs that is not here is a type
// error, add it from there.

type Listener<A extends unknown[]> = (...args: A) => void;

/** Electron's `Event<Params>`. */
export type Event<Params extends object = object> = {
  preventDefault: () => void;
  readonly defaultPrevented: boolean;
} & Params;

export interface WebFrameMain {
  readonly url: string;
}

export interface WebContentsWillNavigateEventParams {
  url: string;
  isSameDocument: boolean;
  isMainFrame: boolean;
  frame: WebFrameMain | null;
  initiator?: WebFrameMain | null;
}

export type WebContentsWillRedirectEventParams = WebContentsWillNavigateEventParams;

export interface HandlerDetails {
  url: string;
  frameName: string;
  features: string;
}

export interface WindowOpenHandlerResponse {
  action: 'allow' | 'deny';
  outlivesOpener?: boolean;
}

export interface WebPreferences {
  preload?: string;
  contextIsolation?: boolean;
  sandbox?: boolean;
  nodeIntegration?: boolean;
  nodeIntegrationInWorker?: boolean;
  nodeIntegrationInSubFrames?: boolean;
  webSecurity?: boolean;
  allowRunningInsecureContent?: boolean;
  webviewTag?: boolean;
  navigateOnDragDrop?: boolean;
  spellcheck?: boolean;
  safeDialogs?: boolean;
}

export interface WebContents {
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void;
  // `url` (and the arguments after it, not used here) are deprecated in favour of the event's fields.
  on(event: 'will-navigate', listener: Listener<[details: Event<WebContentsWillNavigateEventParams>, url: string]>): this;
  on(event: 'will-redirect', listener: Listener<[details: Event<WebContentsWillRedirectEventParams>, url: string]>): this;
  on(event: 'will-attach-webview', listener: Listener<[event: Event, webPreferences: WebPreferences, params: Record<string, string>]>): this;
  once(event: 'destroyed', listener: () => void): this;
}

export interface BrowserWindowConstructorOptions {
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
  title?: string;
  show?: boolean;
  backgroundColor?: string;
  webPreferences?: WebPreferences;
}

export class BrowserWindow {
  constructor(options?: BrowserWindowConstructorOptions);
  static fromWebContents(webContents: WebContents): BrowserWindow | null;
  static getAllWindows(): BrowserWindow[];
  readonly webContents: WebContents;
  once(event: 'ready-to-show', listener: () => void): this;
  show(): void;
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  focus(): void;
}

export interface IpcMainInvokeEvent extends Event {
  frameId: number;
  processId: number;
  sender: WebContents;
  readonly senderFrame: WebFrameMain | null;
}

export interface IpcMain {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
}

export interface IpcRenderer {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
}

export interface ContextBridge {
  exposeInMainWorld(apiKey: string, api: unknown): void;
}

export interface FileFilter {
  extensions: string[];
  name: string;
}

export interface SaveDialogOptions {
  title?: string;
  defaultPath?: string;
  buttonLabel?: string;
  filters?: FileFilter[];
}

export interface SaveDialogReturnValue {
  canceled: boolean;
  filePath: string;
}

export interface Dialog {
  showErrorBox(title: string, content: string): void;
  showSaveDialog(window: BrowserWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

export interface Privileges {
  standard?: boolean;
  secure?: boolean;
  bypassCSP?: boolean;
  allowServiceWorkers?: boolean;
  supportFetchAPI?: boolean;
  corsEnabled?: boolean;
  stream?: boolean;
  codeCache?: boolean;
  allowExtensions?: boolean;
}

export interface CustomScheme {
  privileges?: Privileges;
  scheme: string;
}

export interface Protocol {
  registerSchemesAsPrivileged(customSchemes: CustomScheme[]): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

export interface OnHeadersReceivedListenerDetails {
  id: number;
  url: string;
  method: string;
  statusLine: string;
  statusCode: number;
  responseHeaders?: Record<string, string[]>;
}

export interface HeadersReceivedResponse {
  cancel?: boolean;
  responseHeaders?: Record<string, string | string[]>;
  statusLine?: string;
}

export interface WebRequest {
  onHeadersReceived(listener: ((details: OnHeadersReceivedListenerDetails, callback: (headersReceivedResponse: HeadersReceivedResponse) => void) => void) | null): void;
}

export interface Session {
  readonly webRequest: WebRequest;
  setPermissionRequestHandler(handler: ((webContents: WebContents, permission: string, callback: (permissionGranted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((webContents: WebContents | null, permission: string, requestingOrigin: string) => boolean) | null): void;
}

export interface App {
  on(event: 'web-contents-created', listener: Listener<[event: Event, webContents: WebContents]>): this;
  on(event: 'second-instance', listener: Listener<[event: Event, argv: string[], workingDirectory: string]>): this;
  on(event: 'activate', listener: Listener<[event: Event, hasVisibleWindows: boolean]>): this;
  on(event: 'window-all-closed', listener: () => void): this;
  on(event: 'will-quit', listener: Listener<[event: Event]>): this;
  setName(name: string): void;
  enableSandbox(): void;
  requestSingleInstanceLock(): boolean;
  quit(): void;
  exit(exitCode?: number): void;
  whenReady(): Promise<void>;
  getPath(name: 'home' | 'appData' | 'userData' | 'sessionData' | 'temp' | 'exe' | 'desktop' | 'documents' | 'downloads' | 'logs'): string;
}

export const app: App;
export const contextBridge: ContextBridge;
export const dialog: Dialog;
export const ipcMain: IpcMain;
export const ipcRenderer: IpcRenderer;
export const protocol: Protocol;
export const session: { readonly defaultSession: Session };

declare global {
  namespace NodeJS {
    interface Process {
      /** Set by Electron: the kind of process this code runs in (undefined under plain Node). */
      readonly type?: 'browser' | 'renderer' | 'service-worker' | 'worker' | 'utility';
    }
  }
}
