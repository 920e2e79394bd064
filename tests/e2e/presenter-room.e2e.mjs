// Presenter mode on a 1280x720 projector, driven only by a clicker's keys
// (issue 35): every slide's caption, figures panel and slide counter stay
// inside the window; Enter / P play the slide's animation from its first
// event and pause it; B / . blank the screen black, W / , white, and any
// key brings the slide back without moving on; the Compare slide shows side
// B and the Difference column at 1280x720 and 1920x1080; a histogram slide
// draws the wait histograms in the projector's palette.
// Screenshots: tests/e2e/artifacts/room-*.png.
import path from 'node:path';
import { ARTIFACTS, launchApp, setScript, suite, assert, assertEq, waitReady } from './harness.mjs';
import { overflow } from './slides.mjs';

const s = suite('presenter-room');
let app;

const caption = (page) => page.locator('.presenter .p-caption').innerText();
const count = async (page) => (await page.locator('.presenter .p-count').textContent()).split('/').map((x) => Number(x.trim()));
const pos = (page) => page.locator('.presenter canvas[data-pos]').first().evaluate((c) => Number(c.dataset.pos));

/** The compared statistics as the room sees them: the columns cut by the slide's view, and the rows in view. */
async function compareInView(page) {
  return page.evaluate(() => {
    const table = document.querySelector('.presenter table[aria-label="Compared statistics"]');
    const scroller = table.closest('.scroll').getBoundingClientRect();
    const view = document.querySelector('.presenter .p-main').getBoundingClientRect();
    const right = Math.min(scroller.right, view.right), bottom = Math.min(scroller.bottom, view.bottom);
    const cut = [...table.querySelectorAll('thead th')].filter((th) => th.getBoundingClientRect().right > right + 1).map((th) => th.textContent);
    const rows = [...table.querySelectorAll('tbody tr')].filter((tr) => tr.getBoundingClientRect().bottom <= bottom + 1).length;
    return { cut, rows };
  });
}

async function nextUntil(page, text) {
  for (let k = 0; k < 12 && !(await caption(page)).includes(text); k++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(50);
    await waitReady(page, 300_000);
  }
  assert((await caption(page)).includes(text), `reached the slide saying "${text}"`);
}

try {
  app = await launchApp({ width: 1280, height: 720, colorScheme: 'light' });
  const { page } = app;

  await s.test('1280x720: the first slide fits, the counter on one line', async () => {
    await page.getByRole('combobox', { name: 'Open sample' }).selectOption('demo nested-loop-pinning-11g');
    await page.waitForTimeout(200);
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ timeout: 300_000 });
    await waitReady(page, 300_000);
    assertEq((await count(page))[0], 1, 'first slide');
    // The app's message ("Opened …") is in the footer, not a toast over the caption.
    assertEq(await page.locator('.toast').count(), 0, 'no floating toast over the slide');
    const notice = page.locator('.presenter .p-footer .p-notice');
    if (await notice.count()) assert(/Opened/.test(await notice.textContent()), 'the notice is the app\'s message');
    const c = await page.locator('.presenter .p-count').boundingBox();
    assert(c.height < 40, `the slide counter is one line: ${c.height}px high`);
    assertEq((await overflow(page)).join('; '), '', 'nothing past the window');
    await page.screenshot({ path: path.join(ARTIFACTS, 'room-1-intro-1280x720.png') });
  });

  await s.test('1280x720: the structure slide and its figures fit', async () => {
    await nextUntil(page, 'Probe the unique index');
    await page.locator('.presenter .canvas-wrap canvas').waitFor();
    await page.getByRole('complementary', { name: 'Simulated vs published' }).waitFor();
    await page.waitForTimeout(400);
    assertEq((await overflow(page)).join('; '), '', 'nothing past the window');
    const size = await page.locator('.presenter .p-say').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    assert(size >= 24, `caption type stays large: ${size}px`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'room-2-structure-1280x720.png') });
  });

  await s.test('the slide arrives on its first event; P plays the animation, P again pauses it', async () => {
    const slide = (await count(page))[0];
    assertEq(await pos(page), 0, 'the slide arrives on its first event (nothing lit yet)');
    await page.keyboard.press('p');
    await page.waitForTimeout(600);
    const a = await pos(page);
    assert(a > 0, `playing from the start: event ${a}`);
    await page.waitForTimeout(600);
    const b = await pos(page);
    assert(b > a, `the playhead moves: ${a} then ${b}`);
    await page.keyboard.press('p');
    await page.waitForTimeout(300);
    const c = await pos(page);
    await page.waitForTimeout(500);
    assertEq(await pos(page), c, 'paused');
    assertEq((await count(page))[0], slide, 'P does not change the slide');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    assert((await pos(page)) > c, 'Enter plays on');
    await page.keyboard.press('Enter');
  });

  await s.test('B blanks the screen black, any key brings the slide back (and only that)', async () => {
    const slide = (await count(page))[0];
    await page.keyboard.press('b');
    const blank = page.locator('.presenter .p-blank.black');
    await blank.waitFor();
    const box = await blank.boundingBox();
    assert(box.width === 1280 && box.height === 720, `covers the window: ${JSON.stringify(box)}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'room-3-blank.png') });
    await page.keyboard.press('PageDown');
    assertEq(await page.locator('.presenter .p-blank').count(), 0, 'back');
    assertEq((await count(page))[0], slide, 'the key that unblanks does not move on');
    await page.keyboard.press('.');
    await blank.waitFor();
    await page.keyboard.press('.');
    assertEq(await page.locator('.presenter .p-blank').count(), 0, '. again: back');
    await page.keyboard.press('w');
    await page.locator('.presenter .p-blank.white').waitFor();
    await page.keyboard.press('x');
    assertEq(await page.locator('.presenter .p-blank').count(), 0, 'white: back');
    assertEq((await count(page))[0], slide, 'still the same slide');
  });

  await s.test('the Compare slide shows side B and the Difference column at 1280x720', async () => {
    await nextUntil(page, 'Now probe the non-unique index');
    const table = page.getByRole('table', { name: 'Compared statistics' });
    await table.waitFor();
    await page.waitForTimeout(300);
    const seen = await compareInView(page);
    assertEq(seen.cut.join(', '), '', 'columns cut off');
    assert(seen.rows >= 4, `statistics in view: ${seen.rows} rows`);
    assertEq((await overflow(page)).join('; '), '', 'nothing past the window');
    await page.screenshot({ path: path.join(ARTIFACTS, 'room-4-compare-1280x720.png') });
  });

  await s.test('the Compare slide at 1920x1080', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(400);
    const seen = await compareInView(page);
    assertEq(seen.cut.join(', '), '', 'columns cut off');
    assert(seen.rows >= 10, `statistics in view: ${seen.rows} rows`);
    assertEq((await overflow(page)).join('; '), '', 'nothing past the window');
    await page.screenshot({ path: path.join(ARTIFACTS, 'room-5-compare-1920x1080.png') });
  });

  await s.test('a histogram slide draws the step\'s wait histograms in the projector palette, as wide as the slide', async () => {
    await page.keyboard.press('Escape');
    await setScript(page, [
      '--@ title Waits', "create table t (id number primary key, n number);",
      'insert into t select rownum, 0 from dual connect by level <= 100;', 'commit;',
      '--@ say The round trips of a JDBC client, by duration.', '--@ view histogram',
      "LAB RUN 'select n from t where id = :1' BIND 1 TO 100 VIA jdbc_thin;", '',
    ].join('\n'));
    await page.getByRole('button', { name: 'Present' }).click();
    await page.getByRole('dialog', { name: 'Presenter mode' }).waitFor({ timeout: 60_000 });
    await waitReady(page, 60_000);
    await nextUntil(page, 'round trips of a JDBC client');
    const pic = page.locator('.presenter .p-histograms svg');
    await pic.waitFor();
    const box = await pic.boundingBox();
    assert(box.width >= 1200, `as wide as the slide: ${box.width}px`);
    const bg = await pic.locator('rect').first().getAttribute('fill');
    assertEq(bg, '#0b0b0b', 'the projector\'s background, not a white block');
    assertEq(await page.locator('.presenter .p-note').count(), 0, 'no "not in the UI yet" note');
    assert((await pic.textContent()).includes('SQL*Net message from client'), 'the client round trip waits');
    await page.screenshot({ path: path.join(ARTIFACTS, 'room-6-histogram-1920x1080.png') });
    await page.keyboard.press('Escape');
  });

  await s.test('no page errors', async () => { assert(app.problems.length === 0, app.problems.join('\n')); });
} catch (e) {
  console.log(`not ok - presenter-room setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await app?.close();
  s.done();
}
