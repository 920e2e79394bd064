// The host API the UI calls: its types, its HTTP routes, and an HTTP client
// with the same shape as Electron's `window.lio` (see README.md).
//
//   Electron:      window.lio.runs.save(run)    -> preload.cjs -> IPC -> main.cjs -> host/services.mjs
//   Browser mode:  createHttpLioClient().runs.save(run) -> fetch /api/runs -> web.mjs -> host/services.mjs
//
// Both reject with an Error whose message says what was wrong; "not found"
// is a value (null / {deleted: false}), not an error.
//
// Engine result types follow docs/ENGINE-API.md; they are the renderer's (one copy).

/**
 * @typedef {import('../renderer/src/model/types').StepError} EngineError
 * @typedef {import('../renderer/src/model/types').PlanLine} PlanLine
 * @typedef {import('../renderer/src/model/types').RunResult} RunResult
 * @typedef {import('../renderer/src/model/types').Step} Step
 * @typedef {import('../renderer/src/model/types').ScriptResult} ScriptResult
 */

/**
 * @typedef {object} RunSummary
 * @property {string|null} version
 * @property {number} steps
 * @property {number} errors
 * @property {string[]} error_codes
 * @property {number} workloads
 * @property {number} elapsed_us
 * @property {number} consistent_gets
 * @property {number} db_block_gets
 * @property {number} physical_reads
 *
 * @typedef {{ title: string, script: string, result: ScriptResult, key?: string }} NewRun  key: one per save
 *   the user means to make (8-100 of [A-Za-z0-9_-], a UUID say), sent again on Retry: stored once
 * @typedef {{ id: number, created_at: string, title: string, summary: RunSummary }} RunListItem
 * @typedef {{ id: number, run_id: number, text: string, created_at: string }} Note
 * @typedef {{ step: number, bytes: number, raw_bytes: number }} TraceInfo  a saved trace part: a step's, or the catalog's (step -1)
 * @typedef {{ id: number, step: number, data: string, raw_bytes: number }} TracePut  data: base64 of the compressed part
 * @typedef {{ step: number, data: string, raw_bytes: number }} SavedTrace
 * @typedef {RunListItem & { script: string, result: ScriptResult, notes: Note[], traces?: TraceInfo[] }} SavedRun
 * @typedef {{ name: string, source: 'sample'|'saved', updated_at: string|null }} ScenarioListItem
 * @typedef {{ name: string, script: string, source: 'sample'|'saved' }} Scenario
 * @typedef {{ kind: string, svg: string, suggestedName?: string }} ReportExport
 * @typedef {{ path: string|null, canceled?: boolean }} ExportResult
 */

/**
 * @typedef {object} LioHostApi
 * @property {{
 *   save(run: NewRun): Promise<{ id: number, created_at: string }>,
 *   list(): Promise<RunListItem[]>,
 *   get(id: number): Promise<SavedRun|null>,
 *   delete(id: number): Promise<{ deleted: boolean }>,
 *   putTrace(t: TracePut): Promise<{ step: number, bytes: number }>,
 *   getTrace(t: { id: number, step: number }): Promise<SavedTrace|null>,
 * }} runs
 * @property {{
 *   list(): Promise<ScenarioListItem[]>,
 *   open(name: string): Promise<Scenario|null>,
 *   save(s: { name: string, script: string }): Promise<{ name: string, updated_at: string }>,
 * }} scenarios
 * @property {{
 *   export(r: ReportExport): Promise<ExportResult>,
 * }} reports
 * @property {{
 *   startNew(): Promise<{ moved_to: string, path: string }>,
 * }} history  a damaged history file moved aside, a new one started
 */

/** The verbs, by namespace: the whole surface of `window.lio`. */
export const LIO_API_VERBS = Object.freeze({
  runs: Object.freeze(['save', 'list', 'get', 'delete', 'putTrace', 'getTrace']),
  scenarios: Object.freeze(['list', 'open', 'save']),
  reports: Object.freeze(['export']),
  history: Object.freeze(['startNew']),
});

/** The HTTP routes of browser mode (web.mjs), one per verb. */
export const HTTP_ROUTES = Object.freeze({
  'runs.save': 'POST /api/runs',
  'runs.list': 'GET /api/runs',
  'runs.get': 'GET /api/runs/:id',
  'runs.delete': 'DELETE /api/runs/:id',
  'runs.putTrace': 'PUT /api/runs/:id/traces/:step',
  'runs.getTrace': 'GET /api/runs/:id/traces/:step',
  'scenarios.list': 'GET /api/scenarios',
  'scenarios.open': 'GET /api/scenarios/:name',
  'scenarios.save': 'PUT /api/scenarios/:name',
  'reports.export': 'POST /api/reports',
  'history.startNew': 'POST /api/history/new',
});

/**
 * A client for browser mode with the same shape as `window.lio`.
 * @param {{ baseUrl?: string, fetch?: typeof fetch }} [opts]  baseUrl defaults to the page's origin
 * @returns {LioHostApi}
 */
export function createHttpLioClient({ baseUrl = '', fetch: f = globalThis.fetch } = {}) {
  const base = baseUrl.replace(/\/+$/, '');
  /**
   * @param {string} method @param {string} path @param {unknown} [body]
   * @param {{ nullOn404?: boolean }} [o]
   */
  async function call(method, path, body, { nullOn404 = false } = {}) {
    const res = await f(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 404 && nullOn404) return null;
    const text = await res.text();
    const data = text ? JSON.parse(text) : null;
    if (!res.ok) throw new Error(data?.error ?? `${method} ${path}: HTTP ${res.status}`);
    return data;
  }
  const enc = encodeURIComponent;
  return {
    runs: {
      save: (run) => call('POST', '/api/runs', run),
      list: () => call('GET', '/api/runs'),
      get: (id) => call('GET', `/api/runs/${enc(String(id))}`, undefined, { nullOn404: true }),
      delete: async (id) => (await call('DELETE', `/api/runs/${enc(String(id))}`, undefined, { nullOn404: true })) ?? { deleted: false },
      putTrace: (t) => call('PUT', `/api/runs/${enc(String(t.id))}/traces/${enc(String(t.step))}`, { data: t.data, raw_bytes: t.raw_bytes }),
      getTrace: (t) => call('GET', `/api/runs/${enc(String(t.id))}/traces/${enc(String(t.step))}`, undefined, { nullOn404: true }),
    },
    scenarios: {
      list: () => call('GET', '/api/scenarios'),
      open: (name) => call('GET', `/api/scenarios/${enc(name)}`, undefined, { nullOn404: true }),
      save: (s) => call('PUT', `/api/scenarios/${enc(s.name)}`, { script: s.script }),
    },
    reports: {
      export: (r) => call('POST', '/api/reports', r),
    },
    history: {
      startNew: () => call('POST', '/api/history/new'),
    },
  };
}

/**
 * `window.lio` in Electron, else the HTTP client.
 * @returns {LioHostApi}
 */
export function getLioHost() {
  const w = /** @type {any} */ (globalThis);
  return w.lio ?? createHttpLioClient();
}
