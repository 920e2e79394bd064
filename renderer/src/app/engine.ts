// The engine's life in the workbench: loading it, and a worker that died and
// was replaced (what was running is said; a presentation stops there).
import { useEffect } from 'react';
import type { EngineClient } from '../engine/client';
import { shortStmt, type SessionRun } from '../session';
import type { Notice } from '../views/Notices';
import { viewFailuresForTest } from '../views/ViewBoundary';
import type { Status } from './execute';

export function useEngineLife({ client, setStatus, setRuns, notify, stopOnReplace }: {
  client: EngineClient;
  setStatus(s: Status): void;
  setRuns(f: (rs: SessionRun[]) => SessionRun[]): void;
  notify(n: Notice): void;
  stopOnReplace(reason: string, running: { line: number; label: string } | null): void;
}) {
  useEffect(() => {
    client.setOnReplaced((reason, running) => {
      setRuns((rs) => rs.map((r) => (r.live ? { ...r, live: false } : r)));
      const first = running?.label.replace(/;\s*$/, '') ?? '';
      const where = !running ? '' : running.statements > 1
        ? ` while running the ${running.statements} statements from line ${running.line} (${shortStmt(first, 48)} …)`
        : ` while running line ${running.line} (${shortStmt(first, 60)})`;
      notify({ id: 'engine-replaced', tone: 'error', text: `The engine stopped (${reason})${where}; a fresh engine was started, with an empty instance. Steps before the failure are kept.` });
      stopOnReplace(reason, running);
    });
    // Test-only: the end-to-end tests kill the engine's worker mid-run.
    if (new URLSearchParams(window.location.search).has('lio-test')) {
      window.__lioTest = { killEngine: () => client.killForTest(), failView: viewFailuresForTest.fail, clearViewFailures: viewFailuresForTest.clear };
    }
    return () => { client.setOnReplaced(null); delete window.__lioTest; };
  }, [client, notify, setRuns, stopOnReplace]);

  useEffect(() => {
    client.init().then(() => setStatus({ state: 'ready', text: 'Engine ready' }))
      .catch((e) => setStatus({ state: 'error', text: `Engine failed to load: ${e.message ?? e}` }));
    return () => { client.dispose(); };
  }, [client, setStatus]);
}
