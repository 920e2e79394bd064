import { describe, expect, it } from 'vitest';
import { foldedLines, stepFrame } from '../src/reports/folded.mjs';

describe('folded stacks for flame-graph tools', () => {
  const step = { index: 4, line: 12, statement: 'select v\n  from t; -- x\nwhere id = 1', folded: ['a;b 0.268', 'a;b;c 1900', 'a 0.0001'] };
  it('labels each stack with its step and keeps frames free of ; and newlines', () => {
    expect(stepFrame(step)).toBe('step 4 line 12: select v from t, -- x where id = 1');
  });
  it('writes whole-number weights (ns) and drops stacks that round to 0', () => {
    const lines = foldedLines(step);
    expect(lines).toEqual([`${stepFrame(step)};a;b 268`, `${stepFrame(step)};a;b;c 1900000`]);
    for (const l of lines) expect(l).toMatch(/^[^\n]+ \d+$/);
  });
});
