'use strict';
/**
 * Every IPC channel between the renderer (through preload.cjs) and the
 * Electron main process (main.cjs). One frozen enum, the only place channel
 * names are spelled.
 *
 * The sandboxed preload cannot `require()` local files, so preload.cjs keeps a
 * literal copy of this object; electron/test/preload.test.mjs fails if the
 * copy drifts from this file.
 *
 * SQL never crosses IPC: the engine runs in the renderer's Web Worker. These
 * channels carry host verbs only (run history, scenarios, report export).
 *
 * @readonly
 * @enum {string}
 */
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

module.exports = { IpcChannel };
