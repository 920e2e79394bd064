// Partitioned tables in the structure view (issue 34): each partition is a
// segment of its own (TABLE:PARTITION), and a pruned scan visits only the
// partition it keeps. Screenshots at 1280x720, 1920x1080 and 1440x900.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert } from './harness.mjs';

const SCRIPT = `create table sales (id number not null, region varchar2(10), amount number)
partition by range (id) (
  partition p1 values less than (1000),
  partition p2 values less than (2000),
  partition p3 values less than (maxvalue)
);
insert into sales select level, 'R' || mod(level, 4), mod(level, 97) from dual connect by level <= 3000;
commit;
set autotrace on
select sum(amount) from sales where id between 1200 and 1300;
select count(*) from sales;
`;

const SIZES = [[1280, 720], [1920, 1080], [1440, 900]];

const s = suite('partitions');
for (const [width, height] of SIZES) {
  let app;
  try {
    await s.test(`${width}x${height}: the pruned scan reads one partition segment`, async () => {
      app = await launchApp({ width, height });
      const { page } = app;
      await page.getByRole('button', { name: /^Run all/ }).waitFor();
      await setScript(page, SCRIPT);
      await runAll(page);
      await page.getByRole('button', { name: /^Step \d+: select sum\(amount\)/i }).first().click();
      await page.getByRole('tab', { name: 'Autotrace' }).click().catch(() => {});
      await page.screenshot({ path: path.join(ARTIFACTS, `partitions-plan-${width}x${height}.png`) });
      await page.getByRole('tab', { name: 'Structure' }).click();
      const pic = page.getByRole('img', { name: /Structure picture/ });
      await pic.waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Last event' }).click().catch(() => {});
      await page.waitForTimeout(300);
      const label = await pic.getAttribute('aria-label');
      // One picture for the partitioned table, a row per partition segment
      // (renderer/src/model/structureOps.ts); which rows are read and which
      // greyed as pruned is checked in pictures-partitions.e2e.mjs.
      assert(/SALES: RANGE partitioned, 3 partitions \(each its own segment\)/.test(label ?? ''), `the picture shows SALES's partition segments: ${label}`);
      await page.screenshot({ path: path.join(ARTIFACTS, `partitions-structure-${width}x${height}.png`) });
      assert(app.problems.length === 0, app.problems.join('\n'));
    });
  } finally {
    await app?.close();
  }
}
s.done();
