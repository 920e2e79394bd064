// Profiles for other tools (issue 35): the Export menu writes the run for
// speedscope and the step as Chrome trace events, and speedscope itself
// (the npm package's built app, served here) opens both: it names the
// profile, draws it, and reports no import error.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, launchApp, setScript, runAll, suite, assert, assertEq } from './harness.mjs';
import { selectStep } from './flows.mjs';

const s = suite('profiles');
const require = createRequire(import.meta.url);
const SPEEDSCOPE = path.dirname(require.resolve('speedscope/dist/release/index.html'));
const SCRIPT = `create table t (id number primary key, v varchar2(20));
insert into t select rownum, 'x' from dual connect by level <= 500;
commit;
select v from t where id = 7;
LAB RUN 'select v from t where id = :1' BIND 1 TO 200 SESSIONS 4;
`;

async function exportItem(page, label) {
  await page.getByRole('button', { name: /^Export/ }).click();
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: label }).click()]);
  const file = path.join(ARTIFACTS, d.suggestedFilename());
  await d.saveAs(file);
  return { name: d.suggestedFilename(), file, json: JSON.parse(readFileSync(file, 'utf8')) };
}

/** Serve speedscope's built app and the exported files from one origin. */
function serve(files) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.woff2': 'font/woff2', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain' };
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = url.startsWith('/profiles/') ? files[url.slice('/profiles/'.length)] : path.join(SPEEDSCOPE, path.normalize(url === '/' ? '/index.html' : url));
    if (!file || (!url.startsWith('/profiles/') && !file.startsWith(SPEEDSCOPE))) { res.writeHead(404).end(); return; }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch { res.writeHead(404).end(); }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` })));
}

let app;
let viewer;
let web;
try {
  app = await launchApp({ width: 1440, height: 900 });
  const { page } = app;
  let speedscope;
  let chrome;

  await s.test('the Export menu writes the run for speedscope and the step as Chrome trace events', async () => {
    await setScript(page, SCRIPT);
    await runAll(page, 180_000);
    await selectStep(page, /LAB RUN/i);
    speedscope = await exportItem(page, 'Run profile for speedscope (JSON)');
    chrome = await exportItem(page, 'Step timeline, Chrome trace events (JSON)');
    assert(/^lio-run-1\.speedscope\.json$/.test(speedscope.name), speedscope.name);
    assert(/^lio-lab-run-select-v-from-t-where-id-1-bind-\d+-trace\.json$/.test(chrome.name), chrome.name);
    const prof = speedscope.json.profiles;
    assert(prof.some((p) => p.type === 'sampled' && p.name.startsWith('step ') && p.name.includes('select v from t where id = 7')), 'the query is a sampled profile');
    assertEq(prof.filter((p) => p.type === 'evented').length, 4, 'one evented profile per session of SESSIONS 4');
    const threads = chrome.json.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => e.args.name);
    assertEq(threads.length, 4, `threads ${threads.join(', ')}`);
    assert(chrome.json.traceEvents.some((e) => e.ph === 'B' && e.name === 'CPU'), 'CPU slices');
    assert(chrome.json.traceEvents.some((e) => e.ph === 'i' && e.name === 'block get'), 'the trace\'s block gets as instants');
  });

  await s.test('speedscope opens both files', async () => {
    web = await serve({ 'run.speedscope.json': speedscope.file, 'step.trace.json': chrome.file });
    viewer = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const errors = [];
    for (const [file, expect, shot] of [['run.speedscope.json', 'LIO Lab · Run 1', 'speedscope-run'], ['step.trace.json', 'step.trace.json', 'speedscope-chrome-trace']]) {
      // A page per file: speedscope reads #profileURL when it loads.
      const v = await viewer.newPage({ viewport: { width: 1440, height: 900 } });
      v.on('pageerror', (e) => errors.push(e.message));
      v.on('console', (m) => { if (/still open|error/i.test(m.text()) && !/GL Driver/.test(m.text())) errors.push(`${file}: ${m.text()}`); });
      await v.goto(`${web.base}/index.html#profileURL=${encodeURIComponent(`${web.base}/profiles/${file}`)}`);
      await v.waitForFunction((name) => document.title.includes(name) || document.body.innerText.includes(name), expect, { timeout: 30_000 });
      await v.waitForTimeout(500);
      const text = await v.evaluate(() => document.body.innerText);
      assert(!/Something went wrong|Unrecognized format|Failed to/i.test(text), `${file}: ${text.slice(0, 300)}`);
      assert(await v.locator('canvas').count() > 0, `${file}: a flame chart is drawn`);
      await v.screenshot({ path: path.join(ARTIFACTS, `${shot}-1440x900.png`) });
      await v.close();
    }
    assertEq(errors.join('\n'), '', 'speedscope page errors');
  });

  await s.test('no page errors', async () => { assertEq(app.problems.join('\n'), '', 'problems'); });
} catch (e) {
  console.log(`not ok - profiles setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await viewer?.close();
  web?.server.close();
  await app?.close();
  s.done();
}
