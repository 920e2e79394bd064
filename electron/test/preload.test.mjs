import fs from 'node:fs';
import { createRequire } from 'node:module';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIO_API_VERBS } from '../api.mjs';

vi.mock('electron', async () => (await import('./electron-mock.mjs')).createElectronMock());

import electron from 'electron';

/** @typedef {ReturnType<typeof import('./electron-mock.mjs').createElectronMock>} ElectronMock */
/** The same module seen as the mock vi.mock installed: its recording functions and state. */
const mock = /** @type {ElectronMock} */ (/** @type {unknown} */ (electron));

const require = createRequire(import.meta.url);
const { IpcChannel } = require('../ipc-channels.cjs');
const PRELOAD = require.resolve('../preload.cjs');

/**
 * Run preload.cjs the way a sandboxed renderer does: its `require` knows
 * only 'electron' (the test's mock); anything else throws.
 */
function loadPreload() {
  /** @type {string[]} */
  const required = [];
  const sandboxRequire = (/** @type {string} */ id) => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`sandboxed preload cannot require ${id}`);
  };
  const module = { exports: {} };
  const src = fs.readFileSync(PRELOAD, 'utf8');
  new Function('require', 'module', 'exports', 'process', src)(sandboxRequire, module, module.exports, process);
  return { required, exports: /** @type {any} */ (module.exports) };
}

/** @returns {any} */
const exposedLio = () => /** @type {any} */ (mock.__state.exposed.lio);

describe('preload.cjs', () => {
  beforeEach(() => mock.__reset());

  it('requires nothing but electron (sandboxed preload)', () => {
    const { required } = loadPreload();
    expect(required).toEqual(['electron']);
  });

  it("keeps a copy of the channel enum identical to ipc-channels.cjs", () => {
    const { exports } = loadPreload();
    expect(exports.IpcChannel).toEqual(IpcChannel);
    expect(Object.isFrozen(exports.IpcChannel)).toBe(true);
  });

  it('exposes window.lio once, with exactly the verbs', () => {
    loadPreload();
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(mock.contextBridge.exposeInMainWorld.mock.calls[0][0]).toBe('lio');
    const lio = exposedLio();
    expect(Object.keys(lio).sort()).toEqual(Object.keys(LIO_API_VERBS).sort());
    for (const [ns, verbs] of Object.entries(LIO_API_VERBS)) {
      expect(Object.keys(lio[ns]).sort()).toEqual([...verbs].sort());
      for (const v of verbs) expect(lio[ns][v]).toBeTypeOf('function');
      expect(Object.isFrozen(lio[ns])).toBe(true);
    }
    expect(Object.isFrozen(lio)).toBe(true);
  });

  it('has no generic send or invoke', () => {
    loadPreload();
    const names = JSON.stringify(exposedLio(), (_k, v) => (typeof v === 'function' ? 'fn' : v));
    expect(names).not.toMatch(/send|invoke|on"|ipc/i);
  });

  it('each verb invokes its channel with exactly its arguments', async () => {
    loadPreload();
    const lio = exposedLio();
    const invoke = mock.ipcRenderer.invoke;
    const run = { title: 't', script: 'select 1 from dual;', result: { lio_lab: '0', steps: [] } };
    /** @type {[() => Promise<unknown>, string, unknown[]][]} */
    const cases = [
      [() => lio.runs.save(run), IpcChannel.RUNS_SAVE, [run]],
      [() => lio.runs.list(), IpcChannel.RUNS_LIST, []],
      [() => lio.runs.get(3), IpcChannel.RUNS_GET, [3]],
      [() => lio.runs.delete(3), IpcChannel.RUNS_DELETE, [3]],
      [() => lio.runs.putTrace({ id: 3, step: 0, data: 'AA==', raw_bytes: 1 }), IpcChannel.RUNS_PUT_TRACE, [{ id: 3, step: 0, data: 'AA==', raw_bytes: 1 }]],
      [() => lio.runs.getTrace({ id: 3, step: -1 }), IpcChannel.RUNS_GET_TRACE, [{ id: 3, step: -1 }]],
      [() => lio.scenarios.list(), IpcChannel.SCENARIOS_LIST, []],
      [() => lio.scenarios.open('t4'), IpcChannel.SCENARIOS_OPEN, ['t4']],
      [() => lio.scenarios.save({ name: 'x', script: 'y' }), IpcChannel.SCENARIOS_SAVE, [{ name: 'x', script: 'y' }]],
      [
        () => lio.reports.export({ kind: 'flame', svg: '<svg/>', suggestedName: 'f' }),
        IpcChannel.REPORTS_EXPORT,
        [{ kind: 'flame', svg: '<svg/>', suggestedName: 'f' }],
      ],
      [() => lio.history.startNew(), IpcChannel.HISTORY_START_NEW, []],
    ];
    const seen = new Set();
    for (const [call, channel, args] of cases) {
      invoke.mockClear();
      await expect(call()).resolves.toEqual({ channel, args });
      expect(invoke).toHaveBeenCalledTimes(1);
      expect(invoke).toHaveBeenCalledWith(channel, ...args);
      seen.add(channel);
    }
    expect([...seen].sort()).toEqual(Object.values(IpcChannel).sort());
  });

  it('does not forward extra arguments', async () => {
    loadPreload();
    const lio = exposedLio();
    await lio.runs.list('extra', 'args');
    await lio.runs.get(1, 'extra');
    expect(mock.ipcRenderer.invoke.mock.calls).toEqual([[IpcChannel.RUNS_LIST], [IpcChannel.RUNS_GET, 1]]);
  });
});
