// The device view: a step that wrote redo to a small PCIe flash device
// shows its erase blocks (valid / invalid / free pages, the write frontier,
// GC in the step) and its counters; a select after a flush shows the
// device's reads. Screenshots go to artifacts/ to be looked at.
import path from 'node:path';
import { ARTIFACTS, launchApp, runAll, setScript, suite, assert, assertEq } from './harness.mjs';

const SCRIPT = `-- Redo and a table on a small PCIe flash device (64 erase blocks of 64 pages)
LAB DEVICE fl TYPE pcie_flash blocks = 64 pages_per_block = 64;
CREATE TABLESPACE fast DATAFILE '+FL' SIZE 100M;
CREATE TABLE t (id NUMBER PRIMARY KEY, v NUMBER, pad VARCHAR2(100)) TABLESPACE fast;
INSERT INTO t SELECT level, 0, RPAD('x', 100, 'x') FROM dual CONNECT BY level <= 2000;
COMMIT;
ALTER DATABASE ADD LOGFILE GROUP 4 ('+FL') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 5 ('+FL') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 6 ('+FL') SIZE 4M;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER DATABASE DROP LOGFILE GROUP 1;
ALTER DATABASE DROP LOGFILE GROUP 2;
ALTER DATABASE DROP LOGFILE GROUP 3;
LAB RUN 'UPDATE t SET v = v + 1 WHERE id = :1' BIND 1 TO 2000 AUTOCOMMIT;
LAB RUN 'UPDATE t SET v = v + 1 WHERE id = :1' BIND 1 TO 2000 AUTOCOMMIT;
ALTER SYSTEM FLUSH BUFFER_CACHE;
SELECT COUNT(*) FROM t WHERE v = 2;
`;

const SCRIPT2 = `-- The online logs on a disk with a controller write cache; a table on an Exadata cell
LAB DEVICE slow TYPE hdd cache_mb = 8;
LAB DEVICE cel TYPE exadata_cell;
CREATE TABLESPACE cs DATAFILE '+CEL' SIZE 100M;
CREATE TABLE c (id NUMBER PRIMARY KEY, v NUMBER) TABLESPACE cs;
INSERT INTO c SELECT level, 0 FROM dual CONNECT BY level <= 2000;
COMMIT;
ALTER DATABASE ADD LOGFILE GROUP 7 ('+SLOW') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 8 ('+SLOW') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 9 ('+SLOW') SIZE 4M;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER DATABASE DROP LOGFILE GROUP 4;
ALTER DATABASE DROP LOGFILE GROUP 5;
ALTER DATABASE DROP LOGFILE GROUP 6;
LAB RUN 'UPDATE c SET v = v + 1 WHERE id = :1' BIND 1 TO 2000 SESSIONS 4 AUTOCOMMIT;
ALTER SYSTEM FLUSH BUFFER_CACHE;
SELECT v FROM c WHERE id = 7;
`;

const s = suite('devices');
let app;
try {
  app = await launchApp({ width: 1280, height: 900 });
  const { page } = app;
  await s.test('a step writing redo to flash shows its erase blocks and GC', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: 'LAB RUN' }).nth(1).click();
    await page.getByRole('tab', { name: 'Autotrace' }).click();
    const region = page.getByRole('region', { name: 'Devices' });
    await region.waitFor();
    const svg = region.getByRole('img', { name: /Devices/ });
    assertEq(await svg.locator('g.device').getAttribute('data-kind'), 'pcie_flash', 'the device kind');
    const blocks = await svg.locator('g.eblock').evaluateAll((gs) => gs.map((g) => ['valid', 'invalid', 'free'].map((k) => Number(g.getAttribute(`data-${k}`)))));
    assertEq(blocks.length, 64, 'one bar per erase block');
    assert(blocks.every((b) => b[0] + b[1] + b[2] === 64), 'each block holds 64 pages');
    assert(blocks.some((b) => b[1] > 0) && blocks.some((b) => b[0] > 0), 'valid and invalid pages both shown');
    // The caption may wrap onto a second line (each line is a text.gc).
    const gc = await svg.locator('text.gc').first().textContent();
    assert(/^GC in this step: \d+ erase/.test(gc || ''), `GC caption: ${gc}`);
    const table = region.getByRole('table', { name: 'Device counters FL' });
    const names = await table.locator('tbody td:first-child').allTextContents();
    assert(names.includes('physical write total IO requests') && names.includes('erases'), `counters: ${names}`);
    // Nothing in the panel spills past its column.
    const box = await region.boundingBox();
    const svgBox = await svg.locator('svg').boundingBox();
    assert(box && svgBox && svgBox.x + svgBox.width <= box.x + box.width + 1, `svg ${JSON.stringify(svgBox)} within ${JSON.stringify(box)}`);
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: path.join(ARTIFACTS, 'devices-flash-1280.png') });
  });
  await s.test('the select after the flush reads from the device', async () => {
    await page.locator('.steps tr', { hasText: 'SELECT COUNT(*) FROM t' }).first().click();
    const region = page.getByRole('region', { name: 'Devices' });
    await region.waitFor();
    const table = region.getByRole('table', { name: 'Device counters FL' });
    const row = table.locator('tr', { hasText: 'physical read total IO requests' });
    const delta = Number((await row.locator('td').nth(1).textContent() || '0').replace(/,/g, ''));
    assert(delta > 0, `reads in the step: ${delta}`);
    assertEq(await region.locator('text.gc').first().textContent().then((t) => /^no GC in this step/.test(t || '')), true, 'no GC on a read');
  });
  await s.test('a disk shows its queue and write cache, a cell its flash and disks', async () => {
    await setScript(page, SCRIPT2);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: 'UPDATE c SET' }).first().click();
    let region = page.getByRole('region', { name: 'Devices' });
    await region.waitFor();
    const q = region.locator('g.queue');
    assert(Number(await q.getAttribute('data-max')) >= 1, 'a max queue depth');
    assert(Number(await region.locator('g.write-cache').getAttribute('data-dirty')) >= 0, 'the write cache gauge');
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: path.join(ARTIFACTS, 'devices-hdd-1280.png') });
    await page.locator('.steps tr', { hasText: 'WHERE id = 7' }).first().click();
    region = page.getByRole('region', { name: 'Devices' });
    await region.waitFor();
    assertEq(await region.locator('g.device').first().getAttribute('data-kind'), 'exadata_cell', 'the cell');
    assert(await region.locator('g.disk').count() > 1, 'the disks of the cell');
    assert(await region.locator('g.eblock').count() > 0, 'the flash of the cell');
    const names = await region.getByRole('table', { name: 'Device counters CEL' }).locator('tbody td:first-child').allTextContents();
    assert(names.includes('physical read total IO requests'), `counters: ${names}`);
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: path.join(ARTIFACTS, 'devices-cell-1280.png') });
  });
  await s.test('the structure view plays the flash device: its pages follow the playhead', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: 'LAB RUN' }).nth(1).click();
    await page.getByRole('tab', { name: 'Structure' }).click();
    const live = page.locator('.device-live');
    await live.waitFor();
    const slider = page.getByRole('slider', { name: 'Trace position' });
    await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.getAttribute('max')) > 0);
    const n = Number(await slider.getAttribute('max'));
    // Opened at the end of the trace: the end-of-step state.
    assertEq(await live.getAttribute('data-live'), 'end', 'the end of the trace shows the end of the step');
    assertEq(await live.locator('g.device').getAttribute('data-frame'), null, 'no frame at the end');
    const cells = () => live.locator('g.eblock').evaluateAll((gs) => gs.map((g) => ['valid', 'invalid', 'free'].map((k) => g.getAttribute(`data-${k}`)).join('/')).join(' '));
    const atEnd = await cells();
    const state = async (pos) => {
      await slider.fill(String(pos));
      await page.waitForFunction((p) => document.querySelector('.readout')?.getAttribute('data-pos') === String(p), pos);
      const g = live.locator('g.device');
      const head = await g.locator('text').nth(1).textContent();
      return { frame: Number(await g.getAttribute('data-frame')), cells: await cells(), head, gc: await live.locator('text.gc').first().textContent() };
    };
    const early = await state(Math.round(n * 0.2));
    const mid = await state(Math.round(n * 0.55));
    assertEq(await live.getAttribute('data-live'), 'frame', 'mid-trace shows a frame');
    assert(early.frame < mid.frame, `frames advance with the playhead: ${early.frame} -> ${mid.frame}`);
    assert(early.cells !== mid.cells && mid.cells !== atEnd, 'the erase blocks change as the trace plays');
    const writes = (h) => Number(/so far [\d,]+ reads, ([\d,]+) writes/.exec(h || '')?.[1]?.replace(/,/g, '') ?? NaN);
    assert(writes(early.head) < writes(mid.head), `writes so far grow: ${early.head} / ${mid.head}`);
    assert(/GC|erase/.test(mid.gc || ''), `a GC caption: ${mid.gc}`);
    // Playing moves the frame on by itself.
    await slider.fill(String(Math.round(n * 0.4)));
    const f0 = Number(await live.locator('g.device').getAttribute('data-frame'));
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction((f) => Number(document.querySelector('.device-live g.device')?.getAttribute('data-frame')) > f + 1, f0, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Pause' }).click();
    // Somewhere in the second half GC erases blocks: those are marked, and the caption says so.
    let gcAt = -1;
    for (let k = 0; k <= 40 && gcAt < 0; k++) {
      const pos = Math.round(n * (0.5 + k / 82));
      await slider.fill(String(pos));
      await page.waitForFunction((p) => document.querySelector('.readout')?.getAttribute('data-pos') === String(p), pos);
      if (await live.locator('g.eblock[data-erased="1"]').count() > 0) gcAt = pos;
    }
    assert(gcAt > 0, 'a frame with blocks GC erased');
    assert(/^GC now: \d+ erase/.test(await live.locator('text.gc').first().textContent() || ''), 'the GC caption names it');
    await live.scrollIntoViewIfNeeded();
    await page.locator('section.structure').screenshot({ path: path.join(ARTIFACTS, 'devices-playback-flash-1280.png') });
    // Back to the end: the end-of-step picture again.
    await page.getByRole('button', { name: 'Last event' }).click();
    await page.waitForFunction(() => document.querySelector('.device-live')?.getAttribute('data-live') === 'end');
    assertEq(await cells(), atEnd, 'the end of the trace is the end of the step');
  });
  await s.test('the structure view plays a disk: its queue follows the playhead', async () => {
    await setScript(page, SCRIPT2);
    await runAll(page, 300_000);
    await page.locator('.steps tr', { hasText: 'UPDATE c SET' }).first().click();
    await page.getByRole('tab', { name: 'Structure' }).click();
    const live = page.locator('.device-live');
    await live.waitFor();
    const slider = page.getByRole('slider', { name: 'Trace position' });
    await page.waitForFunction(() => Number(document.querySelector('input[aria-label="Trace position"]')?.getAttribute('max')) > 0);
    const n = Number(await slider.getAttribute('max'));
    const seen = [];
    for (let k = 1; k <= 12; k++) {
      const pos = Math.round((n * k) / 13);
      await slider.fill(String(pos));
      await page.waitForFunction((p) => document.querySelector('.readout')?.getAttribute('data-pos') === String(p), pos);
      const slow = live.locator('g.device[data-name="SLOW"]');
      seen.push({ frame: Number(await slow.getAttribute('data-frame')), depth: Number(await slow.locator('g.queue').getAttribute('data-depth')),
        dirty: Number(await slow.locator('g.write-cache').getAttribute('data-dirty')), label: await slow.locator('g.queue text').first().textContent() });
    }
    assert(seen.every((x, i) => i === 0 || x.frame >= seen[i - 1].frame), `frames in order: ${seen.map((x) => x.frame)}`);
    assert(new Set(seen.map((x) => x.frame)).size > 4, `several frames: ${seen.map((x) => x.frame)}`);
    assert(new Set(seen.map((x) => `${x.depth}/${x.dirty}`)).size > 1, `the disk's queue or cache changes: ${JSON.stringify(seen.map((x) => [x.depth, x.dirty]))}`);
    assert(/in flight at \+/.test(seen[5].label || ''), seen[5].label);
    // Mid-playback screenshot where the disk was busiest among those positions.
    const busiest = seen.reduce((b, x, i) => (x.depth * 1e9 + x.dirty > seen[b].depth * 1e9 + seen[b].dirty ? i : b), 0);
    await slider.fill(String(Math.round((n * (busiest + 1)) / 13)));
    await live.evaluate((el) => { el.scrollTop = 0; });
    await page.locator('section.structure').screenshot({ path: path.join(ARTIFACTS, 'devices-playback-hdd-1280.png') });
  });
  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - devices setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
