// Seed 000's flame table (issue 36): the server process only, as perf on the
// database host sampled it while the Java client ran 100,000 lookups through
// JDBC thin. `lio run --folded --server` prints those stacks; the flame
// graph's SVG export lists every function's time and share under the graph,
// so the narrow frames (kpoxihLookup, ksupucg) read off paper too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseArgs } from '../../electron/cli.mjs';
import { serverStacks } from '../../renderer/src/reports/folded.mjs';
import { FlameGraph, serverOnly } from '../../renderer/src/model/flame';
import { flameSvg } from '../../renderer/src/reports/flame';
import { diffFlame } from '../../renderer/src/model/flamediff';

// The engine's stacks for JDBC thin t4 (100,000 lookups, µs), as
// `core/tests/seed000_flame.rs` measures them.
const T4_THIN = [
  'java;T4CPreparedStatement.executeForRows 5200000',
  'java;T4CPreparedStatement.executeForRows;T4CTTIfch.doRPC 2000000',
  'network;oracle_net_roundtrip 8129920',
  'oracle;opitsk;opikndf2;nsbasic 1240000',
  'oracle;opitsk;opiodr;opiexe 1000000',
  'oracle;opitsk;opiodr;opifch2 250000',
  'oracle;opitsk;opiodr;opifch2;kksumc 790000',
  'oracle;opitsk;opiodr;ksupucg 140000',
  'oracle;opitsk;opiodr;ksupop 280000',
  'oracle;opitsk;opiodr;opifch2;qerixtFetch;kdifxs 80000',
  'oracle;opitsk;opiodr;opifch2;qerixtFetch;kdifxs;kpoxihLookup 80000',
  'oracle;opitsk;opiodr;opifch2;qerixtFetch;kdifxs;kpoxihFetch 170000',
  'oracle;opitsk;opiodr;opifch2;qertbFetchByRowID;kdsgrp 80000',
];
const SIX = ['opikndf2', 'kksumc', 'kpoxihFetch', 'ksupop', 'ksupucg', 'kpoxihLookup'];

const STEP = {
  index: 0, line: 3, column: 1, statement: "LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_thin", kind: 'workload',
  error: null, columns: [], rows: [], plan: [], stats: {}, latches: {}, waits: {}, elapsed_us: 19_440_000, folded: T4_THIN, trace_events: 0,
};

let dir = '';
let script = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-seed000-'));
  script = path.join(dir, 'thin.sql');
  fs.writeFileSync(script, `${STEP.statement};\n`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, {
    out: (s: string) => (out += s),
    err: (s: string) => (err += s),
    loadEngine: async () => ({ exec: () => ({ lio_lab: '0.1.0', steps: [STEP] }) }) as never,
  });
  return { code, out, err };
}

describe('lio run --folded --server', () => {
  it('is an option of --folded only, absent unless given', () => {
    expect(parseArgs(['run', 'a.sql', '--folded', '--server'])).toMatchObject({ folded: true, server: true });
    expect(parseArgs(['run', 'a.sql', '--folded'])).not.toHaveProperty('server');
    expect(() => parseArgs(['run', 'a.sql', '--server'])).toThrow(/--server is an option of --folded/);
    expect(() => parseArgs(['play', 'a.sql', '--server'])).toThrow(/not an option of play/);
  });

  it('prints the server process\'s stacks only, the oracle root taken off, under the step\'s frame', async () => {
    const r = await run(['run', script, '--folded', '--server']);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(10);
    const label = "step 0 line 3: LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_thin;";
    expect(lines[0]).toBe(`${label}opitsk;opikndf2;nsbasic 1240000000`);
    expect(lines.every((l) => l.startsWith(`${label}opitsk;`))).toBe(true);
    expect(r.out).not.toMatch(/java|network|oracle;/);
    // Without --server every process is there.
    expect((await run(['run', script, '--folded'])).out.trim().split('\n')).toHaveLength(13);
  });

  it('keeps the same stacks as the flame view\'s "server process only"', () => {
    expect(serverStacks(T4_THIN)).toEqual(serverOnly(T4_THIN));
  });
});

describe('the flame graph export lists the functions\' times', () => {
  const graph = FlameGraph.fromFolded(serverOnly(T4_THIN));
  const svg = flameSvg(graph, { title: 'Flame graph · t4 via jdbc_thin · server process' });
  if (process.env.LIO_SEED000_SVG) fs.writeFileSync(process.env.LIO_SEED000_SVG, svg);
  const rows = [...svg.matchAll(/<text[^>]*>([^<]+)<\/text><text[^>]*>([^<]+)<\/text><text[^>]*>([^<]+)<\/text><text[^>]*>([^<]+)<\/text>/g)]
    .map((m) => ({ name: m[1], total: m[2], share: m[3], self: m[4] }));
  it('each of seed 000\'s six functions with its time and share of the server process', () => {
    const shares: Record<string, string> = {
      opikndf2: '30.2%', kksumc: '19.2%', kpoxihFetch: '4.1%', ksupop: '6.8%', ksupucg: '3.4%', kpoxihLookup: '1.9%',
    };
    for (const f of SIX) {
      const row = rows.find((r) => r.name === f);
      expect(row, f).toBeDefined();
      expect(row?.share, f).toBe(shares[f]);
    }
    expect(rows.find((r) => r.name === 'opikndf2')?.total).toBe('1.24 s');
    expect(rows.find((r) => r.name === 'opitsk')?.share).toBe('100.0%');
  });
  it('under the graph, not under a differential one (its frames are changes)', () => {
    expect(svg).toContain('Functions by total time (top 15)');
    const d = diffFlame(serverOnly(T4_THIN.slice(0, 6)), serverOnly(T4_THIN));
    expect(flameSvg(d.graph, { title: 'diff', diff: d })).not.toContain('Functions by total time');
  });
});
