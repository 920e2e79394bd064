// A demo's published figures beside the simulated ones (docs/DEMOS.md):
// a published bound ("more than 6 times worse") and a ratio of two
// statements' times (`times faster than line N`).
import { describe, expect, it } from 'vitest';
import { compareExpected, parseDemo } from '../src/model/demo.mjs';

const script = [
  "LAB RUN 'select 1 from dual' FETCHSIZE 10;",
  "--@ expected times faster than line 1 > 6 source Harrison 2011",
  "LAB RUN 'select 1 from dual' FETCHSIZE 100;",
  "--@ expected consistent gets = 3",
  "select 1 from dual;",
].join('\n');

describe('published bounds and ratios', () => {
  const d = parseDemo(script);
  const [ratio] = d.beats[0].expected;
  it('reads the comparison and the source', () => {
    expect(d.errors).toEqual([]);
    expect(ratio).toMatchObject({ stat: 'times faster than line 1', op: '>', value: 6, source: 'Harrison 2011' });
    expect(d.beats[1].expected[0].op).toBe('=');
  });
  // Hand-checked: 13.35 s at line 1 against 2.00 s here is 6.675, rounded
  // to 6.68; "more than 6" holds. 3.11 s here is 4.29: it does not.
  const slow = { stats: {}, elapsed_us: 40e6, trimmed_mean_us: 13.35e6 };
  const at = (line: number) => (line === 1 ? slow : null);
  it('divides the other statement\'s trimmed mean by this one\'s', () => {
    const r = compareExpected(ratio, { stats: {}, elapsed_us: 6e6, trimmed_mean_us: 2e6 }, at);
    expect(r).toMatchObject({ simulated: 6.68, published: 6, op: '>', match: true, delta: '' });
  });
  it('says when the simulated figure falls outside the published bound', () => {
    const r = compareExpected(ratio, { stats: {}, elapsed_us: 9e6, trimmed_mean_us: 3.11e6 }, at);
    expect(r).toMatchObject({ simulated: 4.29, match: false, delta: 'not > 6' });
  });
  it('shows no figure when the other statement has not run', () => {
    expect(compareExpected(ratio, { stats: {}, elapsed_us: 1 }, () => null).simulated).toBeNull();
    expect(compareExpected(ratio, { stats: {}, elapsed_us: 1 }).simulated).toBeNull();
  });
  it('keeps an equal figure as before', () => {
    expect(compareExpected(d.beats[1].expected[0], { stats: { 'consistent gets': 3 }, elapsed_us: 1 })).toMatchObject({ match: true, op: '=' });
    expect(compareExpected(d.beats[1].expected[0], { stats: { 'consistent gets': 4 }, elapsed_us: 1 }).delta).toBe('+33.3%');
  });
  it('names the other statement in brackets, for the audience', () => {
    const [e] = parseDemo('--@ expected times faster than line 1 (fetch size 10) >= 6\nselect 1 from dual;').beats[0].expected;
    expect(e).toMatchObject({ stat: 'times faster than line 1 (fetch size 10)', op: '>=', value: 6 });
    expect(compareExpected(e, { stats: {}, elapsed_us: 2e6 }, at)).toMatchObject({ simulated: 6.68, match: true });
  });
  it('refuses a bound it cannot read', () => {
    expect(parseDemo('--@ expected times faster than line 1 >> 6\nselect 1 from dual;').errors[0].code).toBe('LAB-00061');
  });
});
