// "Why this plan" rows and picture (renderer/src/reports/why.ts) from an
// optimizer record as the engine writes it (core/tests/optimizer_trace.rs's
// first case: STATUS with two values, the index at 36.199 against the full
// scan at 8.236).
import { describe, expect, it } from 'vitest';
import type { OptimizerJoin, OptimizerTable, OptimizerTrace } from '../../renderer/src/engine/result.gen';
import { columnStatsLines, joinLine, whyRows, whySvg } from '../../renderer/src/reports/why';

const TABLE: OptimizerTable = {
  name: 'T', alias: 'T', number: 0, gathered: true, num_rows: 10000, blocks: 25, avg_row_len: 15,
  indexes: [{ name: 'T_STATUS', columns: [2], column_names: ['STATUS'], blevel: 1, leaf_blocks: 24, distinct_keys: 2, clustering_factor: 48, unique: false }],
  columns: [{ position: 2, name: 'STATUS', data_type: 'VARCHAR2', avg_len: 6, ndv: 2, nulls: 0, density: 0.5, min: null, max: null }],
  inner: false, card_original: 10000, card_computed: 5000, best: 1, view: false, view_cost: 0,
  paths: [
    { access: 'index (AllEqRange)', best_name: 'IndexRange', index: 'T_STATUS', cost: 36.199103, io: 36, cpu: 1756372, card: 5000, ix_sel: 0.5, forced: false, why: 'equality on the leading column',
      formula: 'I/O BLEVEL 0 + ceil(#LB 24 x ix_sel 0.500000) = 12 + ceil(CLUF 48 x 0.500000) = 24', nl_cost: null, refused: false },
    { access: 'TableScan', best_name: 'TableScan', index: null, cost: 8.235567, io: 8, cpu: 2078036, card: 10000, ix_sel: null, forced: false, why: 'full scan',
      formula: 'I/O ceil(25 blocks / MBRC 8 x MREADTIM 26 / SREADTIM 12) + 1 = 8', nl_cost: null, refused: false },
  ],
};
const TRACE: OptimizerTrace = {
  sql: "select * from t where status = 'OPEN'", sql_id: 'a9fyfftrpmkdm', release: '12c', level: 1,
  system: { kind: 'NOWORKLOAD', cpuspeed: 735.12, sreadtim: 12, mreadtim: 26, mbrc: 8, ioseektim: 10, iotfrspeed: 4096, block_size: 8192 },
  blocks: [{ name: 'SEL$1', tables: [TABLE], joins: [], join_order_source: 'the FROM clause (one order considered)', cost: 8, card: 5000, bytes: 60000, singles: [], orders: [], best_order: 0, permutations: 0 }],
  plan: [],
};

describe('why this plan', () => {
  it('lists the candidates cheapest first, the chosen one marked, the loser by how much more it costs', () => {
    const rows = whyRows(TABLE);
    expect(rows.map((r) => [r.label, r.chosen])).toEqual([['TableScan', true], ['index (AllEqRange) T_STATUS', false]]);
    expect(rows[0].verdict).toBe('chosen: the cheapest');
    expect(rows[1].verdict).toBe('not taken: 27.964 more');
  });
  it('a forced winner is said to be taken without comparing', () => {
    const forced = { ...TABLE, best: 0, paths: [{ ...TABLE.paths[0], forced: true }, TABLE.paths[1]] };
    const rows = whyRows(forced);
    expect(rows.find((r) => r.chosen)?.verdict).toMatch(/without comparing/);
    expect(rows.find((r) => !r.chosen)?.verdict).toBe('not taken: the chosen path is forced');
  });
  it('says which join method won and what the other cost (optimizer_trace.rs: the hash join at 11.171, the loop at 101)', () => {
    const hash: OptimizerJoin = {
      inner: 'T[B]#1', outer_card: 49, outer_cost: 3, inner_card: 10000, sel: 0.0001, card: 49, cost: 11.170873, outer_join: false,
      method: 'Hash', nl_cost: 101, hash_cost: 11.170873, inner_cost: 8, probe_card: 10000, outer_bytes: 12, inner_bytes: 12,
    };
    expect(joinLine(hash)).toBe('Hash join into T[B]#1: 49 outer rows × 10000 rows × sel 0.0001000 = 49 rows; cost 3.000 (build) + 8.000 (probe, 10000 rows) + hashing = 11.171; a nested loop would cost 101.000');
    const nl: OptimizerJoin = { ...hash, method: 'NestedLoop', cost: 101, nl_cost: 101 };
    expect(joinLine(nl)).toBe('NL join into T[B]#1: 49 outer rows × 10000 rows × sel 0.0001000 = 49 rows; cost 3.000 + 49 × inner = 101.000; a hash join would cost 11.171');
  });
  it('draws each candidate with its formula and the statistics', () => {
    const svg = whySvg(TRACE, 'Why this plan');
    expect(svg.match(/class="why-path"/g)).toHaveLength(2);
    expect(svg).toContain('data-chosen="true" data-cost="8.24"');
    expect(svg).toContain('CLUSTERING_FACTOR 48');
    expect(svg).toContain('ceil(CLUF 48 x 0.500000)');
  });
  it('shows a histogram column\'s dictionary DENSITY and the NewDensity the optimizer used (cbo_dictionary.rs: 0.0001 and 0.05)', () => {
    const col = { ...TABLE.columns[0], density: 0.05, histogram: 'FREQUENCY', old_density: 0.0001 };
    expect(columnStatsLines({ ...TABLE, columns: [col] })).toEqual(['STATUS: NDV 2 · NULLS 0 · DENSITY 0.000100 · FREQUENCY histogram, NewDensity 0.050000']);
    expect(columnStatsLines(TABLE)).toEqual(['STATUS: NDV 2 · NULLS 0 · DENSITY 0.500000']);
  });
  it('lists the join orders considered, the winner marked, and no longer says one order is costed', () => {
    const d = { ...TABLE, name: 'D', alias: 'D' };
    const orders = [
      { tables: [TABLE, d], joins: [], cost: 14.5, card: 50, aborted: false },
      { tables: [d, TABLE], joins: [], cost: 9.25, card: 50, aborted: false },
      { tables: [TABLE, d], joins: [], cost: 20, card: 50, aborted: true },
    ];
    const block = { ...TRACE.blocks[0], orders, best_order: 2, permutations: 3 };
    const svg = whySvg({ ...TRACE, blocks: [block] }, 'Why this plan');
    expect(svg).toContain('Join orders considered (3 join permutations tried)');
    expect(svg.match(/class="why-order"/g)).toHaveLength(3);
    expect(svg).toContain('<g class="why-order" data-chosen="true" data-cost="9.25">');
    expect(svg).toContain('not taken: 5.250 more');
    expect(svg).toContain('abandoned: a partial cost passed the best so far');
    expect(svg).not.toContain('one join order');
  });
});
