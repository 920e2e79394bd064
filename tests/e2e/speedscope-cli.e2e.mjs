// The flame file `lio report` exports (speedscope's JSON format), opened in
// speedscope itself: the npm package's built app (dev dependency
// `speedscope`), served from this machine, in Chromium (playwright-core).
// It must load with no import error, name the profile, draw it, and show the
// lab's frame names: speedscope's Sandwich view lists every frame by name in
// a table (the flame chart itself is a canvas), and the names of the file's
// heaviest frames must be there.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, suite, assert, assertEq } from './harness.mjs';

const s = suite('speedscope-cli');
const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SPEEDSCOPE = path.dirname(require.resolve('speedscope/dist/release/index.html'));
const SCRIPT = `create table t (id number primary key, v varchar2(20));
insert into t select rownum, 'x' from dual connect by level <= 2000;
commit;
exec dbms_stats.gather_table_stats(user, 'T')
select count(v) from t where id between 100 and 900;
`;

/** Serve speedscope's built app and one profile from one origin (loopback only). */
function serve(profile) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.woff2': 'font/woff2', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain' };
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = url === '/profile.json' ? profile : path.join(SPEEDSCOPE, path.normalize(url === '/' ? '/index.html' : url));
    if (file !== profile && !file.startsWith(SPEEDSCOPE)) { res.writeHead(404).end(); return; }
    try {
      res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    } catch { res.writeHead(404).end(); }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` })));
}

let browser;
let web;
try {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lio-speedscope-'));
  const script = path.join(dir, 'range.sql');
  writeFileSync(script, SCRIPT);
  let profile;
  let json;

  await s.test('lio report writes the run as a speedscope file', async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'electron/cli.mjs'), 'report', '--out', path.join(dir, 'out'), script], { encoding: 'utf8' });
    const name = readdirSync(path.join(dir, 'out')).find((f) => f.endsWith('.speedscope.json'));
    assert(name, 'a .speedscope.json file');
    profile = path.join(dir, 'out', name);
    json = JSON.parse(readFileSync(profile, 'utf8'));
    assertEq(json.$schema, 'https://www.speedscope.app/file-format-schema.json', 'schema');
    assert(json.shared.frames.length > 1, 'frames');
  });

  await s.test('speedscope opens it: the profile is named, drawn, and its frames listed by name', async () => {
    web = await serve(profile);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error' && !/GL Driver|favicon/.test(m.text())) errors.push(m.text()); });
    await page.goto(`${web.base}/index.html#profileURL=${encodeURIComponent(`${web.base}/profile.json`)}`);
    const title = json.name ?? json.profiles[0].name;
    await page.waitForFunction((t) => document.title.includes(t) || document.body.innerText.includes(t), title, { timeout: 30_000 });
    let text = await page.evaluate(() => document.body.innerText);
    assert(!/Something went wrong|Unrecognized format|Failed to/i.test(text), text.slice(0, 300));
    assert(await page.locator('canvas').count() > 0, 'a flame chart is drawn');
    await page.screenshot({ path: path.join(ARTIFACTS, 'speedscope-cli-timeline-1440x900.png') });
    // The Sandwich view: a table of every frame by name, heaviest first.
    await page.getByText(/Sandwich/).first().click();
    await page.waitForTimeout(500);
    text = await page.evaluate(() => document.body.innerText);
    // The heaviest frames by self weight of the first profile.
    const p = json.profiles.find((x) => x.type === 'sampled') ?? json.profiles[0];
    const self = new Map();
    if (p.type === 'sampled') p.samples.forEach((st, i) => { const f = st[st.length - 1]; self.set(f, (self.get(f) ?? 0) + p.weights[i]); });
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f]) => json.shared.frames[f].name);
    assert(top.length > 0, 'frames with weight');
    for (const name of top) assert(text.includes(name), `frame "${name}" listed in the Sandwich view`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'speedscope-cli-sandwich-1440x900.png') });
    assertEq(errors.join('\n'), '', 'speedscope page errors');
  });
} catch (e) {
  console.log(`not ok - speedscope-cli setup\n  # ${e.stack}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  web?.server.close();
  s.done();
}
