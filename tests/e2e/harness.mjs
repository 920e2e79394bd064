// Shared harness for the end-to-end specs: starts the browser-mode host on a
// free port with a temporary data dir, launches the system Chromium through
// playwright-core, and reports `ok - name` / `not ok - name` lines.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startWebHost } from '../../electron/web.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = path.join(here, 'artifacts');
export const CHROMIUM = process.env.LIO_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Start host + browser; returns the page on the app, idle and ready. */
export async function launchApp({ width = 1280, height = 800, colorScheme = 'light', samplesDir = process.env.LIO_E2E_SAMPLES, distDir, query = '' } = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'lio-e2e-'));
  const host = await startWebHost({ port: 0, dataDir: path.join(tmp, 'data'), ...(samplesDir ? { samplesDir } : {}), ...(distDir ? { distDir } : {}) });
  const context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS,
    viewport: { width, height }, colorScheme, acceptDownloads: true, deviceScaleFactor: 1,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() >= 400 && !/favicon/.test(r.url())) problems.push(`http ${r.status()} ${r.url()}`); });
  await page.goto(host.url + query);
  await waitReady(page);
  const close = async () => {
    await context.close().catch(() => {});
    await host.close().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  };
  return { page, host, context, problems, close, tmp };
}

/** Wait until the engine is loaded and nothing runs (the status dot is not busy). */
export async function waitReady(page, timeout = 60_000) {
  await page.waitForFunction(() => {
    const s = document.querySelector('.status');
    return s && !s.querySelector('.dot.busy') && !/Loading engine/.test(s.textContent || '');
  }, null, { timeout });
  const t = await page.locator('.status').textContent();
  if (/Engine failed|Engine error/.test(t || '')) throw new Error(`engine not ready: ${t}`);
}

/** Replace the editor's text (CodeMirror) by typing-free insertion. */
export async function setScript(page, text) {
  const ed = page.getByRole('textbox', { name: 'SQL script' });
  await ed.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

export async function runAll(page, timeout = 120_000) {
  await page.getByRole('button', { name: /^Run all/ }).click();
  await page.waitForTimeout(50);
  await waitReady(page, timeout);
}

/** A tiny TAP-like reporter. */
export function suite(title) {
  let failed = 0, passed = 0;
  return {
    async test(name, fn) {
      const t0 = Date.now();
      try { await fn(); passed++; console.log(`ok - ${name} (${Date.now() - t0} ms)`); }
      catch (e) { failed++; console.log(`not ok - ${name}`); console.log(`  # ${String(e && e.stack || e).split('\n').slice(0, 6).join('\n  # ')}`); }
    },
    get failed() { return failed; },
    done() { console.log(`# ${title}: ${passed} passed, ${failed} failed`); if (failed) process.exitCode = 1; },
  };
}

export function assert(cond, msg) { if (!cond) throw new Error(`assertion failed: ${msg}`); }
export function assertEq(a, b, msg) { if (a !== b) throw new Error(`${msg}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`); }

/**
 * A saved run's trace parts, once the host holds at least `min` (the catalog
 * is one) and no more arrive for 1.5 s (they are sent one by one after the
 * run's row).
 */
export async function savedParts(base, id, { timeout = 60_000, min = 2, log = false } = {}) {
  const t0 = Date.now();
  let last = -1, same = 0;
  for (;;) {
    const r = await fetch(`${base}api/runs/${id}`);
    if (r.ok) {
      const run = await r.json();
      const n = (run.traces ?? []).length;
      same = n === last ? same + 1 : 0;
      last = n;
      if (n >= min && same >= 6) {
        if (log) {
          const kb = (k) => Math.round(run.traces.reduce((a, p) => a + p[k], 0) / 1024).toLocaleString('en-US');
          const big = run.traces.reduce((a, p) => (p.raw_bytes > a.raw_bytes ? p : a));
          console.log(`# run ${id}: ${n} parts kept, ${kb('bytes')} KB compressed of ${kb('raw_bytes')} KB; largest step #${big.step}: ${big.bytes.toLocaleString('en-US')} of ${big.raw_bytes.toLocaleString('en-US')} bytes`);
        }
        return run.traces;
      }
    }
    if (Date.now() - t0 > timeout) throw new Error(`run ${id}: no traces saved after ${timeout} ms (${last} parts)`);
    await new Promise((res) => setTimeout(res, 250));
  }
}
