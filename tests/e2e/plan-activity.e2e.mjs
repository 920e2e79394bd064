// SQL Monitor's activity bars in the plan (issue 35): each plan line's share
// of the statement's ASH samples, as Activity (%) and a bar coloured by wait
// class, its Activity Detail in the bar's title. Screenshots at 1280x720,
// 1920x1080 and 1440x900.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert } from './harness.mjs';

const SCRIPT = `create table t (id number not null, pad varchar2(100));
insert into t select rownum, rpad('x', 100) from dual connect by level <= 20000;
commit;
create index t_idx on t (id);
exec dbms_stats.gather_table_stats(user, 'T')
alter system flush buffer_cache;
LAB SET ash_sampling_interval_us = 100000;
LAB SET physical_read_us = 5000;
select /*+ index(t t_idx) */ count(pad) from t where id between 1 and 20000;
`;

const SIZES = [[1280, 720], [1920, 1080], [1440, 900]];

const s = suite('plan-activity');
for (const [width, height] of SIZES) {
  let app;
  try {
    await s.test(`${width}x${height}: the plan's lines with their Activity (%) bars`, async () => {
      app = await launchApp({ width, height });
      const { page } = app;
      await page.getByRole('button', { name: /^Run all/ }).waitFor();
      await setScript(page, SCRIPT);
      await runAll(page);
      await page.getByRole('button', { name: /^Step \d+: select/i }).last().click();
      await page.getByRole('tab', { name: 'Autotrace' }).click();
      const plan = page.getByRole('table', { name: 'Plan' });
      await plan.getByRole('columnheader', { name: 'Activity (%)' }).waitFor({ timeout: 20_000 });
      const cells = plan.locator('td.plan-activity[title]');
      const n = await cells.count();
      assert(n >= 1, `lines with activity: ${n}`);
      const titles = await cells.evaluateAll((els) => els.map((e) => e.getAttribute('title')));
      assert(titles.some((t) => /db file sequential read \(\d+\)/.test(t ?? '')), `details: ${titles.join(' | ')}`);
      // The shares are of the statement's samples: they add up to at most 100.
      const pcts = await plan.locator('td.plan-activity[title]').evaluateAll((els) => els.map((e) => Number(e.previousElementSibling?.textContent)));
      const sum = pcts.reduce((a, b) => a + b, 0);
      assert(sum > 50 && sum <= 100.01, `Activity (%) sum ${sum}`);
      // The bar fits its cell.
      const fits = await cells.evaluateAll((els) => els.every((e) => {
        const bar = e.querySelector('.activity-bar');
        return bar !== null && bar.getBoundingClientRect().width <= e.getBoundingClientRect().width + 0.5;
      }));
      assert(fits, 'bars inside their cells');
      await plan.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS, `plan-activity-${width}x${height}.png`) });
      assert(app.problems.length === 0, app.problems.join('\n'));
    });
  } finally {
    await app?.close();
  }
}
s.done();
