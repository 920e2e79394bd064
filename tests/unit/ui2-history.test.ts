// The UI's side of the host's history edges (issue 29 follow-ups):
//  - a run save carries a key made once per save, and its Retry sends the same
//    key, so a save the host stored but whose answer was lost is stored once;
//  - a damaged history (503 naming the file and the fix) is shown in the
//    History view with "Start a new history", which calls history.startNew
//    (POST /api/history/new, or the preload's lio.history.startNew) and
//    reloads the list.
// Both host paths are driven against the real host services: browser mode
// through web.mjs over HTTP, Electron through a preload object that calls
// the services as main.cjs's IPC handlers do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS host modules
import { createHostServices } from '../../electron/host/services.mjs';
// @ts-expect-error plain JS host modules
import { startWebHost } from '../../electron/web.mjs';
import { electronHost, httpHost, isDamagedHistory, keyedSave, newSaveKey, type Host, type LioPreload } from '../../renderer/src/host';
import { HistoryView, startNewHistory } from '../../renderer/src/views/HistoryView';
import type { ScriptResult } from '../../renderer/src/model/types';

const RESULT = { lio_lab: 'test', steps: [{ index: 0, statement: 'select 1 from dual', stats: { 'consistent gets': 3 } }] } as unknown as ScriptResult;
const RUN = { title: 't', script: 'select 1 from dual;', result: RESULT };

let root: string;
beforeAll(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'lio-ui2-history-')); });
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => fs.mkdtempSync(path.join(root, `d${n++}-`));

/** A history whose runs table's root pages are overwritten with garbage (as host-storage.test.mjs). */
function damage(dir: string) {
  const s = createHostServices({ dataDir: dir });
  for (let i = 0; i < 20; i++) s.runs.save({ ...RUN, title: `run ${i}` });
  const pages = s.store.db.prepare("SELECT rootpage FROM sqlite_master WHERE name IN ('runs', 'runs_created_at')").all().map((r: { rootpage: number }) => r.rootpage);
  const size = Number(s.store.db.pragma('page_size', { simple: true }));
  s.close();
  const fd = fs.openSync(path.join(dir, 'lio-lab.sqlite'), 'r+');
  for (const p of pages) fs.writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (p - 1) * size);
  fs.closeSync(fd);
}

/** A verb of the preload as the host services answer it: at once, not as a promise. */
type Sync<F> = F extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
/** The host services (electron/host/services.mjs) this preload calls. */
interface HostServices {
  runs: { [K in keyof LioPreload['runs']]: Sync<LioPreload['runs'][K]> };
  history: { startNew: Sync<NonNullable<LioPreload['history']>['startNew']> };
}

/** The preload's verbs over the host services, as main.cjs's IPC handlers call them. */
function preloadOver(services: HostServices): LioPreload {
  const call = async <T>(f: () => T) => {
    try { return f(); } catch (e) { throw new Error(`Error invoking remote method 'lio:x': HostError: ${(e as Error).message}`, { cause: e }); }
  };
  return {
    runs: {
      save: (r) => call(() => services.runs.save(r)), list: () => call(() => services.runs.list()),
      get: (id) => call(() => services.runs.get(id)), delete: (id) => call(() => services.runs.delete(id)),
    },
    scenarios: { list: async () => [], open: async () => null, save: async () => null },
    reports: { export: async () => ({}) },
    history: { startNew: () => call(() => services.history.startNew()) },
  };
}

/** Each host path over a fresh data dir: [name, host, close]. */
async function hosts(dir: () => string): Promise<[string, Host, () => Promise<void>][]> {
  const web = await startWebHost({ port: 0, dataDir: dir() });
  const services = createHostServices({ dataDir: dir() });
  return [
    ['browser mode', httpHost(web.url.replace(/\/$/, '')), () => web.close()],
    ['electron preload', electronHost(preloadOver(services)), async () => services.close()],
  ];
}

describe('a run save and its Retry', () => {
  it('a key is made per save, of the form the host takes', () => {
    const a = newSaveKey(), b = newSaveKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('a Retry after a lost answer stores the run once and answers the first id', async () => {
    for (const [name, host, close] of await hosts(freshDir)) {
      try {
        let lose = true;
        // The host stores the run; its answer does not reach the UI.
        const flaky: Pick<Host, 'saveRun'> = {
          saveRun: async (r) => { const saved = await host.saveRun(r); if (lose) { lose = false; throw new Error('the LIO Lab host did not answer'); } return saved; },
        };
        const send = keyedSave(flaky, RUN);
        await expect(send(), name).rejects.toThrow(/did not answer/);
        const retried = await send();
        const runs = await host.listRuns();
        expect(runs.length, name).toBe(1);
        expect(String(retried?.id), name).toBe(String(runs[0].id));
        // Another save (another key) is another run.
        await keyedSave(host, RUN)();
        expect((await host.listRuns()).length, name).toBe(2);
      } finally { await close(); }
    }
  });
});

describe('a damaged history', () => {
  it('the History view shows the host\'s message and "Start a new history"; the verb moves it aside and the list reloads', async () => {
    for (const [name, host, close] of await hosts(() => { const d = freshDir(); damage(d); return d; })) {
      try {
        const message = await host.listRuns().then(() => '', (e: Error) => e.message);
        expect(message, name).toMatch(/the run history .*lio-lab\.sqlite is damaged/);
        expect(message, name).not.toMatch(/Error invoking remote method|HostError/);
        expect(isDamagedHistory(message), name).toBe(true);
        const html = renderToStaticMarkup(createElement(HistoryView, { host, runs: [], error: message, onRefresh() {}, onLoad() {}, onOpenScript() {} }));
        expect(html).toContain('is damaged');
        expect(html).toMatch(/<button[^>]*>Start a new history<\/button>/);
        expect(html).not.toContain('No saved runs yet');

        let listed: unknown = null;
        const said = await startNewHistory(host, async () => { listed = await host.listRuns(); });
        expect(listed, name).toEqual([]);
        expect(said, name).toMatch(/^A new run history was started; the damaged one was kept as .*lio-lab\.sqlite\.damaged-/);
        // Saves go into the new history.
        await keyedSave(host, RUN)();
        expect((await host.listRuns()).length, name).toBe(1);
      } finally { await close(); }
    }
  });

  it('other history errors get no offer to start a new one', () => {
    expect(isDamagedHistory('runs not listed: /x/lio-lab.sqlite is locked by another program (SQLITE_BUSY); Retry in a moment')).toBe(false);
    const html = renderToStaticMarkup(createElement(HistoryView, {
      host: {} as Host, runs: [], error: 'runs not listed: reading /x failed (disk I/O error, SQLITE_IOERR); Retry, or move the file aside',
      onRefresh() {}, onLoad() {}, onOpenScript() {},
    }));
    expect(html).toContain('SQLITE_IOERR');
    expect(html).not.toContain('Start a new history');
  });
});
