// The activity view of a SESSIONS workload (issue 35): ASH samples by wait
// class over simulated time, the top events, the plan lines' Activity (%)
// and the latch profile, with the sampling interval stated. Screenshots at
// 1280x720, 1920x1080 and 1440x900.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert } from './harness.mjs';

const SCRIPT = `create table t (id number not null, pad varchar2(100));
insert into t select rownum, rpad('x', 100) from dual connect by level <= 20000;
commit;
create unique index t_idx on t (id);
exec dbms_stats.gather_table_stats(user, 'T')
alter system flush buffer_cache;
LAB SET ash_sampling_interval_us = 200;
LAB SET cpu_count = 2;
LAB RUN 'select pad from t where id = :1' BIND 1 TO 4000 VIA plsql SESSIONS 4;
`;

const SIZES = [[1280, 720], [1920, 1080], [1440, 900]];

const s = suite('activity');
for (const [width, height] of SIZES) {
  let app;
  try {
    await s.test(`${width}x${height}: the workload's activity, sampled every 200 µs`, async () => {
      app = await launchApp({ width, height });
      const { page } = app;
      await page.getByRole('button', { name: /^Run all/ }).waitFor();
      await setScript(page, SCRIPT);
      await runAll(page);
      await page.getByRole('button', { name: /^Step \d+: LAB RUN/i }).first().click();
      await page.getByRole('tab', { name: 'Structure' }).click();
      const region = page.getByRole('region', { name: 'Activity' });
      await region.waitFor({ timeout: 20_000 });
      // Folded below 1000 px of height: open it as a trainer would.
      if ((await region.locator('details').getAttribute('open')) === null) await region.locator('summary').click();
      await region.scrollIntoViewIfNeeded();
      const interval = await page.getByTestId('ash-interval').textContent();
      assert(interval === '200 µs', `interval stated: ${interval}`);
      const text = await region.textContent();
      assert(/ON CPU/.test(text ?? ''), 'top events name ON CPU');
      assert(/TABLE ACCESS BY INDEX ROWID|INDEX UNIQUE SCAN/.test(text ?? ''), 'plan lines named');
      assert(/cache buffers chains/.test(text ?? ''), 'latch profile shown');
      await page.screenshot({ path: path.join(ARTIFACTS, `activity-${width}x${height}.png`) });
      assert(app.problems.length === 0, app.problems.join('\n'));
    });
  } finally {
    await app?.close();
  }
}
s.done();
