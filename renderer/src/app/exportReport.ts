// Exporting a report (SVG) of the step selected, from what the view shown
// holds (its reportRef) and, for the structure, the step's trace.
import { useCallback } from 'react';
import type { EngineClient } from '../engine/client';
import type { Host, ReportKind } from '../host';
import type { Catalog, Step } from '../model/types';
import { buildReport, type ReportInputs } from '../reports/report';
import type { Notice } from '../views/Notices';

export function useExportReport({ reportRef, step, live, catalog, compare, sweepMetric, client, host, flash, notify }: {
  reportRef: { current: () => Partial<ReportInputs> }; step: Step | null; live: boolean; catalog: Catalog | null;
  /** The Compare view is shown (its comparison and wait series go into the report). */
  compare: boolean; sweepMetric: string;
  client: EngineClient; host: Host; flash(msg: string): void; notify(n: Notice): void;
}) {
  return useCallback(async (kind: ReportKind) => {
    const fromView = reportRef.current();
    const inputs = { ...fromView, step, catalog, compare: compare ? fromView.compare ?? null : null, waitSeries: compare ? fromView.waitSeries ?? null : null, sweepMetric } as ReportInputs;
    try {
      if (kind === 'structure' || kind === 'report') {
        if (step && live && step.trace_events > 0 && !inputs.trace) inputs.trace = await client.trace(step.index);
      }
      const { svg, name } = buildReport(kind, inputs);
      const r = await host.exportReport({ kind, svg, suggestedName: name });
      if (r.copyError) notify({ id: 'export', tone: 'warning', text: `Downloaded ${name}; the host could not keep a copy in its exports folder: ${r.copyError}` });
      else flash(r.canceled ? 'Export cancelled.' : r.path ? `Exported ${name} to ${r.path}` : `Exported ${name}`);
    } catch (e) { flash(`Export failed: ${(e as Error).message}`); }
  }, [reportRef, step, live, catalog, client, host, flash, notify, compare, sweepMetric]);
}
