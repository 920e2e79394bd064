// The device view in the exports: the Export menu offers "Device view
// (SVG)" only for a step that used devices; it downloads the step's
// devices at its end, or, from the Structure tab during playback, at the
// playhead; the one-page report has a Devices section. The downloaded
// pictures are drawn to PNG in artifacts/ to be looked at.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';

const SAMPLE = fileURLToPath(new URL('../../samples/write-back-flash-cache.sql', import.meta.url));

const s = suite('devexport');
let app;

async function menuItems(page) {
  await page.getByRole('button', { name: /^Export/ }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

async function download(page, item) {
  await page.getByRole('button', { name: /^Export/ }).click();
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.getByRole('menuitem', { name: item }).click()]);
  const file = path.join(ARTIFACTS, `devexport-${d.suggestedFilename()}`);
  await d.saveAs(file);
  return { file, name: d.suggestedFilename(), svg: readFileSync(file, 'utf8') };
}

/** The SVG as an image in a page of its own, screenshot to artifacts/. */
async function svgToPng(svg, file) {
  const m = /<svg\b[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
  const view = await app.context.newPage();
  await view.setViewportSize({ width: Math.ceil(Number(m[1])), height: Math.min(3000, Math.ceil(Number(m[2]))) });
  await view.setContent(`<html><body style="margin:0;background:#fff"><img id="svg" alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`);
  await view.waitForFunction(() => document.getElementById('svg')?.complete);
  await view.locator('#svg').screenshot({ path: path.join(ARTIFACTS, file) });
  await view.close();
}

const devicesOf = (svg) => [...svg.matchAll(/class="device" data-name="(\w+)" data-kind="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`);

try {
  app = await launchApp({ width: 1280, height: 900 });
  const { page } = app;
  await setScript(page, readFileSync(SAMPLE, 'utf8'));
  await runAll(page, 300_000);

  await s.test('the menu offers the device view only for a step that used devices', async () => {
    await page.locator('.steps tr', { hasText: 'select event, total_waits' }).first().click();
    let items = await menuItems(page);
    assert(!items.includes('Device view (SVG)'), `no device view for a step without devices: ${items}`);
    await page.locator('.steps tr', { hasText: 'insert into t_back' }).first().click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    await page.getByRole('region', { name: 'Devices' }).waitFor();
    items = await menuItems(page);
    assert(items.includes('Device view (SVG)'), `the device view item: ${items}`);
  });

  await s.test('exports the step\'s devices at its end', async () => {
    const { name, svg } = await download(page, 'Device view (SVG)');
    assert(/-devices\.svg$/.test(name), name);
    const devs = devicesOf(svg);
    assert(devs.includes('BACK:exadata_cell') && devs.some((d) => /:hdd$/.test(d)), `devices: ${devs}`);
    assert(svg.includes('at the end of the step · simulated'), 'the heading says when');
    assert(!/data-frame=/.test(svg), 'no playback frame');
    assert((svg.match(/class="eblock"/g) ?? []).length > 0, 'the flash grid');
    // The same devices the Autotrace tab shows.
    const shown = await page.getByRole('region', { name: 'Devices' }).locator('g.device').evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-name')}:${g.getAttribute('data-kind')}`));
    assertEq(devs.join(' '), shown.join(' '), 'the exported devices are the shown ones');
    await svgToPng(svg, 'devexport-devices-end.png');
  });

  await s.test('the one-page report has a Devices section between the structures and the flame graph', async () => {
    const { svg } = await download(page, /One-page report/);
    const at = (s2) => svg.indexOf(s2);
    assert(at('>Devices</text>') > 0, 'a Devices heading');
    assert(at('>Devices</text>') < at('>Flame graph'), 'above the flame graph');
    assert(devicesOf(svg).length >= 2, 'the devices drawn');
    await svgToPng(svg, 'devexport-report.png');
  });

  await s.test('from the Structure tab during playback: the devices at the playhead', async () => {
    await page.getByRole('tab', { name: 'Structure' }).click();
    const live = page.locator('.device-live');
    await live.waitFor();
    const slider = page.getByRole('slider', { name: 'Trace position' });
    await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.getAttribute('max')) > 0);
    const n = Number(await slider.getAttribute('max'));
    const pos = Math.round(n * 0.5);
    await slider.fill(String(pos));
    await page.waitForFunction((p) => document.querySelector('.readout')?.getAttribute('data-pos') === String(p), pos);
    const shown = await live.locator('g.device').evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-name')}:${g.getAttribute('data-frame')}`));
    assert(shown.some((x) => !/:null$/.test(x)), `a frame shown at the playhead: ${shown}`);
    const { svg } = await download(page, 'Device view (SVG)');
    const frames = [...svg.matchAll(/class="device" data-name="(\w+)" data-kind="\w+"(?: data-frame="(\d+)")?/g)].map((m) => `${m[1]}:${m[2] ?? null}`);
    assertEq(frames.join(' '), shown.join(' '), 'the exported frames are the shown ones');
    assert(/into the trace \(playback position; frame \d+ of \d+\)/.test(svg), 'the heading says the playback position');
    await svgToPng(svg, 'devexport-devices-playhead.png');
    // At the end of the trace: the end of the step again.
    await page.getByRole('button', { name: 'Last event' }).click();
    await page.waitForFunction(() => document.querySelector('.device-live')?.getAttribute('data-live') === 'end');
    const end = await download(page, 'Device view (SVG)');
    assert(end.svg.includes('at the end of the step · simulated') && !/data-frame=/.test(end.svg), 'the end of the trace exports the end of the step');
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - devexport setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
