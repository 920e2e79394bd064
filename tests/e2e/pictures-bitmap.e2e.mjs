// Issue 34's picture of a bitmap index in the structure view: its leaf
// blocks hold pieces (key, start rowid, end rowid, compressed bitmap),
// drawn under the leaves; the plan's BITMAP AND combining two indexes'
// pieces and the conversion to rowids beside them; the playback lights
// the leaves read and the table blocks the rowids lead to. Screenshots at
// 1280x720, 1920x1080, 1440x900 and dark; the exported SVG drawn to PNG.
import { suite, assert } from './harness.mjs';
import { atEachSize, checkFits, checkType, exportSvg, openStructure, readout, seekTo, shot, traceLength } from './pictures.mjs';

const SCRIPT = `create table bt (id number, st varchar2(2), rg varchar2(2), pad varchar2(50));
insert into bt select rownum, 'S' || mod(rownum, 3), 'R' || mod(rownum, 5), rpad('x', 50, 'x') from dual connect by level <= 3000;
commit;
create bitmap index bt_st on bt (st);
create bitmap index bt_rg on bt (rg);
set autotrace on
select /*+ index_combine(bt) */ count(pad) from bt where st = 'S1' and rg = 'R2';
`;

const s = suite('pictures-bitmap');
await atEachSize(s, 'the pieces under the leaves, the BITMAP AND, the rowids', async (app, tag) => {
  const { page } = app;
  const pic = await openStructure(app, SCRIPT, /^Step \d+: select \/\*\+ index_combine/i);
  const label = (await pic.getAttribute('aria-label')) ?? '';
  assert(/BT_ST/.test(label) && /BT_RG/.test(label), `both bitmap indexes' pictures: ${label}`);
  await checkType(pic);
  await checkFits(page);
  await shot(page, `pictures-bitmap-${tag}-end.png`);
  const n = await traceLength(page);
  let leaf = -1;
  for (let i = 1; i <= Math.min(n, 60); i++) {
    await seekTo(page, i);
    if (/^BT_(ST|RG):\d+:index (leaf|root) block/.test((await readout(page)).event)) { leaf = i; break; }
  }
  assert(leaf > 0, 'a bitmap leaf is read');
  await shot(page, `pictures-bitmap-${tag}-leaf.png`);
  if (tag === '1280x720') {
    await seekTo(page, n);
    const svg = await exportSvg(app, 'pictures-bitmap-export.png');
    assert(svg.includes('bitmap pieces (the leaf rows)'), 'the SVG has the pieces');
    assert(svg.includes('BITMAP AND'), 'the SVG has the plan’s BITMAP AND');
  }
});
s.done();
