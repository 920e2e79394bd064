// The host's checks of what the renderer sends (names, ids, scripts, reports),
// its limits, its HostError and the one sentence a failed write becomes; the
// shipped samples' names. Used by services.mjs, which re-exports the public ones.

import fs from 'node:fs';
import path from 'node:path';
import { ScriptTextError, cleanScriptText } from '../script-text.mjs';

export const LIMITS = Object.freeze({
  titleChars: 200,
  /** A saved run's or scenario's script (the UI refuses bigger ones before sending). */
  scriptBytes: 1024 * 1024,
  /** A saved run's result JSON (the UI cuts rows and steps to fit: renderer/src/model/saved.ts). */
  resultBytes: 6 * 1024 * 1024,
  /** One saved step's trace, compressed (the UI leaves out bigger ones: renderer/src/model/savedTraces.ts). */
  traceBytes: 4 * 1024 * 1024,
  /** A saved run's traces and catalog, compressed, in all. */
  runTraceBytes: 16 * 1024 * 1024,
  svgBytes: 8 * 1024 * 1024,
  /** A profile export (speedscope, Chrome trace-event JSON): the builders keep theirs under PROFILE_BYTES (renderer/src/reports/profiles.ts). */
  jsonBytes: 8 * 1024 * 1024,
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

export const bad = (/** @type {string} */ msg) => new HostError(400, msg);

/** Scenario names: letters, digits, space, `_`, `.`, `-`; no path parts. */
const SCENARIO_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/;
const REPORT_KIND_RE = /^[a-z][a-z0-9-]{0,39}$/;
/** A save's idempotency key (a UUID, say), chosen by the client. */
export const SAVE_KEY_RE = /^[A-Za-z0-9_-]{8,100}$/;
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
export function checkText(s, what, maxBytes) {
  if (typeof s !== 'string') throw bad(`${what} must be a string`);
  const n = Buffer.byteLength(s);
  if (n > maxBytes) throw new HostError(413, `${what} is too large (${fmtBytes(n)}; at most ${fmtBytes(maxBytes)})`);
  return s;
}

/** @param {unknown} s @param {string} what */
export function checkScript(s, what = 'script') {
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
 * Check a report export request: an SVG picture (`svg`) or a profile as
 * JSON text (`json`: speedscope, Chrome trace events).
 * @param {unknown} req
 * @returns {{ kind: string, text: string, ext: '.svg' | '.json', suggestedName: string|undefined }}
 */
export function checkReport(req) {
  if (!req || typeof req !== 'object') throw bad('report must be an object');
  const { kind, svg, json, suggestedName } = /** @type {any} */ (req);
  if (typeof kind !== 'string' || !REPORT_KIND_RE.test(kind)) {
    throw bad('report kind must match [a-z][a-z0-9-]*');
  }
  if (suggestedName !== undefined && suggestedName !== null && typeof suggestedName !== 'string') {
    throw bad('suggestedName must be a string');
  }
  if (json !== undefined && svg === undefined) {
    checkText(json, 'json', LIMITS.jsonBytes);
    try {
      const v = JSON.parse(json);
      if (!v || typeof v !== 'object') throw new Error('not an object');
    } catch {
      throw bad('json must be a JSON object');
    }
    return { kind, text: json, ext: '.json', suggestedName: suggestedName ?? undefined };
  }
  checkText(svg, 'svg', LIMITS.svgBytes);
  if (!/^\uFEFF?\s*(<\?xml[^>]*>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s/>]/i.test(svg)) {
    throw bad('svg must be an SVG document');
  }
  return { kind, text: svg, ext: '.svg', suggestedName: suggestedName ?? undefined };
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
export function sampleFile(samplesDir, n) {
  const [dir, base] = n.startsWith(DEMO_PREFIX) ? [path.join(samplesDir, 'demos'), n.slice(DEMO_PREFIX.length)] : [samplesDir, n];
  if (!sampleNames(dir).includes(base)) return null;
  const file = path.join(dir, `${base}.sql`);
  return path.dirname(file) === path.resolve(dir) ? file : null;
}

/**
 * @param {string} dir
 * @returns {string[]} scenario names of the *.sql files in dir
 */
export function sampleNames(dir) {
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
