// Issue 34's picture of a hash join in the structure view: the build
// rows fill the hash table's buckets, the probe rows look them up (the
// engine's operator events), and a join whose build outgrows the work
// area spills its partitions to temp (one-pass: written, then read back).
// Screenshots at 1280x720, 1920x1080, 1440x900 and dark, during the build,
// the probe and at the end; the exported SVG drawn to PNG.
import { suite, assert } from './harness.mjs';
import { atEachSize, checkFits, checkType, exportSvg, openStructure, readout, seekTo, shot, traceLength } from './pictures.mjs';

const SCRIPT = `create table t1 (k varchar2(10), v varchar2(100));
create table t2 (k varchar2(10), w varchar2(100));
insert into t1 select lpad(rownum, 10, '0'), rpad('a', 100, 'x') from dual connect by level <= 1000;
insert into t2 select lpad(rownum, 10, '0'), rpad('b', 100, 'y') from dual connect by level <= 1000;
commit;
alter session set workarea_size_policy = manual;
alter session set hash_area_size = 131072;
alter session set statistics_level = all;
select /*+ leading(t1) use_hash(t2) */ count(t1.v), count(t2.w) from t1, t2 where t1.k = t2.k;
`;

/** The first event (its data-event starting with `prefix`) from `from` on, looked for in strides of 4. */
async function firstOf(page, n, prefix, from = 1) {
  for (let i = from; i <= n; i += 4) {
    await seekTo(page, i, 60);
    if ((await readout(page)).event.startsWith(prefix)) return i;
  }
  return -1;
}

const s = suite('pictures-hashjoin');
await atEachSize(s, 'the build fills the buckets, the probe visits them, the partitions spill to temp', async (app, tag) => {
  const { page } = app;
  const pic = await openStructure(app, SCRIPT, /^Step \d+: select \/\*\+ leading/i);
  const label = (await pic.getAttribute('aria-label')) ?? '';
  assert(/HASH JOIN \(plan line 2\): build T1 → probe T2/.test(label), `the hash join's picture: ${label}`);
  await checkType(pic);
  await checkFits(page);
  await shot(page, `pictures-hashjoin-${tag}-end.png`);
  const n = await traceLength(page);
  if (tag !== '1280x720') {
    // The phases at the other sizes: the build under way, the probe under way.
    await seekTo(page, Math.round(n * 0.3));
    await shot(page, `pictures-hashjoin-${tag}-build.png`);
    await seekTo(page, Math.round(n * 0.75));
    await shot(page, `pictures-hashjoin-${tag}-probe.png`);
    return;
  }
  // The order of the phases: build rows, the build's partitions written, probe rows, the pairs read back.
  const build = await firstOf(page, n, 'hash build:2:');
  assert(build > 0, 'a build row event');
  await seekTo(page, build + 300);
  await shot(page, `pictures-hashjoin-${tag}-build.png`);
  const spill = await firstOf(page, n, 'temp write:2:', build);
  assert(spill > build, `the build's partitions are written after its rows (${spill})`);
  const probe = await firstOf(page, n, 'hash probe:2:', spill);
  assert(probe > spill, 'probe rows after the spill');
  await seekTo(page, probe + 201);
  const { text } = await readout(page);
  assert(/probe row looks up bucket \d+|block get/.test(text), `the readout says what the event is: ${text}`);
  await shot(page, `pictures-hashjoin-${tag}-probe.png`);
  const back = await firstOf(page, n, 'temp read:2:', probe);
  assert(back > probe, 'the spilled partitions are read back after the probe');
  if (tag === '1280x720') {
    await seekTo(page, n);
    const svg = await exportSvg(app, 'pictures-hashjoin-export.png');
    assert(svg.includes('one-pass: fan-out 8, 8 partitions spilled to temp'), 'the SVG says how the work area ran');
    assert(svg.includes('temp: build partitions'), 'the SVG has the partitions on temp');
  }
});
s.done();
