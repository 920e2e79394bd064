// Exporting a report (SVG) of the step selected, from what the view shown
// holds (its reportRef) and, for the structure, the step's trace. In the
// Compare view a structure picture is of side A or B, not of the selected step.
import { useCallback } from 'react';
import type { EngineClient } from '../engine/client';
import type { ExportKind, ExportRequest, Host, ReportKind } from '../host';
import type { Catalog, Step, Trace } from '../model/types';
import { buildReport, type ReportInputs } from '../reports/report';
import { buildSlide, slideText } from '../reports/slides';
import { buildProfile } from '../reports/profiles';
import type { Notice } from '../views/Notices';
import type { CompareSide } from '../views/ExportMenu';
import type { SessionRun } from '../session';

/** The step and run a Compare key (`run:index` or `run:index:runN`) names. */
export function compareSideStep(runs: SessionRun[], key: string): { run: SessionRun; step: Step } | null {
  const [rid, idx] = key.split(':');
  const run = runs.find((r) => String(r.id) === rid);
  const step = run?.steps.find((s) => String(s.index) === idx);
  return run && step ? { run, step } : null;
}

export function useExportReport({ reportRef, step, live, catalog, compare, compareKeys, runs, sweepMetric, client, host, flash, notify, getTrace, savedTrace }: {
  reportRef: { current: () => Partial<ReportInputs> }; step: Step | null; live: boolean; catalog: Catalog | null;
  /** The selected step's trace: the engine's, or a saved run's from the host (app/savedTraces.ts); `live` says whether there is one. */
  getTrace(step: Step): Promise<Trace | null>;
  /** A saved run's step trace from the host (a Compare side loaded from History). */
  savedTrace(run: SessionRun, step: Step): Promise<Trace | null>;
  /** The Compare view is shown (its comparison and wait series go into the report). */
  compare: boolean; sweepMetric: string;
  /** The Compare view's sides and the runs they come from (a structure picture of A or B). */
  compareKeys: [string, string]; runs: SessionRun[];
  client: EngineClient; host: Host; flash(msg: string): void; notify(n: Notice): void;
}) {
  return useCallback(async (kind: ExportKind, side?: CompareSide, slide = false) => {
    try {
      const req = kind === 'speedscope' || kind === 'chrome-trace' ? await profileRequest(kind) : await pictureRequest(kind, side);
      const name = req.suggestedName;
      const r = await host.exportReport(req);
      if (r.copyError) notify({ id: 'export', tone: 'warning', text: `Downloaded ${name}; the host could not keep a copy in its exports folder: ${r.copyError}` });
      else flash(r.canceled ? 'Export cancelled.' : r.path ? `Exported ${name} to ${r.path}` : `Exported ${name}`);
    } catch (e) { flash(`Export failed: ${(e as Error).message}`); }

    /** The run's profile for speedscope, or the step's Chrome trace (its trace while its run is live). */
    async function profileRequest(k: 'speedscope' | 'chrome-trace'): Promise<ExportRequest> {
      if (!step) throw new Error('no step is selected');
      const run = runs.find((r) => r.steps.includes(step));
      const trace = k === 'chrome-trace' && live && step.trace_events > 0 ? await getTrace(step) : null;
      const { json, name } = buildProfile(k, { runLabel: run?.label ?? 'run', steps: run?.steps ?? [step], step, trace });
      return { kind: k, json, suggestedName: name };
    }

    async function pictureRequest(k: ReportKind, s?: CompareSide): Promise<ExportRequest> {
      const fromView = reportRef.current();
      const inputs = { ...fromView, step, catalog, compare: compare ? fromView.compare ?? null : null, waitSeries: compare ? fromView.waitSeries ?? null : null, sweepMetric } as ReportInputs;
      if (s) {
        // A side of the comparison: its own step, on its own run's instance: the live run's from
        // the engine, a run loaded from History from what was saved with it (the engine keeps no other).
        const picked = compareSideStep(runs, compareKeys[s === 'a' ? 0 : 1]);
        const name = s.toUpperCase();
        if (!picked) throw new Error(`side ${name} is not chosen in the Compare view`);
        const saved = picked.run.source === 'history';
        if (saved && !picked.run.catalog) throw new Error(`side ${name} is a saved run (${picked.run.label}) whose catalog was not kept with it (or is still loading)`);
        if (!saved && !picked.run.live) throw new Error(`side ${name} is from an earlier run (${picked.run.label}): its structures and trace are not kept; run its script again to export them`);
        const trace = picked.step.trace_events === 0 ? null : saved ? await savedTrace(picked.run, picked.step) : await client.trace(picked.step.index);
        Object.assign(inputs, { step: picked.step, trace, catalog: saved ? picked.run.catalog : catalog, heat: null, compare: null, diff: null, waitSeries: null });
      } else if (k === 'structure' || k === 'report') {
        if (step && live && step.trace_events > 0 && !inputs.trace) inputs.trace = await getTrace(step);
      }
      if (slide && inputs.step) {
        // A 16:9 slide of the picture, titled as `lio report --slide` titles it.
        const run = runs.find((r) => r.steps.includes(inputs.step!));
        const text = slideText(k, inputs.step, run?.label ?? 'run');
        // Compare's statistics, report, waits and differential flame are of A and B, not of the selected step.
        const sides = inputs.compare ?? inputs.diff;
        const title = sides ? `${text.title.split(' · ')[0]} · A: ${sides.labelA} vs B: ${sides.labelB}` : text.title;
        const footer = sides ? `LIO Lab · ${run?.label ?? 'run'} · compared · simulated` : text.footer;
        const { svg, name } = buildSlide(k, inputs, title, footer);
        return { kind: k, svg, suggestedName: name };
      }
      const { svg, name } = buildReport(k, inputs);
      return { kind: k, svg, suggestedName: name };
    }
  }, [reportRef, step, live, catalog, client, host, flash, notify, compare, sweepMetric, runs, compareKeys, getTrace, savedTrace]);
}
