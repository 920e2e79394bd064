import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, openStore } from '../host/store.mjs';
import {
  checkScenarioName,
  createHostServices,
  safeFileName,
  summarizeResult,
} from '../host/services.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

/** A small ScriptResult, as the engine would return it. */
const RESULT = {
  lio_lab: '0.1.0',
  steps: [
    {
      index: 0, line: 1, column: 1, statement: 'select * from t1 where id = 1', kind: 'query',
      error: null, columns: ['ID'], rows: [[1]], plan: [], latches: {}, waits: {},
      stats: { 'consistent gets': 3, 'db block gets': 0 }, elapsed_us: 120, folded: [],
    },
    {
      index: 1, line: 2, column: 1, statement: 'select * from nosuch', kind: 'query',
      error: { code: 'ORA-00942', message: 'table or view does not exist', line: 2, column: 15 },
      columns: [], rows: [], plan: [], stats: {}, latches: {}, waits: {}, elapsed_us: 0, folded: [],
    },
  ],
};

/** @type {string} */
let dir;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-store-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('store.mjs migrations', () => {
  it('creates schema_migrations and the migration-1 tables', () => {
    const store = openStore({ dataDir: dir });
    const tables = /** @type {{ name: string }[]} */ (store.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all())
      .map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['schema_migrations', 'runs', 'scenarios', 'notes']));
    const cols = (/** @type {string} */ t) => /** @type {{ name: string }[]} */ (store.db.prepare(`PRAGMA table_info(${t})`).all()).map((c) => c.name);
    // save_key: migration 2 (idempotent saves, issue 29)
    expect(cols('runs')).toEqual(['id', 'created_at', 'title', 'script', 'result_json', 'summary_json', 'save_key']);
    expect(cols('scenarios')).toEqual(['id', 'name', 'script', 'updated_at']);
    expect(cols('notes')).toEqual(['id', 'run_id', 'text', 'created_at']);
    expect(store.schemaVersion()).toBe(MIGRATIONS.at(-1)?.version);
    store.close();
    expect(fs.existsSync(path.join(dir, 'lio-lab.sqlite'))).toBe(true);
  });

  it('is idempotent: reopening applies nothing and keeps data', () => {
    const a = openStore({ dataDir: dir });
    const { id } = a.runs.save({ title: 't', script: 's', result: RESULT, summary: null });
    expect(migrate(a.db)).toEqual([]);
    a.close();
    const b = openStore({ dataDir: dir });
    expect(/** @type {{ n: number }} */ (b.db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).n).toBe(MIGRATIONS.length);
    expect(b.runs.get(id)?.title).toBe('t');
    b.close();
  });

  it('applies only the new migrations, in order, each once', () => {
    const db = new Database(':memory:');
    const first = MIGRATIONS.slice(0, 1); // the test's own migrations 2 and 3 follow it
    const extra = [
      ...first,
      { version: 3, name: 'three', sql: 'CREATE TABLE three (x)' },
      { version: 2, name: 'two', sql: 'CREATE TABLE two (x)' },
    ];
    expect(migrate(db, first)).toEqual([1]);
    expect(migrate(db, extra)).toEqual([2, 3]);
    expect(migrate(db, extra)).toEqual([]);
    db.close();
  });

  it('rolls a failing migration back completely', () => {
    const db = new Database(':memory:');
    const broken = [...MIGRATIONS.slice(0, 1), { version: 2, name: 'broken', sql: 'CREATE TABLE ok2 (x); CREATE TABLE runs (x);' }];
    expect(() => migrate(db, broken)).toThrow();
    const names = /** @type {{ name: string }[]} */ (db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all()).map((r) => r.name);
    expect(names).not.toContain('ok2');
    expect(/** @type {{ v: number }} */ (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()).v).toBe(1);
    db.close();
  });
});

describe('store.mjs runs, scenarios, notes', () => {
  it('saves, lists (newest first), gets and deletes runs', () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const store = openStore({ dataDir: dir, now: () => new Date((t += 1000)) });
    const a = store.runs.save({ title: 'first', script: 's1', result: RESULT, summary: { steps: 2 } });
    const b = store.runs.save({ title: 'second', script: 's2', result: RESULT, summary: { steps: 2 } });
    expect(b.id).toBeGreaterThan(a.id);
    expect(store.runs.list()).toEqual([
      { id: b.id, created_at: '2026-01-01T00:00:02.000Z', title: 'second', summary: { steps: 2 } },
      { id: a.id, created_at: '2026-01-01T00:00:01.000Z', title: 'first', summary: { steps: 2 } },
    ]);
    const got = store.runs.get(a.id);
    expect(got).toMatchObject({ id: a.id, title: 'first', script: 's1', result: RESULT, notes: [] });
    expect(store.runs.get(999)).toBeNull();
    expect(store.runs.delete(a.id)).toBe(true);
    expect(store.runs.delete(a.id)).toBe(false);
    expect(store.runs.list().map((r) => r.id)).toEqual([b.id]);
    store.close();
  });

  it('upserts scenarios by name', () => {
    const store = openStore({ dataDir: dir });
    store.scenarios.save({ name: 'x', script: 'one' });
    store.scenarios.save({ name: 'x', script: 'two' });
    expect(store.scenarios.list().map((s) => s.name)).toEqual(['x']);
    expect(store.scenarios.get('x')?.script).toBe('two');
    expect(store.scenarios.get('y')).toBeNull();
    store.close();
  });

  it('keeps notes with their run and deletes them with it', () => {
    const store = openStore({ dataDir: dir });
    const { id } = store.runs.save({ title: 't', script: 's', result: RESULT, summary: null });
    store.notes.add(id, 'memopt wins');
    expect(store.runs.get(id)?.notes.map((n) => n.text)).toEqual(['memopt wins']);
    store.runs.delete(id);
    expect(/** @type {{ n: number }} */ (store.db.prepare('SELECT COUNT(*) AS n FROM notes').get()).n).toBe(0);
    store.close();
  });
});

describe('services.mjs', () => {
  /** @type {string} */
  let samples;
  /** @type {ReturnType<typeof createHostServices>} */
  let host;
  beforeEach(() => {
    samples = path.join(dir, 'samples');
    fs.mkdirSync(samples);
    fs.writeFileSync(path.join(samples, 't4-memopt.sql'), 'select 1 from dual;\n');
    fs.writeFileSync(path.join(samples, 'heap.sql'), 'select 2 from dual;\n');
    fs.writeFileSync(path.join(samples, 'notes.txt'), 'not a scenario');
    fs.writeFileSync(path.join(dir, 'secret.sql'), 'secret');
    host = createHostServices({ dataDir: path.join(dir, 'data'), samplesDir: samples });
  });
  afterEach(() => host.close());

  it('saves a run with a computed summary', () => {
    const { id } = host.runs.save({ title: '  T1 vs T4 ', script: 'select 1 from dual;', result: RESULT });
    const [item] = host.runs.list();
    expect(item).toMatchObject({ id, title: 'T1 vs T4' });
    expect(item.summary).toEqual({
      version: '0.1.0', steps: 2, errors: 1, error_codes: ['ORA-00942'], workloads: 0,
      elapsed_us: 120, consistent_gets: 3, db_block_gets: 0, physical_reads: 0,
    });
    expect(host.runs.get(String(id))?.result).toEqual(RESULT);
    expect(host.runs.delete(id)).toEqual({ deleted: true });
    expect(host.runs.delete(id)).toEqual({ deleted: false });
    expect(host.runs.get(id)).toBeNull();
  });

  it('validates what the renderer sends', () => {
    expect(() => host.runs.save(null)).toThrow(/object/);
    expect(() => host.runs.save({ title: 1, script: '', result: RESULT })).toThrow(/title/);
    expect(() => host.runs.save({ title: 't', script: 5, result: RESULT })).toThrow(/script/);
    expect(() => host.runs.save({ title: 't', script: '', result: { rows: [] } })).toThrow(/ScriptResult/);
    expect(() => host.runs.get('1 or 1=1')).toThrow(/positive integer/);
    expect(() => host.runs.get(-1)).toThrow(/positive integer/);
    expect(() => host.runs.delete(1.5)).toThrow(/positive integer/);
    expect(host.runs.save({ script: '', result: RESULT })).toHaveProperty('id');
    expect(host.runs.list()[0].title).toBe('Untitled run');
  });

  it('lists samples and saved scenarios; a saved one shadows a sample', () => {
    expect(host.scenarios.list()).toEqual([
      { name: 'heap', source: 'sample', updated_at: null },
      { name: 't4-memopt', source: 'sample', updated_at: null },
    ]);
    expect(host.scenarios.open('t4-memopt')).toEqual({ name: 't4-memopt', script: 'select 1 from dual;\n', source: 'sample' });
    expect(host.scenarios.open('t4-memopt.sql')?.name).toBe('t4-memopt');
    host.scenarios.save({ name: 'mine', script: 'select 3 from dual;' });
    host.scenarios.save({ name: 'heap', script: 'edited' });
    const list = host.scenarios.list();
    expect(list.map((s) => [s.name, s.source])).toEqual([['heap', 'saved'], ['mine', 'saved'], ['t4-memopt', 'sample']]);
    expect(host.scenarios.open('heap')).toEqual({ name: 'heap', script: 'edited', source: 'saved' });
    expect(host.scenarios.open('nope')).toBeNull();
  });

  it('lists the demos of samples/demos as "demo <name>" and opens them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-demos-'));
    fs.mkdirSync(path.join(dir, 'demos'));
    fs.writeFileSync(path.join(dir, 'a.sql'), 'select 1 from dual;\n');
    fs.writeFileSync(path.join(dir, 'demos', 'story.sql'), '--@ say hi\nselect 2 from dual;\n');
    const h = createHostServices({ dataDir: path.join(dir, 'data'), samplesDir: dir });
    try {
      expect(h.scenarios.list().map((s) => s.name)).toEqual(['a', 'demo story']);
      expect(h.scenarios.open('demo story')).toEqual({ name: 'demo story', script: '--@ say hi\nselect 2 from dual;\n', source: 'sample' });
      expect(h.scenarios.open('demo a')).toBeNull();
      expect(() => h.scenarios.open('demo ../a')).toThrow(/invalid scenario name/);
    } finally {
      h.close?.();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses scenario names that are paths', () => {
    for (const bad of ['../secret', '..', 'a/b', 'a\\b', '/etc/passwd', '', ' ', '.hidden', 'x..y', 'nul', 'a\0b', 'x'.repeat(81), 5]) {
      expect(() => host.scenarios.open(bad), String(bad)).toThrow(/invalid scenario name|must be a string/);
    }
    expect(() => host.scenarios.save({ name: '../../evil', script: 'x' })).toThrow(/invalid scenario name/);
    expect(checkScenarioName('T4 memopt (v2)'.replace(/[()]/g, ''))).toBe('T4 memopt v2');
  });

  it('exports SVG reports under safe, unique names in the exports dir', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
    const a = host.reports.export({ kind: 'flame', svg, suggestedName: '../../etc/passwd' });
    expect(path.dirname(a.path)).toBe(host.exportsDir);
    expect(path.basename(a.path)).toBe('passwd.svg');
    expect(fs.readFileSync(a.path, 'utf8')).toBe(svg);
    const b = host.reports.export({ kind: 'flame', svg, suggestedName: 'passwd.svg' });
    expect(path.basename(b.path)).toBe('passwd-2.svg');
    const c = host.reports.export({ kind: 'compare', svg });
    expect(path.basename(c.path)).toMatch(/^lio-compare-.*\.svg$/);
    expect(() => host.reports.export({ kind: 'flame', svg: '<html></html>' })).toThrow(/SVG/);
    expect(() => host.reports.export({ kind: '../x', svg })).toThrow(/kind/);
    expect(() => host.reports.export({ kind: 'flame', svg, suggestedName: 3 })).toThrow(/suggestedName/);
  });

  it('exports profiles (speedscope, Chrome trace) as JSON files', () => {
    const json = JSON.stringify({ traceEvents: [] });
    const a = host.reports.export({ kind: 'chrome-trace', json, suggestedName: 'lio-x-trace.json' });
    expect(path.basename(a.path)).toBe('lio-x-trace.json');
    expect(fs.readFileSync(a.path, 'utf8')).toBe(json);
    expect(path.basename(host.reports.export({ kind: 'chrome-trace', json, suggestedName: 'lio-x-trace.json' }).path)).toBe('lio-x-trace-2.json');
    expect(() => host.reports.export({ kind: 'speedscope', json: 'not json' })).toThrow(/JSON object/);
    expect(() => host.reports.export({ kind: 'speedscope', json: '3' })).toThrow(/JSON object/);
  });

  it('writes to an explicit target path (Electron save dialog)', () => {
    const target = path.join(dir, 'chosen.svg');
    expect(host.reports.export({ kind: 'flame', svg: '<svg/>' }, { targetPath: target })).toEqual({ path: target });
    expect(fs.readFileSync(target, 'utf8')).toBe('<svg/>');
  });
});

describe('safeFileName', () => {
  it('keeps plain names and forces the extension', () => {
    expect(safeFileName('t4 flame', '.svg')).toBe('t4 flame.svg');
    expect(safeFileName('t4.SVG', '.svg')).toBe('t4.svg');
  });
  it('strips directories, control and special characters', () => {
    expect(safeFileName('..\\..\\win.ini', '.svg')).toBe('win.ini.svg');
    expect(safeFileName('a/b/../c', '.svg')).toBe('c.svg');
    expect(safeFileName('x\u0000y<>|:*?"z', '.svg')).toBe('xy-z.svg');
    expect(safeFileName('...', '.svg')).toBe('report.svg');
    expect(safeFileName('CON', '.svg')).toBe('report.svg');
    expect(safeFileName(undefined, '.svg', 'lio-flame')).toBe('lio-flame.svg');
    expect(safeFileName('a'.repeat(300), '.svg')).toHaveLength(104);
  });
});

describe('summarizeResult', () => {
  it('copes with odd input', () => {
    expect(summarizeResult(null)).toMatchObject({ steps: 0, errors: 0, version: null });
  });
});
