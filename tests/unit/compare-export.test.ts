// Exporting from the Compare view (issue 35: "from Compare, 'Structure
// picture' exports the selected step, not A or B"): the menu offers a
// structure picture of each side, and a side's key names its run and step.
import { describe, expect, it } from 'vitest';
import { exportItems } from '../../renderer/src/views/ExportMenu';
import { compareSideStep } from '../../renderer/src/app/exportReport';
import type { SessionRun } from '../../renderer/src/session';
import type { Step } from '../../renderer/src/model/types';

describe('export menu', () => {
  it('offers a structure picture of A and of B in the Compare view, one of the step elsewhere', () => {
    const off = { sweep: false, waits: false, devices: false };
    expect(exportItems({ ...off, compare: false }).map((i) => i.label)).toEqual(['Structure picture (SVG)', 'Flame graph (SVG)', 'Statistics table (SVG)', 'One-page report (SVG)', 'Run profile for speedscope (JSON)', 'Step timeline, Chrome trace events (JSON)']);
    const cmp = exportItems({ ...off, compare: true });
    expect(cmp.filter((i) => i.kind === 'structure').map((i) => [i.label, i.side])).toEqual([['Structure picture of A (SVG)', 'a'], ['Structure picture of B (SVG)', 'b']]);
    expect(cmp.filter((i) => i.kind !== 'structure').every((i) => i.side === undefined)).toBe(true);
  });
});

describe('compare sides', () => {
  const step = (index: number) => ({ index, statement: `select ${index} from dual` }) as unknown as Step;
  const runs = [
    { id: 1, label: 'Run 1', live: false, steps: [step(0), step(3)] },
    { id: 2, label: 'Run 2', live: true, steps: [step(3), step(4)] },
  ] as unknown as SessionRun[];
  it('finds the run and step of a key, and of a workload run\'s key', () => {
    expect(compareSideStep(runs, '1:3')?.run.id).toBe(1);
    expect(compareSideStep(runs, '2:3')?.run.id).toBe(2);
    expect(compareSideStep(runs, '2:4:run2')?.step.index).toBe(4);
    expect(compareSideStep(runs, '2:9')).toBeNull();
    expect(compareSideStep(runs, '')).toBeNull();
  });
});
