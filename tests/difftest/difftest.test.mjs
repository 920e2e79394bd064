// Issue 13: the relational subset gives SQLite's rows. A bounded slice of
// `npm run difftest` (scripts/difftest/): random tables, random queries
// (filters, IN, LIKE, BETWEEN, CASE/DECODE/NVL and string functions,
// GROUP BY/HAVING, DISTINCT, ORDER BY with NULLS FIRST/LAST, joins incl.
// LEFT JOIN, UNION ALL, ROWNUM top-N), each run in the wasm engine and in
// better-sqlite3 and compared. To see a failure:
//   npm run difftest -- --queries 3000 --seed 13 --show 5
import { describe, it, expect } from 'vitest';
import { runDifftest } from '../../scripts/difftest/runner.mjs';

describe('difftest: LIO Lab against SQLite', () => {
  it('5,000 random queries give the same rows', async () => {
    const res = await runDifftest({ queries: 5000, seed: 13, perWorld: 50, maxReported: 3 });
    expect(res.cases).toBe(5000);
    expect(res.liteErrors, JSON.stringify(res.mismatches, null, 1)).toBe(0);
    expect(res.mismatchCount, JSON.stringify(res.mismatches, null, 1)).toBe(0);
  });
});
