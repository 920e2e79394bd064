// Host services behind one interface: the Electron preload (window.lio) when
// present, else the browser-mode host's HTTP API on the same origin.

export interface ScenarioInfo { name: string; source?: 'sample' | 'saved'; updated_at?: string | null }
export interface Scenario { name: string; script: string }
import type { ScriptResult } from './model/types';

export interface RunTotals { version?: string | null; steps?: number; errors?: number; workloads?: number;
  elapsed_us?: number; consistent_gets?: number; physical_reads?: number }
export interface RunSummary { id: string | number; title?: string; created_at?: string; summary?: RunTotals }
export interface NewRun { title: string; script: string; result: ScriptResult }
export interface SavedRun extends NewRun { id: string | number; created_at?: string; summary?: RunTotals }
export type ReportKind = 'structure' | 'flame' | 'stats' | 'report';
export interface ExportRequest { kind: ReportKind; svg: string; suggestedName: string }

interface LioPreload {
  runs: { save(run: NewRun): Promise<unknown>; list(): Promise<RunSummary[]>; get(id: string | number): Promise<SavedRun | null>; delete(id: string | number): Promise<unknown> };
  scenarios: { list(): Promise<ScenarioInfo[]>; open(name: string): Promise<Scenario | null>; save(s: Scenario): Promise<unknown> };
  reports: { export(req: ExportRequest): Promise<{ path?: string | null; canceled?: boolean } | null | undefined> };
}

export interface Host {
  kind: 'electron' | 'http';
  listScenarios(): Promise<ScenarioInfo[]>;
  openScenario(name: string): Promise<Scenario>;
  saveScenario(s: Scenario): Promise<void>;
  saveRun(run: NewRun): Promise<{ id?: string | number } | null>;
  listRuns(): Promise<RunSummary[]>;
  getRun(id: string | number): Promise<SavedRun>;
  deleteRun(id: string | number): Promise<void>;
  exportReport(req: ExportRequest): Promise<{ path?: string | null; canceled?: boolean }>;
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

/** Browser download of an SVG string (Blob + a[download]). */
export function downloadSvg(svg: string, name: string) {
  const blob = new Blob([svg], { type: 'image/svg+xml' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url; a.download = name; a.style.display = 'none';
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

function electronHost(lio: LioPreload): Host {
  return {
    kind: 'electron',
    listScenarios: async () => asList<ScenarioInfo>(await lio.scenarios.list(), 'scenarios'),
    openScenario: async (name) => { const s = await lio.scenarios.open(name); if (!s) throw new Error('no such scenario'); return s; },
    saveScenario: async (s) => { await lio.scenarios.save(s); },
    saveRun: async (run) => (await lio.runs.save(run)) as { id?: string | number } | null,
    listRuns: async () => asList<RunSummary>(await lio.runs.list(), 'runs'),
    getRun: async (id) => { const r = await lio.runs.get(id); if (!r) throw new Error('no such run'); return r; },
    deleteRun: async (id) => { await lio.runs.delete(id); },
    exportReport: async (req) => (await lio.reports.export(req)) ?? {},
  };
}

function httpHost(base = ''): Host {
  const enc = encodeURIComponent;
  return {
    kind: 'http',
    listScenarios: async () => asList<ScenarioInfo>(await json(await fetch(`${base}/api/scenarios`)), 'scenarios'),
    openScenario: async (name) => json<Scenario>(await fetch(`${base}/api/scenarios/${enc(name)}`)),
    saveScenario: async (sc) => { await json(await fetch(`${base}/api/scenarios/${enc(sc.name)}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ script: sc.script }),
    })); },
    saveRun: async (run) => json(await fetch(`${base}/api/runs`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(run),
    })),
    listRuns: async () => asList<RunSummary>(await json(await fetch(`${base}/api/runs`)), 'runs'),
    getRun: async (id) => json<SavedRun>(await fetch(`${base}/api/runs/${enc(String(id))}`)),
    deleteRun: async (id) => { await fetch(`${base}/api/runs/${enc(String(id))}`, { method: 'DELETE' }); },
    exportReport: async (req) => {
      downloadSvg(req.svg, req.suggestedName);
      try {
        return await json<{ path?: string }>(await fetch(`${base}/api/reports`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req),
        }));
      } catch { return {}; }
    },
  };
}

export function getHost(): Host {
  const lio = (globalThis as { lio?: LioPreload }).lio;
  return lio && lio.runs && lio.scenarios ? electronHost(lio) : httpHost();
}
