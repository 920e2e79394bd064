// Host services behind one interface: the Electron preload (window.lio) when
// present, else the browser-mode host's HTTP API on the same origin.

export interface ScenarioInfo { name: string; source?: 'sample' | 'saved'; updated_at?: string | null }
export interface Scenario { name: string; script: string }
import type { ScriptResult } from './model/types';

export interface RunTotals { version?: string | null; steps?: number; errors?: number; workloads?: number;
  elapsed_us?: number; consistent_gets?: number; physical_reads?: number }
export interface RunSummary { id: string | number; title?: string; created_at?: string; summary?: RunTotals }
export interface NewRun { title: string; script: string; result: ScriptResult }
/** A save as sent: `key` is made once per save and sent again by its Retry, so the host stores it once. */
export interface RunSave extends NewRun { key?: string }
/** A saved trace part the host holds: a step's trace, or the run's catalog (step -1); `bytes` compressed. */
export interface TraceInfo { step: number; bytes: number; raw_bytes: number }
export interface SavedRun extends NewRun { id: string | number; created_at?: string; summary?: RunTotals; traces?: TraceInfo[] }
/** A trace part as it crosses to the host and back: its compressed bytes in base64 (model/savedTraces.ts). */
export interface SavedTrace { step: number; data: string; raw_bytes: number }
export type ReportKind = 'structure' | 'flame' | 'stats' | 'report' | 'sweep' | 'waits' | 'devices' | 'why';
/** Profiles for other tools, exported as JSON: the run for speedscope, the step as Chrome trace events. */
export type ProfileKind = 'speedscope' | 'chrome-trace';
export type ExportKind = ReportKind | ProfileKind;
/** An SVG picture (`svg`) or a profile (`json`). */
export type ExportRequest = { kind: ExportKind; suggestedName: string } & ({ svg: string; json?: undefined } | { json: string; svg?: undefined });

export interface LioPreload {
  runs: { save(run: NewRun): Promise<unknown>; list(): Promise<RunSummary[]>; get(id: string | number): Promise<SavedRun | null>; delete(id: string | number): Promise<unknown>;
    putTrace?(t: SavedTrace & { id: string | number }): Promise<unknown>; getTrace?(t: { id: string | number; step: number }): Promise<SavedTrace | null> };
  scenarios: { list(): Promise<ScenarioInfo[]>; open(name: string): Promise<Scenario | null>; save(s: Scenario): Promise<unknown> };
  reports: { export(req: ExportRequest): Promise<{ path?: string | null; canceled?: boolean } | null | undefined> };
  history?: { startNew(): Promise<{ moved_to?: string; path?: string } | null | undefined> };
}

export interface Host {
  kind: 'electron' | 'http';
  listScenarios(): Promise<ScenarioInfo[]>;
  openScenario(name: string): Promise<Scenario>;
  saveScenario(s: Scenario): Promise<void>;
  saveRun(run: RunSave): Promise<{ id?: string | number } | null>;
  listRuns(): Promise<RunSummary[]>;
  getRun(id: string | number): Promise<SavedRun>;
  deleteRun(id: string | number): Promise<void>;
  /** Keep one part of a saved run's traces. */
  putRunTrace(id: string | number, t: SavedTrace): Promise<void>;
  /** A part of a saved run's traces; null when the run has none under that step. */
  getRunTrace(id: string | number, step: number): Promise<SavedTrace | null>;
  /** Move a damaged run history aside (kept next to it) and start an empty one. */
  startNewHistory(): Promise<{ moved_to?: string; path?: string }>;
  /** `copyError`: browser mode downloaded the file but the host could not keep its copy. */
  exportReport(req: ExportRequest): Promise<{ path?: string | null; canceled?: boolean; copyError?: string }>;
}

/** A fetch to the host; a network failure becomes a sentence that says so. */
async function request(url: string, init?: RequestInit): Promise<Response> {
  try { return await fetch(url, init); } catch (e) {
    throw new Error(`the LIO Lab host did not answer (${(e as Error).message}); is \`npm start\` still running?`, { cause: e });
  }
}

/**
 * Electron rejects an IPC call with "Error invoking remote method 'runs:save': HostError: <message>";
 * the user needs the message.
 */
export function ipcMessage(e: unknown): Error {
  const msg = e instanceof Error ? e.message : String(e);
  return new Error(msg.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, ''));
}

async function ipc<T>(p: Promise<T>): Promise<T> {
  try { return await p; } catch (e) { throw ipcMessage(e); }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`;
    try { const b = await res.json(); if (b?.error) msg = String(b.error); } catch { /* not json */ }
    throw new Error(msg);
  }
  return res.json() as Promise<T>;
}

function asList<T>(v: unknown, key: string): T[] {
  if (Array.isArray(v)) return v as T[];
  const o = v as Record<string, unknown> | null;
  if (o && Array.isArray(o[key])) return o[key] as T[];
  return [];
}

/** Browser download of an SVG (or JSON) string (Blob + a[download]). */
export function downloadSvg(svg: string, name: string, type = 'image/svg+xml') {
  const blob = new Blob([svg], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url; a.download = name; a.style.display = 'none';
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

export function electronHost(lio: LioPreload): Host {
  return {
    kind: 'electron',
    listScenarios: async () => asList<ScenarioInfo>(await ipc(lio.scenarios.list()), 'scenarios'),
    openScenario: async (name) => { const s = await ipc(lio.scenarios.open(name)); if (!s) throw new Error('no such scenario'); return s; },
    saveScenario: async (s) => { await ipc(lio.scenarios.save(s)); },
    saveRun: async (run) => (await ipc(lio.runs.save(run))) as { id?: string | number } | null,
    listRuns: async () => asList<RunSummary>(await ipc(lio.runs.list()), 'runs'),
    getRun: async (id) => { const r = await ipc(lio.runs.get(id)); if (!r) throw new Error('no such run'); return r; },
    deleteRun: async (id) => { await ipc(lio.runs.delete(id)); },
    putRunTrace: async (id, t) => {
      if (!lio.runs.putTrace) throw new Error('this LIO Lab host does not keep traces');
      await ipc(lio.runs.putTrace({ id, ...t }));
    },
    getRunTrace: async (id, step) => (lio.runs.getTrace ? (await ipc(lio.runs.getTrace({ id, step }))) ?? null : null),
    startNewHistory: async () => {
      if (!lio.history) throw new Error('this LIO Lab host cannot start a new history; move the damaged file aside and restart');
      return (await ipc(lio.history.startNew())) ?? {};
    },
    exportReport: async (req) => (await ipc(lio.reports.export(req))) ?? {},
  };
}

export function httpHost(base = ''): Host {
  const enc = encodeURIComponent;
  const body = (method: string, data: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
  return {
    kind: 'http',
    listScenarios: async () => asList<ScenarioInfo>(await json(await request(`${base}/api/scenarios`)), 'scenarios'),
    openScenario: async (name) => json<Scenario>(await request(`${base}/api/scenarios/${enc(name)}`)),
    saveScenario: async (sc) => { await json(await request(`${base}/api/scenarios/${enc(sc.name)}`, body('PUT', { script: sc.script }))); },
    saveRun: async (run) => json(await request(`${base}/api/runs`, body('POST', run))),
    listRuns: async () => asList<RunSummary>(await json(await request(`${base}/api/runs`)), 'runs'),
    getRun: async (id) => json<SavedRun>(await request(`${base}/api/runs/${enc(String(id))}`)),
    deleteRun: async (id) => { await json(await request(`${base}/api/runs/${enc(String(id))}`, { method: 'DELETE' })); },
    putRunTrace: async (id, t) => { await json(await request(`${base}/api/runs/${enc(String(id))}/traces/${t.step}`, body('PUT', { data: t.data, raw_bytes: t.raw_bytes }))); },
    getRunTrace: async (id, step) => {
      const res = await request(`${base}/api/runs/${enc(String(id))}/traces/${step}`);
      return res.status === 404 ? null : json<SavedTrace>(res);
    },
    startNewHistory: async () => json(await request(`${base}/api/history/new`, body('POST', {}))),
    exportReport: async (req) => {
      // The browser download is the export; the host keeps a copy in its exports folder when it can.
      if (req.json !== undefined) downloadSvg(req.json, req.suggestedName, 'application/json');
      else downloadSvg(req.svg, req.suggestedName);
      try {
        return await json<{ path?: string }>(await request(`${base}/api/reports`, body('POST', req)));
      } catch (e) { return { copyError: (e as Error).message }; }
    },
  };
}

export function getHost(): Host {
  const lio = (globalThis as { lio?: LioPreload }).lio;
  return lio && lio.runs && lio.scenarios ? electronHost(lio) : httpHost();
}

/** A new key for one save (8-100 letters, digits, `-`: services.mjs SAVE_KEY_RE). */
export function newSaveKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; browser mode on a LAN address is not one.
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < b.length; i++) b[i] = Math.floor(Math.random() * 256);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * One save of a run: every call sends the same key, so a Retry after a
 * failure the host did not see (it stored the run, the answer was lost)
 * answers the first id instead of storing the run twice.
 */
export function keyedSave(host: Pick<Host, 'saveRun'>, run: NewRun, key = newSaveKey()): () => Promise<{ id?: string | number } | null> {
  return () => host.saveRun({ ...run, key });
}

/** Whether a host error says the run history file is damaged (services.mjs damagedError), which a new history mends. */
export function isDamagedHistory(message: string | null | undefined): boolean {
  return !!message && /the run history .* is damaged\b/.test(message) && /Start a new history/.test(message);
}
