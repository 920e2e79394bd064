// Host services: the verbs the UI may call, shared by Electron main (over
// IPC, see ../main.cjs) and browser mode (over HTTP, see ../web.mjs).
//
//   runs.save({title, script, result}) -> {id, created_at}
//   runs.list()                         -> [{id, created_at, title, summary}]
//   runs.get(id)                        -> run | null
//   runs.delete(id)                     -> {deleted}
//   scenarios.list()                    -> [{name, source, updated_at}]
//   scenarios.open(name)                -> {name, script, source} | null
//   scenarios.save({name, script})      -> {name, updated_at}
//   reports.export({kind, svg, suggestedName}) -> {path}
//
// Every argument comes from the renderer, which we treat as untrusted:
// each verb validates its input and throws HostError (status 400) when it is
// wrong. File names are built here, never taken as paths from the caller.

import fs from 'node:fs';
import path from 'node:path';
import { openStore } from './store.mjs';
import { SAMPLES_DIR } from '../paths.mjs';

export const LIMITS = Object.freeze({
  titleChars: 200,
  scriptBytes: 1024 * 1024,
  resultBytes: 64 * 1024 * 1024,
  svgBytes: 32 * 1024 * 1024,
  nameChars: 80,
});

/** An error a caller caused; `status` is the HTTP status browser mode sends. */
export class HostError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.name = 'HostError';
    this.status = status;
  }
}

const bad = (/** @type {string} */ msg) => new HostError(400, msg);

/** Scenario names: letters, digits, space, `_`, `.`, `-`; no path parts. */
const SCENARIO_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/;
const REPORT_KIND_RE = /^[a-z][a-z0-9-]{0,39}$/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * Normalise and check a scenario name (`t4 memopt`, `t4-memopt.sql`).
 * @param {unknown} name
 * @returns {string} the name without a `.sql` suffix
 */
export function checkScenarioName(name) {
  if (typeof name !== 'string') throw bad('scenario name must be a string');
  let n = name.trim();
  if (n.toLowerCase().endsWith('.sql')) n = n.slice(0, -4);
  if (
    n.length === 0 ||
    n.length > LIMITS.nameChars ||
    !SCENARIO_NAME_RE.test(n) ||
    n.includes('..') ||
    n.endsWith('.') ||
    WINDOWS_RESERVED.test(n)
  ) {
    throw bad(`invalid scenario name: ${JSON.stringify(name).slice(0, 100)}`);
  }
  return n;
}

/**
 * A safe file name from an untrusted suggestion: no directories, no control
 * or shell-special characters, bounded length, forced extension.
 * @param {unknown} suggested
 * @param {string} ext  e.g. '.svg'
 * @param {string} [fallback]
 */
export function safeFileName(suggested, ext, fallback = 'report') {
  let base = typeof suggested === 'string' ? suggested : '';
  base = base.split(/[\\/]/).pop() ?? '';
  if (base.toLowerCase().endsWith(ext.toLowerCase())) base = base.slice(0, -ext.length);
  base = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 100)
    .replace(/[\s.-]+$/g, '');
  if (!base || WINDOWS_RESERVED.test(base)) base = fallback;
  return base + ext;
}

/**
 * @param {unknown} id
 * @returns {number}
 */
export function checkRunId(id) {
  const n = typeof id === 'string' && /^[0-9]+$/.test(id) ? Number(id) : id;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) {
    throw bad('run id must be a positive integer');
  }
  return n;
}

/** @param {unknown} s @param {string} what @param {number} maxBytes */
function checkText(s, what, maxBytes) {
  if (typeof s !== 'string') throw bad(`${what} must be a string`);
  if (Buffer.byteLength(s) > maxBytes) throw new HostError(413, `${what} is too large`);
  return s;
}

/**
 * Check a report export request.
 * @param {unknown} req
 * @returns {{ kind: string, svg: string, suggestedName: string|undefined }}
 */
export function checkReport(req) {
  if (!req || typeof req !== 'object') throw bad('report must be an object');
  const { kind, svg, suggestedName } = /** @type {any} */ (req);
  if (typeof kind !== 'string' || !REPORT_KIND_RE.test(kind)) {
    throw bad('report kind must match [a-z][a-z0-9-]*');
  }
  checkText(svg, 'svg', LIMITS.svgBytes);
  if (!/^\uFEFF?\s*(<\?xml[^>]*>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s/>]/i.test(svg)) {
    throw bad('svg must be an SVG document');
  }
  if (suggestedName !== undefined && suggestedName !== null && typeof suggestedName !== 'string') {
    throw bad('suggestedName must be a string');
  }
  return { kind, svg, suggestedName: suggestedName ?? undefined };
}

/**
 * A small summary of a ScriptResult for the run list.
 * @param {any} result
 */
export function summarizeResult(result) {
  const steps = Array.isArray(result?.steps) ? result.steps : [];
  /** @param {string} name */
  const total = (name) =>
    steps.reduce((acc, s) => acc + (Number(s?.stats?.[name]) || 0), 0);
  const errors = steps.filter((s) => s?.error);
  return {
    version: typeof result?.lio_lab === 'string' ? result.lio_lab : null,
    steps: steps.length,
    errors: errors.length,
    error_codes: [...new Set(errors.map((s) => String(s.error.code)))].slice(0, 5),
    workloads: steps.filter((s) => Array.isArray(s?.runs)).length,
    elapsed_us: steps.reduce((acc, s) => acc + (Number(s?.elapsed_us) || 0), 0),
    consistent_gets: total('consistent gets'),
    db_block_gets: total('db block gets'),
    physical_reads: total('physical reads'),
  };
}

/**
 * @param {string} dir
 * @returns {string[]} scenario names of the *.sql files in dir
 */
function sampleNames(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names = [];
  for (const e of entries) {
    if (!e.isFile() || !e.name.toLowerCase().endsWith('.sql')) continue;
    try {
      names.push(checkScenarioName(e.name));
    } catch {
      /* a file whose name we would not accept from a caller: skip it */
    }
  }
  return names.sort();
}

/**
 * @typedef {object} HostServicesOptions
 * @property {string} dataDir      holds lio-lab.sqlite and exports/
 * @property {string} [samplesDir] shipped scenarios (default: repo samples/)
 * @property {string} [exportsDir] default: <dataDir>/exports
 * @property {() => Date} [now]
 */

/**
 * @param {HostServicesOptions} opts
 */
export function createHostServices({
  dataDir,
  samplesDir = SAMPLES_DIR,
  exportsDir = path.join(dataDir, 'exports'),
  now,
}) {
  const store = openStore({ dataDir, now });

  const runs = {
    /** @param {unknown} run */
    save(run) {
      if (!run || typeof run !== 'object') throw bad('run must be an object');
      const { title, script, result } = /** @type {any} */ (run);
      const t = title === undefined ? '' : checkText(title, 'title', LIMITS.titleChars * 4);
      if (t.length > LIMITS.titleChars) throw bad('title is too long');
      checkText(script, 'script', LIMITS.scriptBytes);
      if (!result || typeof result !== 'object' || !Array.isArray(result.steps)) {
        throw bad('result must be a ScriptResult ({lio_lab, steps: [...]})');
      }
      const json = JSON.stringify(result);
      if (Buffer.byteLength(json) > LIMITS.resultBytes) throw new HostError(413, 'result is too large');
      const saved = store.runs.save({
        title: t.trim() || 'Untitled run',
        script,
        result,
        summary: summarizeResult(result),
      });
      return saved;
    },
    list() {
      return store.runs.list();
    },
    /** @param {unknown} id */
    get(id) {
      return store.runs.get(checkRunId(id));
    },
    /** @param {unknown} id */
    delete(id) {
      return { deleted: store.runs.delete(checkRunId(id)) };
    },
  };

  const scenarios = {
    /** @returns {{ name: string, source: 'sample'|'saved', updated_at: string|null }[]} */
    list() {
      /** @type {Map<string, { name: string, source: 'sample'|'saved', updated_at: string|null }>} */
      const byName = new Map();
      for (const name of sampleNames(samplesDir)) {
        byName.set(name, { name, source: 'sample', updated_at: null });
      }
      for (const s of store.scenarios.list()) {
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
      const saved = store.scenarios.get(n);
      if (saved) return { name: n, script: saved.script, source: 'saved' };
      if (!sampleNames(samplesDir).includes(n)) return null;
      const file = path.join(samplesDir, `${n}.sql`);
      if (path.dirname(file) !== path.resolve(samplesDir)) return null;
      return { name: n, script: fs.readFileSync(file, 'utf8'), source: 'sample' };
    },
    /** @param {unknown} s */
    save(s) {
      if (!s || typeof s !== 'object') throw bad('scenario must be an object');
      const { name, script } = /** @type {any} */ (s);
      const n = checkScenarioName(name);
      checkText(script, 'script', LIMITS.scriptBytes);
      return store.scenarios.save({ name: n, script });
    },
  };

  const reports = {
    /**
     * Write an SVG report. Without `targetPath` the file goes into the
     * exports directory under a safe, unique name; Electron passes the path
     * the user picked in the save dialog.
     * @param {unknown} req  {kind, svg, suggestedName}
     * @param {{ targetPath?: string }} [opts]
     * @returns {{ path: string }}
     */
    export(req, { targetPath } = {}) {
      const { kind, svg, suggestedName } = checkReport(req);
      if (targetPath) {
        fs.writeFileSync(targetPath, svg, 'utf8');
        return { path: targetPath };
      }
      fs.mkdirSync(exportsDir, { recursive: true });
      const stamp = (now ? now() : new Date()).toISOString().replace(/[:.]/g, '-');
      const file = safeFileName(suggestedName ?? `lio-${kind}-${stamp}`, '.svg', `lio-${kind}`);
      const stem = file.slice(0, -4);
      for (let i = 1; i < 1000; i++) {
        const candidate = path.join(exportsDir, i === 1 ? file : `${stem}-${i}.svg`);
        try {
          // 'wx': never overwrite, never follow an existing symlink.
          fs.writeFileSync(candidate, svg, { encoding: 'utf8', flag: 'wx' });
          return { path: candidate };
        } catch (e) {
          if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EEXIST') throw e;
        }
      }
      throw new HostError(409, 'too many exports with this name');
    },
    /** The exports directory, for a save dialog's default path. */
    defaultPath(/** @type {unknown} */ suggestedName, /** @type {string} */ kind = 'report') {
      return path.join(exportsDir, safeFileName(suggestedName, '.svg', `lio-${kind}`));
    },
  };

  return {
    dataDir,
    exportsDir,
    samplesDir,
    store,
    runs,
    scenarios,
    reports,
    close() {
      store.close();
    },
  };
}

/** @typedef {ReturnType<typeof createHostServices>} HostServices */
