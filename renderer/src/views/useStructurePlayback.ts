// The Structure view's trace playback: the player's state (a ref the
// animation moves on), the state on screen (published at most every 90 ms
// while playing), the reset on a new trace, layout or theme, and the controls.
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { Catalog, Trace } from '../model/types';
import type { CellRef, StructureLayout } from '../model/structure';
import { initialPlayback, pause, play, RATES, seek, setRate, stepBack, stepForward, tick, type PlaybackState } from '../model/playback';
import { requestRedraw, startAnimator, stopAnimator } from './scheduler';
import type { Scene, StructurePainter } from './structurePainter';
import type { PlaybackControls } from './StructureParts';

/**
 * Where a new trace, layout or theme opens: on the whole picture (every visit numbered, or a
 * workload's final heat map; Play restarts), or on its first event (`from` 'start': a presenter's
 * slide, whose animation the clicker then plays), at a demo's speed as the nearest offered rate.
 */
function startPlayback(n: number, rate: number | undefined, from: 'start' | 'end'): PlaybackState {
  const start = seek(initialPlayback(n), from === 'start' ? 0 : n);
  return rate ? setRate(start, RATES.reduce((a, b) => (Math.abs(b - rate) < Math.abs(a - rate) ? b : a))) : start;
}

type Hover = { ref: CellRef; visits: number } | null;

export function useStructurePlayback<H extends Hover>({ painterRef, pbRef, scrollerRef, scene, catalog, rate, segment, from = 'end', draw, setHover }: {
  painterRef: { current: StructurePainter };
  /** The player's state, moved on by the animation (the screen shows it as published). */
  pbRef: { current: PlaybackState };
  scrollerRef: { current: HTMLDivElement | null };
  scene: Scene & { layout: StructureLayout | null; trace: Trace | null };
  catalog: Catalog | null; rate?: number; segment?: string;
  /** Where a new trace opens: its end (the whole picture, the default) or its first event. */
  from?: 'start' | 'end';
  draw(now: number): boolean;
  setHover(f: (h: H | null) => H | null): void;
}) {
  const { trace, layout, theme } = scene;
  const n = trace?.length ?? 0;
  // The playback state on screen, published for the trace, layout and theme it belongs to: a new
  // one of those opens on its start (taken while rendering, React's "adjusting state when a prop
  // changes"; the reset effect puts the player there).
  const resetKey = useMemo(() => ({ trace, layout, theme }), [trace, layout, theme]);
  const [shown, setShown] = useState(() => ({ key: resetKey, s: startPlayback(n, rate, from) }));
  if (shown.key !== resetKey) setShown({ key: resetKey, s: startPlayback(n, rate, from) });
  const ui = shown.key === resetKey ? shown.s : startPlayback(n, rate, from);
  const setUi = useCallback((s: PlaybackState) => setShown({ key: resetKey, s }), [resetKey]);

  // New trace or layout: reset heat, paint, position at the start (short) or the end (workloads).
  // An effect event: it reads the latest catalog, demo speed and painters, and runs only when the
  // trace, the layout or the theme changes (a new hover or speed does not restart the playback).
  const reset = useEffectEvent(() => {
    stopAnimator('playback');
    const p = painterRef.current;
    p.reset(catalog?.cache.cbc_latch_children ?? 0, scrollerRef.current);
    p.repaintAll(scene);
    const s = startPlayback(n, rate, from);
    pbRef.current = s;
    const pic = segment ? layout?.pictures.find((q) => q.title.toUpperCase().split(/[^A-Z0-9_$#]+/).includes(segment.toUpperCase())) : undefined;
    if (pic && scrollerRef.current) scrollerRef.current.scrollTop = Math.max(0, pic.y - 4);
    p.syncHeat(scene, s.pos, performance.now());
    requestRedraw('structure', (now) => { draw(now); });
  });
  useEffect(() => { reset(); }, [resetKey]);
  useEffect(() => () => stopAnimator('playback'), []);

  const lastUi = useRef(0);
  const publish = useCallback((s: PlaybackState, force: boolean) => {
    const now = performance.now();
    if (force || now - lastUi.current > 90 || !s.playing) {
      lastUi.current = now;
      setUi(s);
      setHover((h) => (h && h.visits !== painterRef.current.visits(h.ref) ? { ...h, visits: painterRef.current.visits(h.ref) } : h));
    }
  }, [setUi, setHover, painterRef]);

  const run = useCallback(() => {
    startAnimator('playback', (now, dt) => {
      const before = pbRef.current;
      const s = tick(before, dt);
      pbRef.current = s;
      if (s.pos !== before.pos) painterRef.current.syncHeat(scene, s.pos, now);
      const pulsing = draw(now);
      publish(s, false);
      return s.playing || !!pulsing;
    });
  }, [scene, draw, publish, painterRef, pbRef]);

  const apply = useCallback((s: PlaybackState) => {
    pbRef.current = s;
    painterRef.current.syncHeat(scene, s.pos, performance.now());
    publish(s, true);
    run();
  }, [scene, publish, run, painterRef, pbRef]);

  const controls: PlaybackControls = {
    toggle: () => apply(pbRef.current.playing ? pause(pbRef.current) : play(pbRef.current)),
    back: () => apply(stepBack(pbRef.current)),
    fwd: () => apply(stepForward(pbRef.current)),
    first: () => apply(seek(pause(pbRef.current), 0)),
    last: () => apply(seek(pause(pbRef.current), n)),
    rate: (r) => { pbRef.current = setRate(pbRef.current, r); setUi(pbRef.current); },
    seek: (pos) => apply(seek(pause(pbRef.current), pos)),
  };
  return { ui, controls };
}
