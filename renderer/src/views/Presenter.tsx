// Presenter mode: a demo's beats as slides on a projector. Full screen,
// large type, the narration as a caption, the view the beat asks for, and
// the published figures next to the simulated ones. Keys a clicker sends:
// PageDown / ArrowRight / ArrowDown / Space next, PageUp / ArrowLeft /
// ArrowUp previous, Home / End first / last, Enter / P play or pause the
// slide's animation (a slide opens on its first event), B / .
// blank the screen black and W / , white (a clicker's blank key; any key
// brings the slide back), A auto-advance, Esc leave.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Catalog, Step, Trace } from '../model/types';
import type { Demo, DemoBeat } from '../model/demo.mjs';
import { compareExpected } from '../model/demo.mjs';
import { fmtNum } from '../model/stats';
import { stmtLabel, type Comparable } from '../session';
import type { ReportInputs } from '../reports/report';
import { SlideAutotrace } from './SlideAutotrace';
import { StructureView } from './StructureView';
import { FlameView } from './FlameView';
import { CompareView } from './CompareView';
import { ViewBoundary } from './ViewBoundary';
import { WaitHistograms } from './WaitHistograms';
import { useLatest } from './useLatest';
import { presenterKeyAction } from './presenterKeys';
import { ProjectorContext } from './projector';

/** Seconds a slide stays up under auto-advance when its beat names no pause time. */
export const AUTO_ADVANCE_S = 12;

/** The structure picture on a slide, drawn this much larger than in the workbench: its smallest label (9 px) at 18 px. */
export const PROJECTOR_ZOOM = 2;

/**
 * A slide is laid out at 1920x1080 CSS px, its smallest type 18 px, and zoomed
 * to the window as a whole (0.67 at 1280x720: 12 px; 2 at 3840x2160: 36 px),
 * so the room sees the same slide on every projector, nothing cut or moved.
 */
export const SLIDE_W = 1920, SLIDE_H = 1080;

/** The zoom that fits the 1920x1080 slide in a `w` x `h` window (a wider or taller window keeps the room at the sides). */
export function slideZoom(w: number, h: number): number {
  return w > 0 && h > 0 ? Math.min(w / SLIDE_W, h / SLIDE_H) : 1;
}

/** The slide's zoom for the window, followed as the window (or the projector) changes. */
function useSlideZoom(): number {
  const [zoom, setZoom] = useState(() => slideZoom(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const on = () => setZoom(slideZoom(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return zoom;
}

export interface Slide { beat: DemoBeat; step: Step | null }

/** The engine stopped during the presentation: why, and the statement it was running (if it was). */
export interface PresenterStop { reason: string; line: number | null; label: string | null }

/** The heading on the slide when the engine stopped at slide `slide` (1-based). */
export function stopText(stop: PresenterStop, slide: number): string {
  return `The engine stopped at slide ${slide}: ${stop.reason.replace(/\.$/, '')}.`;
}

/** The demo's beats that say, show or quote something, each with the step of its statement. */
export function slidesOf(demo: Demo, steps: Step[]): Slide[] {
  const byLine = new Map<number, Step>();
  for (const s of steps) byLine.set(s.line, s);
  return demo.beats
    .filter((b) => b.say.length || b.view || b.expected.length || b.highlight.length || b.pause !== null || b.focus)
    .map((beat) => ({ beat, step: beat.statement < demo.statements.length ? byLine.get(beat.line) ?? null : null }));
}

export function Presenter({ demo, steps, runId, catalog, getTrace, items, live, busy, onRunTo, onExit, stopped = null, builds = 0, onRebuild, notice = null }: {
  /** The app's passing message (an export, a save), shown in the footer: a floating toast covered the caption at 1280x720. */
  notice?: string | null;
  demo: Demo; steps: Step[]; runId: number; catalog: Catalog | null; live: boolean; busy: boolean;
  getTrace(step: Step): Promise<Trace | null>; items: Comparable[];
  /** Run the demo up to statement k (the slide's statement), so its trace is fresh. */
  onRunTo(k: number): void; onExit(): void;
  /** The engine stopped: nothing runs until `onRebuild` (a fresh engine, the demo again from its start). */
  stopped?: PresenterStop | null;
  /** Rebuilds so far (each one runs the demo up to the slide shown again). */
  builds?: number;
  onRebuild?(): void;
}) {
  const slides = useMemo(() => slidesOf(demo, steps), [demo, steps]);
  const [i, setI] = useState(0);
  const [auto, setAuto] = useState(false);
  // The auto-advance countdown of the running timer (null: none running).
  const [countdown, setCountdown] = useState<{ slide: number; left: number } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const reportRef = useRef<() => Partial<ReportInputs>>(() => ({}));
  // The slide's animation, played from the keyboard (the structure view puts its play / pause here).
  const playRef = useRef<(() => void) | null>(null);
  // A blanked screen (the clicker's B / W keys): the slide stays underneath.
  const [blank, setBlank] = useState<'black' | 'white' | null>(null);
  const blankRef = useLatest(blank);
  const slide = slides[Math.min(i, slides.length - 1)] ?? null;
  const zoom = useSlideZoom();
  const go = useCallback((d: number) => setI((x) => Math.max(0, Math.min(slides.length - 1, x + d))), [slides.length]);

  // Arriving on a slide runs the demo up to its statement (again once a run in progress ends, or after a rebuild).
  // Never after the engine stopped: its fresh instance is empty, the slide would show ORA-00942.
  const target = slide?.beat.statement ?? -1;
  useEffect(() => { if (target >= 0 && !busy && !stopped) onRunTo(target); }, [target, busy, onRunTo, stopped, builds]);

  // The slide the audience was on when the engine stopped (the stop is said there, whatever slide is shown later).
  // Taken while rendering the new stop (React's "adjusting state when a prop changes"): moving
  // between slides afterwards does not change it; auto-advance ends there.
  const [stopSlide, setStopSlide] = useState(0);
  const [seenStop, setSeenStop] = useState(stopped);
  if (stopped !== seenStop) {
    setSeenStop(stopped);
    if (stopped) { setStopSlide(i); setAuto(false); }
  }

  useEffect(() => {
    root.current?.focus();
    // Full screen where the browser allows it (a user gesture opened us); the overlay fills the window anyway.
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    return () => { if (document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined); };
  }, []);

  usePresenterKeys({ go, onExit, count: slides.length, setI, setAuto, setBlank, blankRef, playRef });

  // Auto-advance: the beat's own pause time, else AUTO_ADVANCE_S; stops on the last slide.
  useEffect(() => {
    if (!auto || !slide || i >= slides.length - 1) return;
    const total = slide.beat.pause && slide.beat.pause > 0 ? slide.beat.pause : AUTO_ADVANCE_S;
    const t0 = performance.now();
    const tick = window.setInterval(() => {
      const rest = total - (performance.now() - t0) / 1000;
      if (rest <= 0) { window.clearInterval(tick); go(1); } else setCountdown({ slide: i, left: Math.ceil(rest) });
    }, 250);
    return () => { window.clearInterval(tick); setCountdown(null); };
  }, [auto, i, slide, slides.length, go]);
  // Before the timer's first tick the whole pause is left.
  const pauseS = slide?.beat.pause && slide.beat.pause > 0 ? slide.beat.pause : AUTO_ADVANCE_S;
  const left = !auto || !slide || i >= slides.length - 1 ? 0 : countdown?.slide === i ? countdown.left : Math.ceil(pauseS);

  if (!slide) {
    return (
      <div className="presenter" role="dialog" aria-label="Presenter mode" tabIndex={-1} ref={root} style={{ zoom }}>
        <div className="p-caption"><div className="p-title">{demo.title || 'Presenter mode'}</div>
          <p className="p-say">This script has no demo directives (--@ say, --@ view, --@ expected …): see docs/DEMOS.md.</p></div>
        <footer className="p-footer"><button className="btn" onClick={onExit}>Leave (Esc)</button></footer>
      </div>
    );
  }
  const { beat, step } = slide;
  const view = beat.view?.name ?? (step ? 'autotrace' : null);
  const prev = slides.slice(0, i).reverse().find((s) => s.step)?.step ?? null;
  const keyOf = (s: Step | null) => (s ? `${runId}:${s.index}` : '');
  const atLine = (line: number | undefined) => steps.find((s) => s.line === line) ?? null;
  const lineKey = (line: number | undefined) => keyOf(atLine(line));
  const compareKeys: [string, string] = [beat.view?.a ? lineKey(beat.view.a) : keyOf(prev), beat.view?.b ? lineKey(beat.view.b) : keyOf(step)];
  const sideA = beat.view?.a ? atLine(beat.view.a) : null, sideB = beat.view?.b ? atLine(beat.view.b) : null;
  const histogramSides: [Step, Step] | null = sideA && sideB ? [sideA, sideB] : null;
  const published = stopped ? [] : beat.expected.map((e) => compareExpected(e, step, atLine));

  return (
    <div className="presenter" role="dialog" aria-label="Presenter mode" tabIndex={-1} ref={root} style={{ zoom }}>
      <header className="p-caption" aria-live="polite">
        <div className="p-title">{demo.title || 'Demo'}</div>
        {beat.say.map((t, k) => <p key={k} className="p-say">{t}</p>)}
        {step && <div className="p-stmt mono" title={step.statement}>line {step.line}: {stmtLabel(step.statement, 140)}</div>}
      </header>
      <main className={`p-view ${!stopped && (published.length || beat.highlight.length) ? 'with-panel' : ''}`}>
        {stopped ? (
          <StoppedSlide stopped={stopped} stopSlide={stopSlide} slide={i} busy={busy} onRebuild={onRebuild} onExit={onExit}
            upToLine={target >= 0 && target < demo.statements.length ? demo.statements[target].line : null} />
        ) : (
        <SlideView view={view} step={step} beat={beat} ended={beat.statement >= demo.statements.length} busy={busy} live={live} catalog={catalog}
          getTrace={getTrace} items={items} compareKeys={compareKeys} histogramSides={histogramSides} reportRef={reportRef} playRef={playRef} />
        )}
        {!stopped && (published.length > 0 || beat.highlight.length > 0) && step && (
          <PublishedPanel published={published} highlight={beat.highlight} step={step} />
        )}
      </main>
      <PresenterFooter slide={i} count={slides.length} busy={busy} auto={auto} left={left} notice={notice} onGo={go} onAuto={setAuto} onExit={onExit} />
      {blank && <div className={`p-blank ${blank}`} role="presentation" aria-label="Screen blanked" onClick={() => setBlank(null)} />}
    </div>
  );
}

/** The clicker's keys (captured: the views below, such as structure playback, must not see them). */
function usePresenterKeys({ go, onExit, count, setI, setAuto, setBlank, blankRef, playRef }: {
  go(d: number): void; onExit(): void; count: number;
  setI(i: number): void; setAuto(f: (a: boolean) => boolean): void;
  setBlank(b: 'black' | 'white' | null): void; blankRef: { current: 'black' | 'white' | null };
  playRef: { current: (() => void) | null };
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const action = presenterKeyAction(e.key, {
        blanked: !!blankRef.current,
        inField: !!target?.closest?.('select, textarea, input:not([type=checkbox]):not([type=range])'),
        onButton: !!target?.closest?.('button'),
      });
      if (!action) return;
      e.preventDefault();
      // Captured: the views below (structure playback's own keys) must not see the clicker's.
      if (action !== 'exit' && action !== 'auto') e.stopPropagation();
      if (action === 'exit') onExit();
      else if (action === 'unblank') setBlank(null);
      else if (action === 'black' || action === 'white') setBlank(action);
      else if (action === 'play') playRef.current?.();
      else if (action === 'next' || action === 'prev') go(action === 'next' ? 1 : -1);
      else if (action === 'first' || action === 'last') setI(action === 'first' ? 0 : count - 1);
      else setAuto((a) => !a);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [go, onExit, count, blankRef, playRef, setAuto, setBlank, setI]);
}

/** The slide shown once the engine stopped: why, where, and the way on (rebuild up to this slide, or leave). */
function StoppedSlide({ stopped, stopSlide, slide, upToLine, busy, onRebuild, onExit }: {
  stopped: PresenterStop; stopSlide: number; slide: number; upToLine: number | null; busy: boolean; onRebuild?(): void; onExit(): void;
}) {
  return (
    <section className="p-main p-stopped" role="alert" aria-label="Engine stopped">
      <div className="p-stop">
        <h2>{stopText(stopped, stopSlide + 1)}</h2>
        {stopped.line !== null && <p className="p-stop-stmt mono">It was running line {stopped.line}{stopped.label ? `: ${stopped.label}` : ''}</p>}
        <p>A fresh engine was started with an empty instance: the demo's tables and rows are gone, so nothing more runs
          until it is rebuilt. Rebuilding runs the demo's statements again from the first one, up to slide {slide + 1}{upToLine !== null ? ` (line ${upToLine})` : ''}, then carries on.</p>
        {stopped.line !== null && <p className="muted">If line {stopped.line} stops the engine again, go back to a slide before slide {stopSlide + 1} and rebuild up to there, or leave and change the script.</p>}
        <div className="p-stop-actions">
          <button className="btn primary" onClick={onRebuild} disabled={busy || !onRebuild}>Rebuild up to slide {slide + 1}</button>
          <button className="btn" onClick={onExit}>Leave</button>
        </div>
      </div>
    </section>
  );
}

/** The figures beside the view: simulated against published, and the statistics the beat highlights. */
function PublishedPanel({ published, highlight, step }: { published: ReturnType<typeof compareExpected>[]; highlight: string[]; step: Step }) {
  return (
    <aside className="p-panel" aria-label="Simulated vs published">
      <h2>Simulated vs published</h2>
      {published.length > 0 && (
        <table className="p-figures">
          <thead><tr><th scope="col">Statistic</th><th scope="col" className="num">Simulated</th><th scope="col" className="num">Published</th><th scope="col" className="num">Diff</th></tr></thead>
          <tbody>
            {published.map((p) => (
              <tr key={p.stat} className={p.match ? 'match' : 'differs'}>
                <td>{p.stat}</td><td className="num">{p.simulated === null ? '–' : fmtNum(p.simulated)}</td>
                <td className="num">{p.op === '=' ? '' : `${p.op} `}{fmtNum(p.published)}</td><td className="num">{p.match ? '=' : p.delta}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {published.some((p) => p.source) && (
        <div className="p-sources">{[...new Set(published.map((p) => p.source).filter(Boolean))].map((s) => <div key={s}>Source: {s}</div>)}</div>
      )}
      {highlight.map((h) => (
        <div key={h} className="p-highlight"><span className="num">{fmtNum(step.stats[h] ?? 0)}</span> {h}{(step.runs?.length ?? 0) > 1 ? ` (${step.runs?.length} runs)` : ''}</div>
      ))}
    </aside>
  );
}

/** The view the beat asks for, on the slide's step. */
function SlideView({ view, step, beat, ended, busy, live, catalog, getTrace, items, compareKeys, histogramSides, reportRef, playRef }: {
  view: string | null; step: Step | null; beat: DemoBeat; ended: boolean; busy: boolean; live: boolean; catalog: Catalog | null;
  getTrace(step: Step): Promise<Trace | null>; items: Comparable[]; compareKeys: [string, string];
  /** A histogram beat's `a=LINE b=LINE`: the two steps to overlay (else the slide's own step alone). */
  histogramSides: [Step, Step] | null;
  reportRef: { current: () => Partial<ReportInputs> }; playRef: { current: (() => void) | null };
}) {
  return (
    <section className="p-main" aria-label={`View: ${view ?? 'none'}`}>
      <ProjectorContext value={true}>
      <ViewBoundary view={view === 'structure' ? 'Structure' : view === 'flame' ? 'Flame graph' : view === 'compare' ? 'Compare' : view === 'histogram' ? 'Wait histograms' : 'Autotrace'}
        subject={step ? `line ${step.line}` : 'this slide'} resetKey={step}>
      {!step && <div className="empty">{ended ? 'End of the demo.' : busy ? `Running up to line ${beat.line}…` : 'This statement has not run yet.'}</div>}
      {step && view === 'autotrace' && <SlideAutotrace step={step} />}
      {step && view === 'histogram' && <SlideHistograms step={step} sides={histogramSides} />}
      {step && view === 'structure' && <StructureView step={step} live={live} catalog={catalog} getTrace={getTrace} reportRef={reportRef} rate={beat.view?.speed} segment={beat.view?.segment} playRef={playRef} from="start" zoom={PROJECTOR_ZOOM} />}
      {step && view === 'flame' && <FlameView step={step} items={items} reportRef={reportRef} />}
      {step && view === 'compare' && <CompareView items={items} keys={compareKeys} onKeys={() => undefined} reportRef={reportRef} />}
      </ViewBoundary>
      </ProjectorContext>
    </section>
  );
}

/** A histogram slide: the step's wait histograms (or two steps' overlaid) in the projector's palette, as wide as the slide. */
function SlideHistograms({ step, sides }: { step: Step; sides: [Step, Step] | null }) {
  const series = sides
    ? sides.map((s, i) => ({ label: `${i ? 'B' : 'A'}: line ${s.line} ${stmtLabel(s.statement, 60)}`, histograms: s.wait_histograms ?? [] }))
    : [{ label: `line ${step.line}`, histograms: step.wait_histograms ?? [] }];
  if (!series.some((s) => s.histograms.length)) return <div className="empty">No waits in {sides ? 'these statements' : 'this statement'}: nothing to draw.</div>;
  return <div className="p-histograms"><WaitHistograms series={series} title={sides ? 'A and B' : `line ${step.line}`} width={1500} panelHeight={250} /></div>;
}

/** Previous / next, the slide count, auto-advance and its countdown, leave. */
function PresenterFooter({ slide, count, busy, auto, left, notice, onGo, onAuto, onExit }: {
  slide: number; count: number; busy: boolean; auto: boolean; left: number; notice: string | null; onGo(d: number): void; onAuto(on: boolean): void; onExit(): void;
}) {
  return (
    <footer className="p-footer">
      <button className="btn" onClick={() => onGo(-1)} disabled={slide === 0} aria-label="Previous slide">◀ Previous</button>
      <span className="p-count" aria-label="Slide">{slide + 1} / {count}</span>
      {busy && <span className="muted" role="status">running…</span>}
      <button className="btn primary" onClick={() => onGo(1)} disabled={slide >= count - 1} aria-label="Next slide">Next ▶</button>
      <label className="p-auto"><input type="checkbox" checked={auto} onChange={(e) => onAuto(e.target.checked)} aria-label="Auto-advance" />
        Auto-advance{auto && left > 0 ? ` · next in ${left} s` : ''}</label>
      <span className="spacer" />
      {notice
        ? <span className="p-notice" role="status">{notice}</span>
        : <span className="muted p-keys">PageDown / → / Space next · PageUp / ← previous · Enter / P play · B black · W white · A auto · Esc leave</span>}
      <button className="btn" onClick={onExit}>Leave</button>
    </footer>
  );
}
