'use strict';
/**
 * Preload of the LIO Lab window (sandboxed, context-isolated).
 *
 * Exposes `window.lio` with intent-level verbs only; there is no generic
 * send/invoke. Each verb passes exactly its documented arguments to exactly
 * one IPC channel. SQL never crosses IPC: the engine runs in the renderer.
 *
 *   lio.runs.save({title, script, result}) -> {id, created_at}
 *   lio.runs.list()                          -> [{id, created_at, title, summary}]
 *   lio.runs.get(id)                         -> run | null
 *   lio.runs.delete(id)                      -> {deleted}
 *   lio.runs.putTrace({id, step, data, raw_bytes}) -> {step, bytes}  (a saved run's trace part, base64)
 *   lio.runs.getTrace({id, step})            -> {step, data, raw_bytes} | null
 *   lio.scenarios.list()                     -> [{name, source, updated_at}]
 *   lio.scenarios.open(name)                 -> {name, script, source} | null
 *   lio.scenarios.save({name, script})       -> {name, updated_at}
 *   lio.reports.export({kind, svg, suggestedName}) -> {path} | {path: null, canceled: true}
 *   lio.history.startNew()                   -> {moved_to, path} (a damaged history moved aside)
 *
 * A sandboxed preload can only require('electron') (and a few Node
 * built-ins), so the channel enum below is a copy of ipc-channels.cjs;
 * test/preload.test.mjs fails if they differ.
 */
const { contextBridge, ipcRenderer } = require('electron');

// Copy of ipc-channels.cjs (see above).
const IpcChannel = Object.freeze({
  RUNS_SAVE: 'lio:runs:save',
  RUNS_LIST: 'lio:runs:list',
  RUNS_GET: 'lio:runs:get',
  RUNS_DELETE: 'lio:runs:delete',
  RUNS_PUT_TRACE: 'lio:runs:put-trace',
  RUNS_GET_TRACE: 'lio:runs:get-trace',
  SCENARIOS_LIST: 'lio:scenarios:list',
  SCENARIOS_OPEN: 'lio:scenarios:open',
  SCENARIOS_SAVE: 'lio:scenarios:save',
  REPORTS_EXPORT: 'lio:reports:export',
  HISTORY_START_NEW: 'lio:history:start-new',
});

// The arguments go over IPC as they are: the main process validates them (host/services.mjs).
const lio = Object.freeze({
  runs: Object.freeze({
    save: (/** @type {{ title: string, script: string, result: unknown, key?: string }} */ run) => ipcRenderer.invoke(IpcChannel.RUNS_SAVE, run),
    list: () => ipcRenderer.invoke(IpcChannel.RUNS_LIST),
    get: (/** @type {number | string} */ id) => ipcRenderer.invoke(IpcChannel.RUNS_GET, id),
    delete: (/** @type {number | string} */ id) => ipcRenderer.invoke(IpcChannel.RUNS_DELETE, id),
    putTrace: (/** @type {{ id: number | string, step: number, data: string, raw_bytes: number }} */ t) => ipcRenderer.invoke(IpcChannel.RUNS_PUT_TRACE, t),
    getTrace: (/** @type {{ id: number | string, step: number }} */ t) => ipcRenderer.invoke(IpcChannel.RUNS_GET_TRACE, t),
  }),
  scenarios: Object.freeze({
    list: () => ipcRenderer.invoke(IpcChannel.SCENARIOS_LIST),
    open: (/** @type {string} */ name) => ipcRenderer.invoke(IpcChannel.SCENARIOS_OPEN, name),
    save: (/** @type {{ name: string, script: string }} */ scenario) => ipcRenderer.invoke(IpcChannel.SCENARIOS_SAVE, scenario),
  }),
  reports: Object.freeze({
    export: (/** @type {{ kind: string, svg: string, suggestedName?: string }} */ report) => ipcRenderer.invoke(IpcChannel.REPORTS_EXPORT, report),
  }),
  history: Object.freeze({
    startNew: () => ipcRenderer.invoke(IpcChannel.HISTORY_START_NEW),
  }),
});

contextBridge.exposeInMainWorld('lio', lio);

if (typeof module !== 'undefined' && module.exports) {
  module.exports = { IpcChannel, lio };
}
