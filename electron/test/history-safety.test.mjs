// The run history is never lost silently (issue 11): databases that cannot
// be opened say which file and what to do, newer schemas are refused
// read-write, failed writes carry a reason, script files are read as text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, StoreOpenError, openStore } from '../host/store.mjs';
import { HostError, LIMITS, checkExportsRoom, createHostServices, summarizeResult, writeFailure } from '../host/services.mjs';

const RESULT = { lio_lab: '0.1.0', steps: [{ index: 0, line: 1, column: 1, statement: 'select 1 from dual', kind: 'query', error: null,
  columns: ['1'], rows: [[1]], plan: [], stats: {}, latches: {}, waits: {}, elapsed_us: 5, folded: [] }] };

/** @type {string} */
let dir;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-history-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** @param {() => unknown} fn @returns {StoreOpenError} */
function openError(fn) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(StoreOpenError);
    return /** @type {StoreOpenError} */ (e);
  }
  throw new Error('expected a StoreOpenError');
}

describe('opening the run history', () => {
  it('a file that is not a database: names the file, says move it aside or restore a backup, leaves it alone', () => {
    const file = path.join(dir, 'lio-lab.sqlite');
    fs.writeFileSync(file, 'garbage '.repeat(1000));
    const e = openError(() => openStore({ dataDir: dir }));
    expect(e.kind).toBe('not-a-database');
    expect(e.message).toBe(
      `cannot open the run history ${file}: file is not a database. Move it aside (a new, empty history is then created) or restore a backup of it.`,
    );
    expect(e.message).not.toContain('\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('garbage '.repeat(1000));
    expect(fs.readdirSync(dir)).toEqual(['lio-lab.sqlite']);
  });

  it('a path that cannot be opened (a directory where the file should be)', () => {
    fs.mkdirSync(path.join(dir, 'lio-lab.sqlite'));
    const e = openError(() => openStore({ dataDir: dir }));
    expect(e.kind).toBe('cannot-open');
    expect(e.message).toMatch(/^cannot open the run history .*lio-lab\.sqlite: unable to open database file\. .*move it aside, or set LIO_DATA_DIR/);
  });

  it('records the schema version in user_version', () => {
    const s = openStore({ dataDir: dir });
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    s.close();
  });

  it('a history from a newer LIO Lab is refused read-write, opened read-only, and saves then say why', () => {
    const s = openStore({ dataDir: dir });
    s.runs.save({ title: 'kept', script: 'select 1 from dual;', result: RESULT, summary: null });
    s.db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    s.close();
    const e = openError(() => createHostServices({ dataDir: dir }));
    expect(e.kind).toBe('newer-schema');
    expect(e.message).toMatch(new RegExp(`its schema version is ${SCHEMA_VERSION + 1}; this LIO Lab knows versions up to ${SCHEMA_VERSION}\\.`));
    expect(e.message).toMatch(/open it read-only \(--read-only, or LIO_DB_READONLY=1\)/);

    const ro = createHostServices({ dataDir: dir, readOnly: true });
    expect(ro.runs.list().map((r) => r.title)).toEqual(['kept']);
    expect(() => ro.runs.save({ title: 't', script: 's', result: RESULT })).toThrow(
      /^run not saved: the run history .* was opened read-only \(--read-only or LIO_DB_READONLY=1\); restart without it to save$/,
    );
    try {
      ro.runs.save({ title: 't', script: 's', result: RESULT });
    } catch (x) {
      expect(x).toBeInstanceOf(HostError);
      expect(/** @type {HostError} */ (x).status).toBe(409);
    }
    expect(ro.runs.list()).toHaveLength(1);
    ro.close();
    expect(openStore({ dataDir: dir, readOnly: true }).db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
  });

  it('read-only needs an existing file', () => {
    const e = openError(() => openStore({ dataDir: dir, readOnly: true }));
    expect(e.kind).toBe('read-only-missing');
    expect(fs.existsSync(path.join(dir, 'lio-lab.sqlite'))).toBe(false);
  });
});

describe('writes that fail say why', () => {
  it('a database that became read-only under us: the save fails with the file and what to do', () => {
    const host = createHostServices({ dataDir: dir });
    host.runs.save({ title: 'before', script: 's', result: RESULT });
    host.store.db.pragma('query_only = ON'); // the engine's view of a file it may no longer write
    let err;
    try {
      host.runs.save({ title: 'after', script: 's', result: RESULT });
    } catch (e) {
      err = /** @type {HostError} */ (e);
    }
    expect(err).toBeInstanceOf(HostError);
    expect(err?.status).toBe(503);
    expect(err?.message).toMatch(/^run not saved: .*lio-lab\.sqlite cannot be written \(attempt to write a readonly database\); make the file and its folder writable, or move it aside, then Retry$/);
    expect(() => host.scenarios.save({ name: 'x', script: 'y' })).toThrow(/^scenario not saved: /);
    host.store.db.pragma('query_only = OFF');
    expect(host.runs.save({ title: 'retried', script: 's', result: RESULT })).toHaveProperty('id');
    expect(host.runs.list().map((r) => r.title)).toEqual(['retried', 'before']);
    host.close();
  });

  it.skipIf(process.getuid?.() === 0)('a read-only database file (chmod 444): saves fail with the reason', () => {
    const a = createHostServices({ dataDir: dir });
    a.close();
    const file = path.join(dir, 'lio-lab.sqlite');
    for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o444);
    fs.chmodSync(dir, 0o555);
    try {
      const b = createHostServices({ dataDir: dir });
      expect(() => b.runs.save({ title: 't', script: 's', result: RESULT })).toThrow(/run not saved: .*cannot be written/);
      b.close();
    } finally {
      fs.chmodSync(dir, 0o755);
      fs.chmodSync(file, 0o644);
    }
  });

  it('maps SQLite and file system codes to sentences', () => {
    const f = '/data/lio-lab.sqlite';
    const of = (/** @type {string} */ code) => writeFailure(Object.assign(new Error(`x ${code}`), { code }), 'run not saved', f);
    expect(of('SQLITE_FULL')).toMatchObject({ status: 507, message: expect.stringMatching(/disk holding .* is full.*free some space, then Retry/) });
    expect(of('SQLITE_BUSY')).toMatchObject({ status: 503, message: expect.stringMatching(/locked by another program.*Retry in a moment/) });
    expect(of('SQLITE_READONLY_DBMOVED')).toMatchObject({ status: 503 });
    expect(of('EACCES')).toMatchObject({ status: 503 });
    expect(of('SQLITE_IOERR')).toMatchObject({ status: 500, message: expect.stringContaining('(SQLITE_IOERR)') });
  });

  it('a result over the limit is refused with sizes in the message', () => {
    const host = createHostServices({ dataDir: dir });
    const big = { lio_lab: 'x', steps: [{ ...RESULT.steps[0], rows: [['y'.repeat(LIMITS.resultBytes)]] }] };
    expect(() => host.runs.save({ title: 't', script: 's', result: big })).toThrow(/^run not saved: its result is 6 MB of JSON; a saved run holds at most 6 MB$/);
    expect(() => host.runs.save({ title: 't', script: 'x'.repeat(LIMITS.scriptBytes + 1), result: RESULT })).toThrow(/script is too large \(1 MB; at most 1 MB\)/);
    host.close();
  });

  it('a saved run cut to fit counts the steps it ran, and those it kept', () => {
    expect(summarizeResult({ lio_lab: 'x', steps: RESULT.steps, steps_omitted: 41 })).toMatchObject({ steps: 42, steps_saved: 1 });
    expect(summarizeResult(RESULT)).not.toHaveProperty('steps_saved');
  });
});

describe('script files through the host', () => {
  it('drops a BOM from samples and saved scenarios; refuses a binary sample and NUL in a script', () => {
    const samples = path.join(dir, 'samples');
    fs.mkdirSync(samples);
    fs.writeFileSync(path.join(samples, 'bom.sql'), '\uFEFFselect 1 from dual;\n');
    fs.writeFileSync(path.join(samples, 'blob.sql'), Buffer.from([0x53, 0, 0, 0, 0xff]));
    const host = createHostServices({ dataDir: path.join(dir, 'data'), samplesDir: samples });
    expect(host.scenarios.open('bom')?.script).toBe('select 1 from dual;\n');
    expect(() => host.scenarios.open('blob')).toThrow(/^blob\.sql is not a text script \(a NUL byte at offset 1\); is it a binary file\?$/);
    try {
      host.scenarios.open('blob');
    } catch (e) {
      expect(/** @type {HostError} */ (e).status).toBe(422);
    }
    host.scenarios.save({ name: 'saved', script: '\uFEFFselect 2 from dual;' });
    expect(host.scenarios.open('saved')?.script).toBe('select 2 from dual;');
    expect(() => host.scenarios.save({ name: 'bad', script: 'select\u0000' })).toThrow(/script is not text \(a NUL character at offset 6\)/);
    expect(() => host.runs.save({ title: 't', script: 'a\u0000b', result: RESULT })).toThrow(/NUL character/);
    host.close();
  });
});

describe('the exports folder has a total cap', () => {
  it('refuses an export that would take it over, saying what to delete', () => {
    const exportsDir = path.join(dir, 'exports');
    fs.mkdirSync(exportsDir);
    fs.writeFileSync(path.join(exportsDir, 'old.svg'), '<svg/>');
    fs.truncateSync(path.join(exportsDir, 'old.svg'), LIMITS.exportsBytes - 10); // sparse: no real disk used
    expect(() => checkExportsRoom(exportsDir, 5)).not.toThrow();
    const host = createHostServices({ dataDir: dir, exportsDir });
    let err;
    try {
      host.reports.export({ kind: 'flame', svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>' });
    } catch (e) {
      err = /** @type {HostError} */ (e);
    }
    expect(err?.status).toBe(507);
    expect(err?.message).toBe(`the exports folder ${exportsDir} holds 1 file, 256 MB (at most 2000 files, 256 MB); delete old exports there`);
    expect(fs.readdirSync(exportsDir)).toEqual(['old.svg']);
    host.close();
  });
});
