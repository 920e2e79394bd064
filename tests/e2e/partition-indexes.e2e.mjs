// Indexes on partitioned tables in the plan view (issue 34): the plan
// table shows DBMS_XPLAN's Pstart and Pstop columns for a partitioned
// plan (PARTITION RANGE SINGLE above TABLE ACCESS BY LOCAL INDEX ROWID),
// and none for a plan without partitions. Screenshots at 1280x720,
// 1920x1080 and 1440x900.
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
create index sales_id on sales(id) local;
create index sales_region on sales(region, amount);
set autotrace on
select amount from sales where id = 1500;
select count(*) from dual;
`;

const SIZES = [[1280, 720], [1920, 1080], [1440, 900]];

const s = suite('partition-indexes');
for (const [width, height] of SIZES) {
  let app;
  try {
    await s.test(`${width}x${height}: the plan shows Pstart and Pstop`, async () => {
      app = await launchApp({ width, height });
      const { page } = app;
      await page.getByRole('button', { name: /^Run all/ }).waitFor();
      await setScript(page, SCRIPT);
      await runAll(page);
      await page.getByRole('button', { name: /^Step \d+: select amount/i }).first().click();
      await page.getByRole('tab', { name: 'Autotrace' }).click().catch(() => {});
      const plan = page.getByRole('table', { name: 'Plan' });
      await plan.waitFor({ timeout: 15_000 });
      const text = await plan.innerText();
      assert(/Pstart/.test(text) && /Pstop/.test(text), `Pstart and Pstop headers: ${text}`);
      assert(/PARTITION RANGE SINGLE/.test(text), `the partition line: ${text}`);
      assert(/TABLE ACCESS BY LOCAL INDEX ROWID/.test(text), `the local index access: ${text}`);
      await page.screenshot({ path: path.join(ARTIFACTS, `partition-indexes-plan-${width}x${height}.png`) });
      await page.getByRole('button', { name: /^Step \d+: select count\(\*\) from dual/i }).first().click();
      await page.getByRole('tab', { name: 'Autotrace' }).click().catch(() => {});
      const plain = await page.getByRole('table', { name: 'Plan' }).innerText();
      assert(!/Pstart/.test(plain), `no Pstart without partitions: ${plain}`);
      assert(app.problems.length === 0, app.problems.join('\n'));
    });
  } finally {
    await app?.close();
  }
}
s.done();
