// Every demo in presenter mode, slide by slide, at 1920x1080, 1280x720 and
// 3840x2160 (issue 35, "presenter mode is not projector-safe"; a 4K
// projector draws the 1080p slide zoomed 2x, so its text is twice the CSS
// sizes measured here): on each slide nothing
// runs past the window and no text is under 14 CSS px (HTML and SVG alike;
// the structure and flame canvases are drawn larger on a slide: their own
// type is checked by its scale); the structure, flame, compare, autotrace
// with a sweep, and histogram views each in the projector's dark palette.
// Screenshots: tests/e2e/artifacts/views-<demo>-<slide>-<size>.png, one a
// view kind and size.
import path from 'node:path';
import { ARTIFACTS, launchApp, setScript, suite, assert, assertEq, waitReady } from './harness.mjs';
import { overflow, smallText } from './slides.mjs';

const s = suite('presenter-views');
const MIN_PX = 14;
const SIZES = [[1920, 1080], [1280, 720], [3840, 2160]];
const DEMOS = ['nested-loop-pinning-11g', 'memoptimized-story', 'fetch-size-long-link'];
let app;

const count = async (page) => (await page.locator('.presenter .p-count').textContent()).split('/').map((x) => Number(x.trim()));
const viewOf = (page) => page.locator('.presenter .p-main').getAttribute('aria-label');

/** The slide as the room sees it at each size: inside the window, no small text; a screenshot of each view kind at each size. */
async function checkSlide(page, name, slide, shot) {
  const view = (await viewOf(page)).replace('View: ', '');
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(250);
    assertEq((await overflow(page)).join('; '), '', `${name} slide ${slide} (${view}) at ${w}x${h}: past the window`);
    assertEq((await smallText(page, MIN_PX)).join('; '), '', `${name} slide ${slide} (${view}) at ${w}x${h}: text under ${MIN_PX} px`);
    // The views' own pictures are on the projector's dark background, not white blocks.
    const white = await page.locator('.presenter .p-main svg > rect:first-of-type').evaluateAll((rs) => rs.filter((r) => /^#f{3,6}$/i.test(r.getAttribute('fill') ?? '')).length);
    assertEq(white, 0, `${name} slide ${slide} (${view}) at ${w}x${h}: white pictures`);
    const sweep = await page.locator('.presenter .sweep-chart').count();
    const key = `${view}${sweep ? '-sweep' : ''}-${w}`;
    if (!shot.has(key)) {
      shot.add(key);
      await page.screenshot({ path: path.join(ARTIFACTS, `views-${name}-${slide}-${w}x${h}.png`) });
    }
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
  return view;
}

try {
  app = await launchApp({ width: 1920, height: 1080, colorScheme: 'light' });
  const { page } = app;
  const shot = new Set();
  const seen = new Set();

  for (const name of DEMOS) {
    await s.test(`${name}: every slide fits and reads at 1920x1080, 1280x720 and 3840x2160`, async () => {
      await page.getByRole('combobox', { name: 'Open sample' }).selectOption(`demo ${name}`);
      await page.waitForTimeout(200);
      await page.getByRole('button', { name: 'Present' }).click();
      await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ timeout: 300_000 });
      await waitReady(page, 300_000);
      try {
        const total = (await count(page))[1];
        for (let k = 1; k <= total; k++) {
          assertEq((await count(page))[0], k, 'slide');
          await page.waitForTimeout(150);
          await waitReady(page, 300_000);
          await page.waitForTimeout(400);
          seen.add(await checkSlide(page, name, k, shot));
          if (k < total) await page.keyboard.press('PageDown');
        }
      } finally {
        await page.setViewportSize({ width: 1920, height: 1080 });
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ state: 'detached' });
      }
    });
  }

  await s.test('a histogram slide and a sweep slide fit and read', async () => {
    await setScript(page, [
      '--@ title Waits and a sweep', 'create table t (id number primary key, n number);',
      'insert into t select rownum, 0 from dual connect by level <= 100;', 'commit;',
      '--@ say The round trips of a JDBC client, by duration.', '--@ view histogram',
      "LAB RUN 'select n from t where id = :1' BIND 1 TO 100 VIA jdbc_thin;",
      '--@ say The same lookups with more rows per fetch.', '--@ view autotrace',
      "LAB SWEEP FETCHSIZE FROM 1 TO 100 FACTOR 10 RUN 'select n from t' VIA jdbc_thin;", '',
    ].join('\n'));
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ timeout: 60_000 });
    try {
      const total = (await count(page))[1];
      for (let k = 1; k <= total; k++) {
        await page.waitForTimeout(150);
        await waitReady(page, 120_000);
        await page.waitForTimeout(300);
        seen.add(await checkSlide(page, 'waits', k, shot));
        if (k < total) await page.keyboard.press('PageDown');
      }
      await page.locator('.presenter .sweep-chart svg').waitFor();
    } finally {
      await page.keyboard.press('Escape');
    }
  });

  await s.test('every view kind was checked', async () => {
    for (const v of ['structure', 'flame', 'compare', 'autotrace', 'histogram']) assert(seen.has(v), `${v} in ${[...seen].join(', ')}`);
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - presenter-views setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
