// Run history, saved scenarios and notes in SQLite (better-sqlite3), with
// numbered migrations recorded in `schema_migrations` and the schema version
// in `PRAGMA user_version`.
//
// Opening fails with StoreOpenError, one sentence naming the file and what to
// do: a file that is not a database (move it aside, restore a backup), one
// written by a newer LIO Lab (refused read-write; open it read-only), one
// that cannot be opened at all. `readOnly: true` opens an existing file
// without changing it: listing and reading work, saving says why it cannot.
//
// This module only knows rows and columns. Validation, sample scenarios and
// report files live in services.mjs, which is what Electron main and the
// browser-mode host call.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
// better-sqlite3 reads this once, when it loads: `file:` URIs let a read-only
// history on read-only media open with `immutable=1` (no -shm file to create).
if (process.env.SQLITE_USE_URI === undefined) process.env.SQLITE_USE_URI = '1';

/** File name of the database inside the data directory. */
export const DB_FILE = 'lio-lab.sqlite';

/**
 * @typedef {{ version: number, name: string, sql: string }} Migration
 */

/**
 * A prepared statement taking `P` and reading rows of type `Row`.
 * @template {unknown[] | {}} [P=unknown[]]
 * @template [Row=unknown]
 * @typedef {import('better-sqlite3').Statement<P, Row>} Statement
 */

/** better-sqlite3's constructor. @typedef {typeof import('better-sqlite3')} DatabaseConstructor */

/**
 * Numbered migrations, applied in order, each once, each in a transaction.
 * Never edit a released migration: append a new one.
 * @type {readonly Migration[]}
 */
export const MIGRATIONS = Object.freeze([
  {
    version: 1,
    name: 'runs, scenarios, notes',
    sql: `
      CREATE TABLE runs (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at   TEXT    NOT NULL,
        title        TEXT    NOT NULL,
        script       TEXT    NOT NULL,
        result_json  TEXT    NOT NULL,
        summary_json TEXT    NOT NULL
      );
      CREATE INDEX runs_created_at ON runs (created_at);
      CREATE TABLE scenarios (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        name       TEXT    NOT NULL UNIQUE,
        script     TEXT    NOT NULL,
        updated_at TEXT    NOT NULL
      );
      CREATE TABLE notes (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id     INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        text       TEXT    NOT NULL,
        created_at TEXT    NOT NULL
      );
      CREATE INDEX notes_run_id ON notes (run_id);
    `,
  },
  {
    version: 2,
    name: 'runs.save_key: a save sent twice (a Retry after a lost answer) is stored once',
    sql: `
      ALTER TABLE runs ADD COLUMN save_key TEXT;
      CREATE UNIQUE INDEX runs_save_key ON runs (save_key) WHERE save_key IS NOT NULL;
    `,
  },
  {
    version: 3,
    name: 'run_traces: a saved run keeps its steps\' traces (compressed) and its catalog (step -1)',
    sql: `
      CREATE TABLE run_traces (
        run_id    INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        step      INTEGER NOT NULL,
        data      BLOB    NOT NULL,
        raw_bytes INTEGER NOT NULL,
        PRIMARY KEY (run_id, step)
      ) WITHOUT ROWID;
    `,
  },
]);

/** The schema version this build writes: the highest migration. */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/** The store could not be opened; `message` is one line for the user. */
export class StoreOpenError extends Error {
  /**
   * @param {string} message
   * @param {{ file: string, reason: string, kind: 'not-a-database'|'corrupt'|'newer-schema'|'cannot-open'|'read-only-missing' }} info
   */
  constructor(message, { file, reason, kind }) {
    super(message);
    this.name = 'StoreOpenError';
    this.code = 'LIO_DB_OPEN';
    this.file = file;
    this.reason = reason;
    this.kind = kind;
  }
}

/**
 * The one-line message for a database that cannot be opened.
 * @param {string} file @param {string} reason
 * @param {StoreOpenError['kind']} kind
 */
export function openErrorMessage(file, reason, kind) {
  const what = `cannot open the run history ${file}: ${reason}`;
  if (kind === 'newer-schema') {
    return `${what}. It was written by a newer LIO Lab: use that version, or open it read-only (--read-only, or LIO_DB_READONLY=1) to look at it without changing it.`;
  }
  if (kind === 'not-a-database') {
    return `${what}. Move it aside (a new, empty history is then created) or restore a backup of it.`;
  }
  if (kind === 'corrupt') {
    return `${what}. Restore a backup of it, open it read-only (--read-only, or LIO_DB_READONLY=1) to read what is left, or move it aside (a new, empty history is then created).`;
  }
  if (kind === 'read-only-missing') return `${what}. There is nothing to open read-only: start without --read-only (or LIO_DB_READONLY) to create it.`;
  return `${what}. Check that it is a readable file in a writable folder, move it aside, or set LIO_DATA_DIR to another folder.`;
}

/**
 * @param {unknown} e  what better-sqlite3 or fs threw
 * @returns {StoreOpenError['kind']}
 */
function openErrorKind(e) {
  const code = String(/** @type {any} */ (e)?.code ?? '');
  if (code === 'SQLITE_NOTADB') return 'not-a-database';
  if (code.startsWith('SQLITE_CORRUPT')) return 'corrupt';
  return 'cannot-open';
}

/**
 * The schema version a database was written with: `PRAGMA user_version`,
 * or for a database from before it was set, the highest recorded migration.
 * @param {import('better-sqlite3').Database} db
 */
export function writtenSchemaVersion(db) {
  const v = Number(db.pragma('user_version', { simple: true })) || 0;
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const m = hasTable ? maxMigration(db) : 0;
  return Math.max(v, m);
}

/**
 * The highest version `schema_migrations` records (0 when it is empty).
 * @param {import('better-sqlite3').Database} db
 */
function maxMigration(db) {
  const st = /** @type {Statement<[], { v: number }>} */ (db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations'));
  return Number(st.get()?.v ?? 0);
}

/**
 * Apply the migrations that `schema_migrations` does not list yet.
 * Idempotent: a second call applies nothing.
 * @param {import('better-sqlite3').Database} db
 * @param {readonly Migration[]} [migrations]
 * @returns {number[]} the versions applied by this call
 */
export function migrate(db, migrations = MIGRATIONS) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const done = new Set(
    /** @type {Statement<[], { version: number }>} */ (db.prepare('SELECT version FROM schema_migrations')).all().map((r) => r.version),
  );
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  const applied = [];
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (const m of sorted) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    })();
    applied.push(m.version);
  }
  const top = sorted.length ? sorted[sorted.length - 1].version : 0;
  if (Number(db.pragma('user_version', { simple: true })) < top) db.pragma(`user_version = ${top}`);
  return applied;
}

/**
 * @typedef {object} RunRow
 * @property {number} id
 * @property {string} created_at  ISO 8601
 * @property {string} title
 * @property {string} script
 * @property {unknown} result     the ScriptResult as saved
 * @property {unknown} summary
 */

/**
 * The columns of a row of `runs`.
 * @typedef {{ id: number, created_at: string, title: string, script: string, result_json: string, summary_json: string, save_key: string | null }} RunsRow
 */
/** @typedef {{ name: string, script: string, updated_at: string }} ScenarioRow */
/** @typedef {{ id: number, run_id: number, text: string, created_at: string }} NoteRow */
/** A saved trace part: a step's (step >= 0) or the run's catalog (step -1). @typedef {{ step: number, data: Buffer, raw_bytes: number }} TraceRow */
/** @typedef {{ step: number, bytes: number, raw_bytes: number }} TraceInfo */

/**
 * Open the database file: read-write (created and migrated when needed) or
 * read-only. Every failure is a StoreOpenError.
 * @param {string} dbPath @param {string} dataDir @param {boolean} readOnly
 * @returns {import('better-sqlite3').Database}
 */
function openDatabase(dbPath, dataDir, readOnly) {
  const Database = /** @type {DatabaseConstructor} */ (require('better-sqlite3'));
  const fail = (/** @type {string} */ reason, /** @type {StoreOpenError['kind']} */ kind) =>
    new StoreOpenError(openErrorMessage(dbPath, reason, kind), { file: dbPath, reason, kind });
  if (readOnly && dbPath !== ':memory:' && !fs.existsSync(dbPath)) throw fail('no such file', 'read-only-missing');
  /** @type {import('better-sqlite3').Database | null} */
  let db = null;
  try {
    if (!readOnly) fs.mkdirSync(dataDir, { recursive: true });
    db = readOnly ? openReadOnly(Database, dbPath) : new Database(dbPath);
    const written = writtenSchemaVersion(db); // the first read: a file that is not a database fails here
    if (!readOnly && written > SCHEMA_VERSION) {
      db.close();
      throw fail(`its schema version is ${written}; this LIO Lab knows versions up to ${SCHEMA_VERSION}`, 'newer-schema');
    }
    if (readOnly) {
      if (written === 0) throw Object.assign(new Error('it holds no LIO Lab run history'), { code: 'SQLITE_NOTADB' });
    } else {
      if (dbPath !== ':memory:') db.pragma('journal_mode = WAL');
      migrate(db);
    }
    db.pragma('foreign_keys = ON');
    return db;
  } catch (e) {
    if (db?.open) db.close();
    if (e instanceof StoreOpenError) throw e;
    const err = /** @type {NodeJS.ErrnoException} */ (e);
    throw fail(err.message || String(e), openErrorKind(e));
  }
}

/**
 * Open a history read-only. On read-only media a WAL database cannot be read
 * the usual way (SQLite must create its -shm file next to it): then it is
 * opened `immutable=1`, which reads the file as it is and never writes.
 * @param {DatabaseConstructor} Database
 * @param {string} dbPath
 * @returns {import('better-sqlite3').Database}
 */
function openReadOnly(Database, dbPath) {
  /** @type {import('better-sqlite3').Database | null} */
  let db = null;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
    writtenSchemaVersion(db); // reading is what fails on read-only media
    return db;
  } catch (e) {
    if (db?.open) db.close();
    const code = String(/** @type {any} */ (e)?.code ?? '');
    if (dbPath === ':memory:' || !/^SQLITE_(CANTOPEN|IOERR|READONLY)/.test(code)) throw e;
    return new Database(`${pathToFileURL(dbPath).href}?immutable=1`, { readonly: true, fileMustExist: true });
  }
}

/** @param {unknown} e */
const isDiskFull = (e) => /^SQLITE_FULL|^ENOSPC/.test(String(/** @type {any} */ (e)?.code ?? ''));

/**
 * The store's prepared statements; those a history opened read-only may not
 * support yet are prepared when first used.
 * @param {import('better-sqlite3').Database} db
 */
function prepareStatements(db) {
  /** @param {string} sql */
  const lazy = (sql) => {
    /** @type {Statement | null} */
    let st = null;
    return () => (st ??= db.prepare(sql));
  };
  return {
    // Prepared when first used: a history opened read-only may predate save_key.
    runInsert: lazy(
      `INSERT INTO runs (created_at, title, script, result_json, summary_json, save_key)
       VALUES (@created_at, @title, @script, @result_json, @summary_json, @save_key)
       ON CONFLICT (save_key) WHERE save_key IS NOT NULL DO NOTHING`,
    ),
    runByKey: /** @type {() => Statement<[string], Pick<RunsRow, 'id' | 'created_at'>>} */ (
      lazy('SELECT id, created_at FROM runs WHERE save_key = ?')),
    runList: /** @type {Statement<[], Pick<RunsRow, 'id' | 'created_at' | 'title' | 'summary_json'>>} */ (db.prepare(
      'SELECT id, created_at, title, summary_json FROM runs ORDER BY created_at DESC, id DESC',
    )),
    runGet: /** @type {Statement<[number], RunsRow>} */ (db.prepare('SELECT * FROM runs WHERE id = ?')),
    runDelete: db.prepare('DELETE FROM runs WHERE id = ?'),
    scenarioList: /** @type {Statement<[], Omit<ScenarioRow, 'script'>>} */ (db.prepare('SELECT name, updated_at FROM scenarios ORDER BY name')),
    scenarioGet: /** @type {Statement<[string], ScenarioRow>} */ (db.prepare('SELECT name, script, updated_at FROM scenarios WHERE name = ?')),
    scenarioUpsert: db.prepare(
      `INSERT INTO scenarios (name, script, updated_at) VALUES (@name, @script, @updated_at)
       ON CONFLICT (name) DO UPDATE SET script = excluded.script, updated_at = excluded.updated_at`,
    ),
    scenarioDelete: db.prepare('DELETE FROM scenarios WHERE name = ?'),
    // Prepared when first used: a history opened read-only may predate run_traces.
    traceUpsert: lazy(
      `INSERT INTO run_traces (run_id, step, data, raw_bytes) VALUES (?, ?, ?, ?)
       ON CONFLICT (run_id, step) DO UPDATE SET data = excluded.data, raw_bytes = excluded.raw_bytes`,
    ),
    traceGet: /** @type {() => Statement<[number, number], TraceRow>} */ (
      lazy('SELECT step, data, raw_bytes FROM run_traces WHERE run_id = ? AND step = ?')),
    traceList: /** @type {() => Statement<[number], TraceInfo>} */ (
      lazy('SELECT step, length(data) AS bytes, raw_bytes FROM run_traces WHERE run_id = ? ORDER BY step')),
    traceTotal: /** @type {() => Statement<[number, number], { n: number }>} */ (
      lazy('SELECT COALESCE(SUM(length(data)), 0) AS n FROM run_traces WHERE run_id = ? AND step <> ?')),
    traceDeleteRun: lazy('DELETE FROM run_traces WHERE run_id = ?'),
    noteInsert: db.prepare(
      'INSERT INTO notes (run_id, text, created_at) VALUES (?, ?, ?)',
    ),
    noteList: /** @type {Statement<[number], NoteRow>} */ (db.prepare(
      'SELECT id, run_id, text, created_at FROM notes WHERE run_id = ? ORDER BY id',
    )),
  };
}

/** Whether the history has the run_traces table (one opened read-only may predate it). @param {import('better-sqlite3').Database} db */
const hasTraces = (db) => !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'run_traces'").get();

/**
 * The saved traces of runs: put (replacing), get, list, total.
 * @param {import('better-sqlite3').Database} db @param {ReturnType<typeof prepareStatements>} stmt
 */
function tracesTable(db, stmt) {
  return {
    /** @param {number} runId @param {number} step @param {Buffer} data @param {number} rawBytes */
    put(runId, step, data, rawBytes) {
      stmt.traceUpsert().run(runId, step, data, rawBytes);
    },
    /** @param {number} runId @param {number} step @returns {TraceRow | null} */
    get(runId, step) {
      return hasTraces(db) ? stmt.traceGet().get(runId, step) ?? null : null;
    },
    /** @param {number} runId @returns {TraceInfo[]} */
    list(runId) {
      return hasTraces(db) ? stmt.traceList().all(runId) : [];
    },
    /** Compressed bytes the run's parts hold, but the one numbered `except`. @param {number} runId @param {number} except */
    total(runId, except) {
      return hasTraces(db) ? Number(stmt.traceTotal().get(runId, except)?.n ?? 0) : 0;
    },
  };
}

/**
 * The runs table: save (idempotent by key), list, get, delete.
 * @param {import('better-sqlite3').Database} db @param {ReturnType<typeof prepareStatements>} stmt
 * @param {string} dbPath @param {() => Date} now
 */
function runsTable(db, stmt, dbPath, now) {
  return {
    /**
     * Save a run. With a `key` (the client's, one per save it means to make),
     * saving again with the same key stores nothing and answers the first
     * save's id: a Retry after an answer that was lost makes no duplicate.
     * @param {{ title: string, script: string, result: unknown, summary: unknown, key?: string | null }} run
     * @returns {{ id: number, created_at: string }}
     */
    save({ title, script, result, summary, key = null }) {
      if (key !== null) {
        const had = stmt.runByKey().get(key);
        if (had) return { id: had.id, created_at: had.created_at };
      }
      const created_at = now().toISOString();
      const info = stmt.runInsert().run({
        created_at,
        title,
        script,
        result_json: JSON.stringify(result),
        summary_json: JSON.stringify(summary ?? null),
        save_key: key,
      });
      if (info.changes === 0 && key !== null) {
        // Nothing inserted: the key's run is stored already (ON CONFLICT DO NOTHING).
        const had = stmt.runByKey().get(key);
        if (!had) throw new Error(`the run was not saved, and no saved run has its key ${key}`);
        return { id: had.id, created_at: had.created_at };
      }
      return { id: Number(info.lastInsertRowid), created_at };
    },
    /** @returns {{ id: number, created_at: string, title: string, summary: unknown }[]} */
    list() {
      return stmt.runList.all().map((r) => ({
        id: r.id,
        created_at: r.created_at,
        title: r.title,
        summary: JSON.parse(r.summary_json),
      }));
    },
    /** @param {number} id @returns {RunRow & { notes: NoteRow[], traces: TraceInfo[] } | null} */
    get(id) {
      const r = stmt.runGet.get(id);
      if (!r) return null;
      return {
        id: r.id,
        created_at: r.created_at,
        title: r.title,
        script: r.script,
        result: JSON.parse(r.result_json),
        summary: JSON.parse(r.summary_json),
        notes: stmt.noteList.all(id),
        traces: hasTraces(db) ? stmt.traceList().all(id) : [],
      };
    },
    /**
     * Delete a run. On a full disk SQLite has no room for its write-ahead
     * log, yet deleting is how the user makes room: the delete is then done
     * with the journal in memory (journal_mode = MEMORY, one statement), and
     * the WAL restored. The pages freed take the next saves; the file does
     * not shrink.
     * @param {number} id @returns {boolean} whether a run was deleted
     */
    delete(id) {
      try {
        return db.transaction(() => {
          if (hasTraces(db)) stmt.traceDeleteRun().run(id);
          return stmt.runDelete.run(id).changes > 0;
        })();
      } catch (e) {
        if (!isDiskFull(e) || dbPath === ':memory:') throw e;
        const mode = String(db.pragma('journal_mode', { simple: true }));
        db.pragma('journal_mode = MEMORY');
        try {
          return stmt.runDelete.run(id).changes > 0;
        } finally {
          try {
            db.pragma(`journal_mode = ${mode === 'wal' ? 'WAL' : 'DELETE'}`);
          } catch {
            /* still full: the next open sets WAL again */
          }
        }
      }
    },
  };
}

/**
 * Open (creating if needed) the store in `dataDir`.
 * @param {{ dataDir: string, file?: string, now?: () => Date, readOnly?: boolean }} opts
 */
export function openStore({ dataDir, file = DB_FILE, now = () => new Date(), readOnly = false }) {
  const dbPath = file === ':memory:' ? file : path.join(dataDir, file);
  const db = openDatabase(dbPath, dataDir, readOnly);

  const stmt = prepareStatements(db);
  const runs = runsTable(db, stmt, dbPath, now);
  const traces = tracesTable(db, stmt);

  const scenarios = {
    /** @returns {{ name: string, updated_at: string }[]} */
    list() {
      return stmt.scenarioList.all();
    },
    /** @param {string} name @returns {{ name: string, script: string, updated_at: string } | null} */
    get(name) {
      return stmt.scenarioGet.get(name) ?? null;
    },
    /** @param {{ name: string, script: string }} s */
    save({ name, script }) {
      const updated_at = now().toISOString();
      stmt.scenarioUpsert.run({ name, script, updated_at });
      return { name, updated_at };
    },
    /** @param {string} name @returns {boolean} */
    delete(name) {
      return stmt.scenarioDelete.run(name).changes > 0;
    },
  };

  const notes = {
    /** @param {number} runId @param {string} text */
    add(runId, text) {
      const created_at = now().toISOString();
      const info = stmt.noteInsert.run(runId, text, created_at);
      return { id: Number(info.lastInsertRowid), run_id: runId, text, created_at };
    },
    /** @param {number} runId */
    list(runId) {
      return stmt.noteList.all(runId);
    },
  };

  return {
    db,
    path: dbPath,
    readOnly,
    runs,
    traces,
    scenarios,
    notes,
    /**
     * SQLite's quick_check: 'ok', or the first problem it found.
     * @returns {string}
     */
    quickCheck() {
      const rows = /** @type {{ quick_check: string }[]} */ (db.pragma('quick_check(1)'));
      return String(rows[0]?.quick_check ?? 'ok');
    },
    /** @returns {number} highest applied migration version */
    schemaVersion() {
      return maxMigration(db);
    },
    close() {
      if (db.open) db.close();
    },
  };
}

/** @typedef {ReturnType<typeof openStore>} Store */
