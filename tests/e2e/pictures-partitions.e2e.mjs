// Issue 34's picture of a partitioned table in the structure view: each
// partition its own segment (a row of its blocks), the pruned ones greyed,
// the plan's Pstart / Pstop above, the LOCAL index partitions beside their
// table partitions; the playback lights the read partition's index and
// table blocks. Screenshots at 1280x720, 1920x1080, 1440x900 and dark;
// the exported SVG drawn to PNG.
import { suite, assert } from './harness.mjs';
import { atEachSize, checkFits, checkType, exportSvg, openStructure, readout, seekTo, shot, traceLength } from './pictures.mjs';

const SCRIPT = `create table orders (order_id number not null, status varchar2(8), total number)
partition by range (order_id) (
  partition q1 values less than (1000), partition q2 values less than (2000),
  partition q3 values less than (3000), partition q4 values less than (maxvalue)
);
insert into orders select level, 'S' || mod(level, 3), mod(level, 89) from dual connect by level <= 4000;
commit;
create index orders_id on orders(order_id) local;
set autotrace on
select sum(total) from orders where order_id between 1200 and 1210;
`;

const s = suite('pictures-partitions');
await atEachSize(s, 'a pruned scan reads one partition; the others are greyed', async (app, tag) => {
  const { page } = app;
  const pic = await openStructure(app, SCRIPT, /^Step \d+: select sum\(total\)/i);
  const label = (await pic.getAttribute('aria-label')) ?? '';
  assert(/ORDERS: RANGE partitioned, 4 partitions/.test(label), `the partitioned table's picture: ${label}`);
  await checkType(pic);
  await checkFits(page);
  await shot(page, `pictures-partitions-${tag}.png`);
  // Played from the start: every block visit is of partition Q2's segments (its index and table partitions).
  const n = await traceLength(page);
  assert(n > 0, 'a trace');
  const seen = new Set();
  for (let i = 1; i <= n; i++) {
    await seekTo(page, i, 60);
    const { event } = await readout(page);
    // A table partition's segment is TABLE:PARTITION; the local index's partitions are named by their index.
    if (/^ORDERS:/.test(event)) seen.add(event.split(':').slice(0, 2).join(':'));
    if (/^ORDERS_ID:/.test(event)) seen.add('ORDERS_ID');
    if (i === Math.ceil(n / 2)) await shot(page, `pictures-partitions-${tag}-mid.png`);
    if (i > 300) break;
  }
  assert([...seen].every((x) => /:Q2$|^ORDERS_ID$/.test(x)) && seen.has('ORDERS:Q2') && seen.has('ORDERS_ID'), `only Q2's segments are visited: ${[...seen]}`);
  if (tag === '1280x720') {
    const svg = await exportSvg(app, 'pictures-partitions-export.png');
    assert(svg.includes('Pstart 2 · Pstop 2'), 'the SVG shows Pstart / Pstop');
    assert(svg.includes('fill-opacity="0.35"'), 'the SVG greys the pruned partitions');
  }
});
s.done();
