// Differential testing: run random queries in LIO Lab's wasm engine and in
// SQLite (better-sqlite3) and compare the rows. Rows are compared as
// multisets; when the query has an ORDER BY, the engine's rows must also
// be in that order (Oracle's NULL placement); a ROWNUM top-N over a fully
// ordered view is compared row by row.
import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { loadEngine } from '../../engine-wasm/js/engine.mjs';
import { rng, makeTables, setupScripts, makeQuery } from './gen.mjs';

const EPS = 1e-9;

function sameValue(a, b) {
  if (a === null || b === null) return a === b;
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= EPS * Math.max(1, Math.abs(a), Math.abs(b));
  }
  return a === b;
}

/** A canonical text of a row, numbers rounded to 9 significant digits. */
function rowKey(row) {
  return JSON.stringify(row.map((v) => (typeof v === 'number' ? Number(v.toPrecision(9)) : v)));
}

function sameRows(a, b) {
  return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
}

/** Oracle's order of two values on one key. */
function cmpKey(x, y, k) {
  if (x === null && y === null) return 0;
  if (x === null) return k.nullsFirst ? -1 : 1;
  if (y === null) return k.nullsFirst ? 1 : -1;
  let c;
  if (typeof x === 'number' && typeof y === 'number') c = sameValue(x, y) ? 0 : x < y ? -1 : 1;
  else {
    const [bx, by] = [Buffer.from(String(x)), Buffer.from(String(y))];
    c = Buffer.compare(bx, by);
  }
  return k.desc ? -c : c;
}

function orderedBy(rows, keys) {
  for (let i = 1; i < rows.length; i++) {
    for (const k of keys) {
      const c = cmpKey(rows[i - 1][k.col], rows[i][k.col], k);
      if (c < 0) break;
      if (c > 0) return false;
    }
  }
  return true;
}

/** Compare the engine's step with SQLite's rows: null when they agree, else why not. */
export function compare(q, step, lite) {
  if (step.error) return `engine error ${step.error.code}: ${step.error.message}`;
  const got = step.rows;
  if (q.order === 'exact') {
    if (got.length !== lite.length || !got.every((r, i) => sameRows(r, lite[i]))) return 'rows differ (exact order)';
    return null;
  }
  if (got.length !== lite.length) return `row count ${got.length}, SQLite ${lite.length}`;
  const a = got.map(rowKey).sort();
  const b = lite.map(rowKey).sort();
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return 'rows differ';
  if (q.order && !orderedBy(got, q.order)) return 'rows out of ORDER BY order';
  return null;
}

/**
 * Run `queries` random queries from `seed`, `perWorld` to a set of random
 * tables. Returns { cases, mismatches: [{ world, n, oracle, sqlite, why, engine, reference }], liteErrors, ms }.
 */
export async function runDifftest({ queries = 1000, seed = 1, perWorld = 50, maxReported = 20, onProgress, dumpTo, dumpWorld } = {}) {
  const started = Date.now();
  const engine = await loadEngine();
  const mismatches = [];
  let mismatchCount = 0;
  let liteErrors = 0;
  let cases = 0;
  let nonEmpty = 0;
  for (let world = 0; cases < queries; world++) {
    const r = rng((seed * 1_000_003 + world) >>> 0);
    const tables = makeTables(r);
    const setup = setupScripts(tables);
    const db = new Database(':memory:');
    db.pragma('case_sensitive_like = ON');
    for (const s of setup.lite) db.exec(s);
    const qs = [];
    const n = Math.min(perWorld, queries - cases);
    for (let i = 0; i < n; i++) qs.push(makeQuery(r, tables));
    engine.reset();
    const script = setup.ora.join('\n') + '\n' + qs.map((q) => q.o + ';').join('\n');
    // A world that traps the engine is reproduced from this file (`--dump FILE`).
    if (dumpTo && (dumpWorld === undefined || world === dumpWorld)) writeFileSync(dumpTo, `-- difftest seed ${seed} world ${world}\n${script}\n`);
    const res = engine.exec(script);
    const steps = res.steps.slice(setup.ora.length);
    const setupErr = res.steps.slice(0, setup.ora.length).find((s) => s.error);
    if (setupErr) throw new Error(`setup failed: ${setupErr.error.code} ${setupErr.error.message}`);
    qs.forEach((q, i) => {
      cases++;
      let lite;
      try {
        lite = db.prepare(q.l).raw(true).all();
      } catch (e) {
        liteErrors++;
        if (mismatches.length < maxReported) mismatches.push({ world, n: i, oracle: q.o, sqlite: q.l, why: `SQLite: ${e.message}` });
        return;
      }
      const step = steps[i];
      if (lite.length) nonEmpty++;
      const why = step ? compare(q, step, lite) : 'no engine step';
      if (why) {
        mismatchCount++;
        if (mismatches.length < maxReported) {
          mismatches.push({
            world,
            n: i,
            oracle: q.o,
            sqlite: q.l,
            why,
            engine: step?.rows?.slice(0, 12),
            reference: lite.slice(0, 12),
            tables: setup.ora.join('\n'),
          });
        }
      }
    });
    db.close();
    onProgress?.(cases);
  }
  return { cases, nonEmpty, mismatchCount, liteErrors, mismatches, ms: Date.now() - started };
}
