// Perf probe (not pass/fail): play back a 100,000-lookup workload over a
// 10,000-block table in headless Chromium (no GPU) and print frame times.
//   node tests/e2e/perf-playback.mjs [--seconds 6] [--rate 100000]
// Prints the median and p95 frame interval (rAF to rAF) and the median work
// time our scheduler spent per frame.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, waitReady } from './harness.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
const seconds = arg('seconds', 6);
const rate = arg('rate', 100000); // events per second

// Calibration D shape: 100,000 rows, 10 per block (10,000 blocks), random key order.
const SCRIPT = `-- perf: 100,000 PK lookups over a 10,000-block table
LAB VERSION 11.2.0.1;
create table t1 (id number not null, filler varchar2(700));
insert into t1 select rownum, rpad('x', 700) from dual connect by level <= 100000;
commit;
create unique index t1_idx on t1 (id);
exec dbms_stats.gather_table_stats(user, 'T1')
LAB RUN 'select filler from t1 where id = :1' BIND 1 TO 100000 VIA jdbc_oci_bequeath RUNS 1;
`;

const app = await launchApp();
const { page } = app;
try {
  await setScript(page, process.env.LIO_PERF_SCRIPT ? (await import('node:fs')).readFileSync(process.env.LIO_PERF_SCRIPT, 'utf8') : SCRIPT);
  const t0 = Date.now();
  await runAll(page, 600_000);
  console.log(`# script ran in ${Date.now() - t0} ms (wall, including the engine)`);
  const steps = page.getByRole('button', { name: /^Step \d+: LAB RUN/ });
  if (await steps.count()) await steps.last().click();
  await page.getByRole('tab', { name: 'Structure' }).click();
  await page.waitForFunction(() => Number(document.querySelector('[aria-label="Current event"]')?.getAttribute('data-pos') ?? 0) > 0, null, { timeout: 60_000 });
  const total = await page.getByRole('slider', { name: 'Trace position' }).getAttribute('max');
  const blocks = await page.evaluate(() => document.querySelector('canvas[role=img]')?.getAttribute('aria-label'));
  console.log(`# trace events: ${total}; ${blocks}`);
  await page.getByRole('button', { name: 'First event' }).click();
  await page.getByRole('combobox', { name: 'Speed' }).selectOption(String(rate));
  await page.evaluate(() => { window.__lioFrameStats.work.length = 0; });
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(300);
  const intervals = await page.evaluate((ms) => new Promise((resolve) => {
    const out = []; let last = 0; const end = performance.now() + ms;
    const f = (t) => { if (last) out.push(t - last); last = t; if (t < end) requestAnimationFrame(f); else resolve(out); };
    requestAnimationFrame(f);
  }), seconds * 1000);
  await page.screenshot({ path: path.join(ARTIFACTS, 'perf-playback.png') });
  const work = await page.evaluate(() => window.__lioFrameStats.work.slice());
  const pos = await page.getByLabel('Current event').getAttribute('data-pos');
  const q = (a, p) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN; };
  console.log(`# frames: ${intervals.length} in ${seconds}s, played to event ${pos}/${total}`);
  console.log(`median frame interval: ${q(intervals, 0.5).toFixed(2)} ms (p95 ${q(intervals, 0.95).toFixed(2)} ms, ~${(1000 / q(intervals, 0.5)).toFixed(0)} fps)`);
  console.log(`median scheduler work per frame: ${q(work, 0.5).toFixed(2)} ms (p95 ${q(work, 0.95).toFixed(2)} ms)`);
  await waitReady(page).catch(() => {});
} finally {
  await app.close();
}
