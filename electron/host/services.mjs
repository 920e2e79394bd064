// Host services: the verbs the UI may call, shared by Electron main (over
// IPC, see ../main.cjs) and browser mode (over HTTP, see ../web.mjs).
//
//   runs.save({title, script, result}) -> {id, created_at}
//   runs.list()                         -> [{id, created_at, title, summary}]
//   runs.get(id)                        -> run | null
//   runs.delete(id)                     -> {deleted}  (its traces too)
//   runs.putTrace({id, step, data, raw_bytes}) -> {step, bytes}  data: base64 of the compressed trace
//   runs.getTrace({id, step})           -> {step, data, raw_bytes} | null  (step -1: the run's catalog)
//   scenarios.list()                    -> [{name, source, updated_at}]
//   scenarios.open(name)                -> {name, script, source} | null
//   scenarios.save({name, script})      -> {name, updated_at}
//   reports.export({kind, svg, suggestedName}) -> {path}
//   history.startNew()                  -> {moved_to, path}  (only once the history was found damaged)
//
// Every argument comes from the renderer, which we treat as untrusted:
// each verb validates its input and throws HostError (status 400) when it is
// wrong. File names are built here, never taken as paths from the caller.
//
// A write that fails (a read-only database or file, a full disk, a lock)
// throws HostError with one sentence saying what failed and what to do; the
// UI shows it with a Retry. Nothing is dropped silently.

import fs from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../paths.mjs';
import { ScriptTextError, cleanScriptText, decodeScript } from '../script-text.mjs';
import {
  DEMO_PREFIX, HostError, LIMITS, SAVE_KEY_RE, bad, checkRunId, checkScenarioName, checkScript, checkText, fmtBytes,
  sampleFile, sampleNames, summarizeResult,
} from './checks.mjs';
import { createStoreGuard } from './store-guard.mjs';
import { createReports } from './report-export.mjs';
import { runTraces } from './run-traces.mjs';

export {
  LIMITS, fmtBytes, HostError, checkScenarioName, safeFileName, checkRunId, writeFailure, checkReport, summarizeResult,
  DEMO_PREFIX, checkExportsRoom,
} from './checks.mjs';

/**
 * @typedef {object} HostServicesOptions
 * @property {string} dataDir      holds lio-lab.sqlite and exports/
 * @property {string} [samplesDir] shipped scenarios (default: repo samples/)
 * @property {string} [exportsDir] default: <dataDir>/exports
 * @property {() => Date} [now]
 * @property {boolean} [readOnly]  open an existing history without changing it; saves are refused
 */

/**
 * @param {HostServicesOptions} opts
 */
export function createHostServices({
  dataDir,
  samplesDir = SAMPLES_DIR,
  exportsDir = path.join(dataDir, 'exports'),
  now,
  readOnly = false,
}) {
  const guard = createStoreGuard({ dataDir, now, readOnly });
  const { read, write } = guard;

  const runs = {
    /** @param {unknown} run */
    save(run) {
      if (!run || typeof run !== 'object') throw bad('run must be an object');
      const { title, script, result, key } = /** @type {any} */ (run);
      if (key !== undefined && key !== null && (typeof key !== 'string' || !SAVE_KEY_RE.test(key))) {
        throw bad('key must be 8 to 100 letters, digits, `-` or `_` (one per save; a Retry sends the same)');
      }
      const t = title === undefined ? '' : checkText(title, 'title', LIMITS.titleChars * 4);
      if (t.length > LIMITS.titleChars) throw bad('title is too long');
      const text = checkScript(script);
      if (!result || typeof result !== 'object' || !Array.isArray(result.steps)) {
        throw bad('result must be a ScriptResult ({lio_lab, steps: [...]})');
      }
      const size = Buffer.byteLength(JSON.stringify(result));
      if (size > LIMITS.resultBytes) {
        throw new HostError(413, `run not saved: its result is ${fmtBytes(size)} of JSON; a saved run holds at most ${fmtBytes(LIMITS.resultBytes)}`);
      }
      return write('run not saved', () =>
        guard.store.runs.save({ title: t.trim() || 'Untitled run', script: text, result, summary: summarizeResult(result), key: key ?? null }),
      );
    },
    list() {
      return read('runs not listed', () => guard.store.runs.list());
    },
    /** @param {unknown} id */
    get(id) {
      const n = checkRunId(id);
      return read('run not read', () => guard.store.runs.get(n));
    },
    ...runTraces(guard),
    /** @param {unknown} id */
    delete(id) {
      const n = checkRunId(id);
      return { deleted: write('run not deleted', () => guard.store.runs.delete(n)) };
    },
  };

  const scenarios = {
    /** @returns {{ name: string, source: 'sample'|'saved', updated_at: string|null }[]} */
    list() {
      /** @type {Map<string, { name: string, source: 'sample'|'saved', updated_at: string|null }>} */
      const byName = new Map();
      for (const name of [...sampleNames(samplesDir), ...sampleNames(path.join(samplesDir, 'demos')).map((d) => DEMO_PREFIX + d)]) {
        byName.set(name, { name, source: 'sample', updated_at: null });
      }
      for (const s of read('scenarios not listed', () => guard.store.scenarios.list())) {
        byName.set(s.name, { name: s.name, source: 'saved', updated_at: s.updated_at });
      }
      return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    /**
     * A saved scenario shadows a sample of the same name.
     * @param {unknown} name
     * @returns {{ name: string, script: string, source: 'sample'|'saved' } | null}
     */
    open(name) {
      const n = checkScenarioName(name);
      const saved = read('scenario not read', () => guard.store.scenarios.get(n));
      if (saved) return { name: n, script: cleanScriptText(saved.script), source: 'saved' };
      const file = sampleFile(samplesDir, n);
      if (!file) return null;
      try {
        return { name: n, script: decodeScript(fs.readFileSync(file), path.basename(file)), source: 'sample' };
      } catch (e) {
        if (e instanceof ScriptTextError) throw new HostError(422, e.message);
        throw e;
      }
    },
    /** @param {unknown} s */
    save(s) {
      if (!s || typeof s !== 'object') throw bad('scenario must be an object');
      const { name, script } = /** @type {any} */ (s);
      const n = checkScenarioName(name);
      const text = checkScript(script);
      return write('scenario not saved', () => guard.store.scenarios.save({ name: n, script: text }));
    },
  };

  const reports = createReports({ exportsDir, now });
  const history = { startNew: () => guard.startNew() };

  return {
    dataDir,
    exportsDir,
    samplesDir,
    get store() {
      return guard.store;
    },
    runs,
    scenarios,
    reports,
    history,
    close() {
      guard.store.close();
    },
  };
}

/** @typedef {ReturnType<typeof createHostServices>} HostServices */
