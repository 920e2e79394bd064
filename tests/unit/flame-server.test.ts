// The flame graph of the server process only (issue 36: seed 000 profiled the
// Oracle server process with perf while the Java client ran): the `oracle`
// root taken off, the client's and the network's stacks left out.
import { describe, expect, it } from 'vitest';
import { FlameGraph, serverOnly } from '../../renderer/src/model/flame';

describe('server process only', () => {
  const folded = [
    'java;T4CPreparedStatement.executeForRows 52',
    'network;oracle_net_roundtrip 42.8',
    'oracle;opitsk;opikndf2;nsbasic_brc 6',
    'oracle;opitsk;opiodr;kksumc 9',
    'oracle 0.5',
    'oracleish;x 1',
  ];
  it('keeps the server\'s stacks from opitsk down, as perf shows them', () => {
    expect(serverOnly(folded)).toEqual(['opitsk;opikndf2;nsbasic_brc 6', 'opitsk;opiodr;kksumc 9']);
  });
  it('its graph\'s total is the server\'s time (15 of 110.3 us here)', () => {
    const g = FlameGraph.fromFolded(serverOnly(folded));
    expect(g.total).toBeCloseTo(15, 6);
  });
});
