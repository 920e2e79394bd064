// Shared by the pictures' end-to-end specs (issue 34: partitions, hash
// join, bitmap index): run a script, open a step's Structure tab, seek the
// playback, screenshot at 1280x720, 1920x1080 and 1440x900 (and the dark
// palette a projector room uses), download the structure picture's SVG
// and draw it to PNG in artifacts/ to be looked at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, assert } from './harness.mjs';

export const SIZES = [[1280, 720, 'light'], [1920, 1080, 'light'], [1440, 900, 'light'], [1280, 720, 'dark']];

/** Run `script` and open the Structure tab of the step whose button matches `step`. */
export async function openStructure(app, script, step) {
  const { page } = app;
  await page.getByRole('button', { name: /^Run all/ }).waitFor();
  await setScript(page, script);
  await runAll(page, 180_000);
  await page.getByRole('button', { name: step }).last().click();
  await page.getByRole('tab', { name: 'Structure' }).click();
  const pic = page.getByRole('img', { name: /Structure picture/ });
  await pic.waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  return pic;
}

/** Move the playback to event `pos` (0: before the first) through the position slider. */
export async function seekTo(page, pos, settle = 250) {
  await page.getByRole('slider', { name: 'Trace position' }).evaluate((el, v) => {
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    set.call(el, String(v));
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, pos);
  await page.waitForTimeout(settle);
}

/** The readout's event (`data-event`) and its words. */
export async function readout(page) {
  const r = page.locator('.readout');
  return { event: (await r.getAttribute('data-event')) ?? '', text: (await r.textContent()) ?? '' };
}

/** Events of the trace (the slider's max). */
export async function traceLength(page) {
  return Number(await page.getByRole('slider', { name: 'Trace position' }).getAttribute('max'));
}

/** The canvas's smallest type is the existing views' (9 px badges, labels 11 px and over). */
export async function checkType(pic) {
  const min = Number(await pic.getAttribute('data-min-font'));
  assert(min >= 9, `the smallest type is 9 px or more: ${min}`);
}

/** Nothing cut off: the picture is no wider than its box (the view scrolls vertically only). */
export async function checkFits(page) {
  const { canvasW, boxW } = await page.evaluate(() => {
    const c = document.querySelector('.structure canvas');
    const w = document.querySelector('.structure .canvas-wrap');
    return { canvasW: c?.getBoundingClientRect().width ?? 0, boxW: w?.clientWidth ?? 0 };
  });
  assert(canvasW > 0 && canvasW <= boxW + 1, `the picture fits its box: ${canvasW} <= ${boxW}`);
}

/** Download the step's structure picture (SVG) and draw it to `png` in artifacts/. */
export async function exportSvg(app, png) {
  const { page } = app;
  await page.getByRole('button', { name: /^Export/ }).click();
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('menuitem', { name: 'Structure picture (SVG)' }).click()]);
  const file = path.join(ARTIFACTS, png.replace(/\.png$/, '.svg'));
  await d.saveAs(file);
  const svg = readFileSync(file, 'utf8');
  const m = /<svg\b[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  const view = await app.context.newPage();
  await view.setViewportSize({ width: Math.ceil(Number(m[1])), height: Math.min(4000, Math.ceil(Number(m[2]))) });
  await view.setContent(`<html><body style="margin:0;background:#fff"><img id="svg" alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`);
  await view.waitForFunction(() => document.getElementById('svg')?.complete);
  await view.locator('#svg').screenshot({ path: path.join(ARTIFACTS, png) });
  await view.close();
  return svg;
}

/** Launch at each size (and the dark palette), run `body(app, tag)` with the app open. */
export async function atEachSize(s, title, body) {
  for (const [width, height, colorScheme] of SIZES) {
    let app;
    const tag = `${width}x${height}${colorScheme === 'dark' ? '-dark' : ''}`;
    try {
      await s.test(`${tag}: ${title}`, async () => {
        app = await launchApp({ width, height, colorScheme });
        await body(app, tag);
        assert(app.problems.length === 0, app.problems.join('\n'));
      });
    } finally {
      await app?.close();
    }
  }
}

export const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, name) });
