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
import { openStore } from './store.mjs';
import { SAMPLES_DIR } from '../paths.mjs';
import { ScriptTextError, cleanScriptText, decodeScript } from '../script-text.mjs';
import { SafeWriteError, writeFileSafely } from '../safe-write.mjs';

export const LIMITS = Object.freeze({
  titleChars: 200,
  /** A saved run's or scenario's script (the UI refuses bigger ones before sending). */
  scriptBytes: 1024 * 1024,
  /** A saved run's result JSON (the UI cuts rows and steps to fit: renderer/src/model/saved.ts). */
  resultBytes: 6 * 1024 * 1024,
  svgBytes: 8 * 1024 * 1024,
  nameChars: 80,
  /** Browser-mode exports folder, in all (older exports are never deleted for you). */
  exportsBytes: 256 * 1024 * 1024,
  exportsFiles: 2000,
});

/** @param {number} n */
export const fmtBytes = (n) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} bytes`;

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
/** A save's idempotency key (a UUID, say), chosen by the client. */
const SAVE_KEY_RE = /^[A-Za-z0-9_-]{8,100}$/;
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
    .replace(/[^\u0020-\u007e\u0080-\uffff]/g, '') // control characters (C0 and DEL) go
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
  const n = Buffer.byteLength(s);
  if (n > maxBytes) throw new HostError(413, `${what} is too large (${fmtBytes(n)}; at most ${fmtBytes(maxBytes)})`);
  return s;
}

/** @param {unknown} s @param {string} what */
function checkScript(s, what = 'script') {
  try {
    return cleanScriptText(checkText(s, what, LIMITS.scriptBytes), what);
  } catch (e) {
    if (e instanceof ScriptTextError) throw bad(e.message);
    throw e;
  }
}

/**
 * A failed write to the run history as a HostError the user can act on.
 * @param {unknown} e  what better-sqlite3 threw
 * @param {string} what  'run not saved', ...
 * @param {string} file
 */
export function writeFailure(e, what, file) {
  if (e instanceof HostError) return e;
  const err = /** @type {{ code?: string, message?: string }} */ (e ?? {});
  const code = String(err.code ?? '');
  const reason = err.message ?? String(e);
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
    return new HostError(503, `${what}: ${file} cannot be written (${reason}); make the file and its folder writable, or move it aside, then Retry`);
  }
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return new HostError(507, `${what}: the disk holding ${file} is full (${reason}); free some space, then Retry`);
  if (code.startsWith('SQLITE_IOERR')) {
    // An immutable file (chattr +i) or a failing disk: SQLite only says "disk I/O error".
    return new HostError(
      500,
      `${what}: ${file}: ${reason} (${code}). Writing it or its -wal file failed: it may be marked immutable (lsattr shows an i; chattr -i lifts it), or on a failing disk or an unreliable network share. Make it writable, or move it aside or set LIO_DATA_DIR to another folder, then Retry`,
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new HostError(503, `${what}: ${file} is locked by another program (${reason}); Retry in a moment`);
  }
  if (code.startsWith('SQLITE_')) return new HostError(500, `${what}: ${file}: ${reason} (${code})`);
  return /** @type {Error} */ (e);
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
 * @param {any} result  as the client sent it (stored as given: every field may be missing)
 */
export function summarizeResult(result) {
  /** @type {any[]} */
  const steps = Array.isArray(result?.steps) ? result.steps : [];
  /** @param {string} name */
  const total = (name) =>
    steps.reduce((acc, s) => acc + (Number(s?.stats?.[name]) || 0), 0);
  const errors = steps.filter((s) => s?.error);
  const omitted = Number(result?.steps_omitted) || 0;
  return {
    version: typeof result?.lio_lab === 'string' ? result.lio_lab : null,
    steps: steps.length + omitted,
    ...(omitted ? { steps_saved: steps.length } : {}),
    errors: errors.length,
    error_codes: [...new Set(errors.map((s) => String(s.error.code)))].slice(0, 5),
    workloads: steps.filter((s) => Array.isArray(s?.runs)).length,
    elapsed_us: steps.reduce((acc, s) => acc + (Number(s?.elapsed_us) || 0), 0),
    consistent_gets: total('consistent gets'),
    db_block_gets: total('db block gets'),
    physical_reads: total('physical reads'),
  };
}

/** Demos (samples/demos/*.sql, docs/DEMOS.md) are listed as `demo <name>`. */
export const DEMO_PREFIX = 'demo ';

/**
 * The file of a shipped scenario: samples/<name>.sql, or samples/demos/<x>.sql for `demo <x>`.
 * @param {string} samplesDir @param {string} n a checked name
 * @returns {string | null}
 */
function sampleFile(samplesDir, n) {
  const [dir, base] = n.startsWith(DEMO_PREFIX) ? [path.join(samplesDir, 'demos'), n.slice(DEMO_PREFIX.length)] : [samplesDir, n];
  if (!sampleNames(dir).includes(base)) return null;
  const file = path.join(dir, `${base}.sql`);
  return path.dirname(file) === path.resolve(dir) ? file : null;
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
 * Refuse an export that would take the exports folder over its total caps.
 * @param {string} dir @param {number} adding  bytes
 */
export function checkExportsRoom(dir, adding) {
  let bytes = 0;
  let files = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isFile()) continue;
    files++;
    try {
      bytes += fs.statSync(path.join(dir, e.name)).size;
    } catch {
      /* removed meanwhile */
    }
  }
  if (bytes + adding > LIMITS.exportsBytes || files + 1 > LIMITS.exportsFiles) {
    throw new HostError(
      507,
      `the exports folder ${dir} holds ${files} file${files === 1 ? '' : 's'}, ${fmtBytes(bytes)} (at most ${LIMITS.exportsFiles} files, ${fmtBytes(LIMITS.exportsBytes)}); delete old exports there`,
    );
  }
}

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
  let store = openStore({ dataDir, now, readOnly });
  /**
   * Why the history file is damaged (SQLite found a corrupt page), once a
   * read, a write or the check before the first write found it: from then on
   * nothing is written into it.
   * @type {string | null}
   */
  let damaged = null;
  /** Whether quick_check ran before this session's first write. */
  let checked = readOnly;
  /** @param {unknown} e */
  const isCorrupt = (e) => /^SQLITE_(CORRUPT|NOTADB)/.test(String(/** @type {any} */ (e)?.code ?? ''));
  /** @param {string} what */
  const damagedError = (what) =>
    new HostError(
      503,
      `${what}: the run history ${store.path} is damaged (${damaged}); nothing more is written into it. ` +
        'Start a new history (the damaged file is moved aside, kept next to it), restore a backup of it, ' +
        'or open it read-only (--read-only, or LIO_DB_READONLY=1) to read what is left',
    );
  /**
   * A corrupt page found by a read or a write marks the history damaged and
   * becomes the HostError naming it and the fix; other errors pass.
   * @param {unknown} e @param {string} what
   */
  const throwIfCorrupt = (e, what) => {
    if (!isCorrupt(e)) return;
    damaged = /** @type {Error} */ (e).message;
    throw damagedError(what);
  };
  /**
   * Run a read against the store; a damaged file becomes a HostError naming it and the fix.
   * @template T @param {string} what @param {() => T} fn @returns {T}
   */
  const read = (what, fn) => {
    try {
      return fn();
    } catch (e) {
      throwIfCorrupt(e, what);
      const code = String(/** @type {any} */ (e)?.code ?? '');
      if (code.startsWith('SQLITE_')) throw new HostError(503, `${what}: reading ${store.path} failed (${/** @type {Error} */ (e).message}, ${code}); Retry, or move the file aside`);
      throw e;
    }
  };
  /**
   * Run a write against the store; failures become HostErrors that say what to do.
   * @template T @param {string} what @param {() => T} fn @returns {T}
   */
  const write = (what, fn) => {
    if (store.readOnly) {
      throw new HostError(409, `${what}: the run history ${store.path} was opened read-only (--read-only or LIO_DB_READONLY=1); restart without it to save`);
    }
    if (!damaged && !checked) {
      // Once per session, before the first write: never add to a damaged file.
      try {
        const r = store.quickCheck();
        checked = true;
        if (r !== 'ok') damaged = r;
      } catch (e) {
        if (isCorrupt(e)) damaged = /** @type {Error} */ (e).message;
        else throw writeFailure(e, what, store.path);
      }
    }
    if (damaged) throw damagedError(what);
    try {
      return fn();
    } catch (e) {
      throwIfCorrupt(e, what);
      throw writeFailure(e, what, store.path);
    }
  };

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
        store.runs.save({ title: t.trim() || 'Untitled run', script: text, result, summary: summarizeResult(result), key: key ?? null }),
      );
    },
    list() {
      return read('runs not listed', () => store.runs.list());
    },
    /** @param {unknown} id */
    get(id) {
      const n = checkRunId(id);
      return read('run not read', () => store.runs.get(n));
    },
    /** @param {unknown} id */
    delete(id) {
      const n = checkRunId(id);
      return { deleted: write('run not deleted', () => store.runs.delete(n)) };
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
      for (const s of read('scenarios not listed', () => store.scenarios.list())) {
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
      const saved = read('scenario not read', () => store.scenarios.get(n));
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
      return write('scenario not saved', () => store.scenarios.save({ name: n, script: text }));
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
      // Whole or not at all: a temporary file renamed into place, removed when the write fails.
      const save = (/** @type {string} */ file, /** @type {boolean} */ overwrite) => {
        try {
          writeFileSafely(file, svg, { overwrite });
        } catch (e) {
          if (e instanceof SafeWriteError && e.code === 'ENOSPC') {
            throw new HostError(507, `report not exported: the disk holding ${path.dirname(file)} is full (nothing half-written was left); free some space, then Retry`);
          }
          if (e instanceof SafeWriteError && e.code === 'ELOOP') throw new HostError(409, `report not exported: ${e.message}`);
          if (e instanceof SafeWriteError && e.code === 'EEXIST' && !overwrite) throw e;
          throw writeFailure(e, 'report not exported', file);
        }
      };
      if (targetPath) {
        save(targetPath, true);
        return { path: targetPath };
      }
      try {
        fs.mkdirSync(exportsDir, { recursive: true });
      } catch (e) {
        throw writeFailure(e, 'report not exported', exportsDir);
      }
      checkExportsRoom(exportsDir, Buffer.byteLength(svg));
      const stamp = (now ? now() : new Date()).toISOString().replace(/[:.]/g, '-');
      const file = safeFileName(suggestedName ?? `lio-${kind}-${stamp}`, '.svg', `lio-${kind}`);
      const stem = file.slice(0, -4);
      for (let i = 1; i < 1000; i++) {
        const candidate = path.join(exportsDir, i === 1 ? file : `${stem}-${i}.svg`);
        try {
          // Never overwrite, never follow an existing symlink.
          save(candidate, false);
          return { path: candidate };
        } catch (e) {
          // The name is taken (by a file or a link): the next one.
          if (!((e instanceof SafeWriteError && e.code === 'EEXIST') || (e instanceof HostError && e.status === 409))) throw e;
        }
      }
      throw new HostError(409, 'too many exports with this name');
    },
    /** The exports directory, for a save dialog's default path. */
    defaultPath(/** @type {unknown} */ suggestedName, /** @type {string} */ kind = 'report') {
      return path.join(exportsDir, safeFileName(suggestedName, '.svg', `lio-${kind}`));
    },
  };

  const history = {
    /**
     * Start a new, empty history once the current one was found damaged: the
     * file (and its -wal) is moved aside next to it, never deleted.
     * @returns {{ moved_to: string, path: string }}
     */
    startNew() {
      if (store.readOnly) throw new HostError(409, `the run history ${store.path} was opened read-only; restart without --read-only to start a new one`);
      if (!damaged) throw new HostError(409, `the run history ${store.path} is not damaged; it is kept`);
      const file = store.path;
      const stamp = (now ? now() : new Date()).toISOString().replace(/[:.]/g, '-');
      const aside = `${file}.damaged-${stamp}`;
      store.close();
      try {
        fs.renameSync(file, aside);
        for (const ext of ['-wal', '-shm']) {
          if (fs.existsSync(file + ext)) fs.renameSync(file + ext, aside + ext);
        }
      } catch (e) {
        store = openStore({ dataDir, now, readOnly });
        throw new HostError(503, `could not move ${file} aside (${/** @type {Error} */ (e).message}); move it yourself and restart LIO Lab`);
      }
      store = openStore({ dataDir, now, readOnly });
      damaged = null;
      checked = true;
      return { moved_to: aside, path: store.path };
    },
  };

  return {
    dataDir,
    exportsDir,
    samplesDir,
    get store() {
      return store;
    },
    runs,
    scenarios,
    reports,
    history,
    close() {
      store.close();
    },
  };
}

/** @typedef {ReturnType<typeof createHostServices>} HostServices */
