// Presenter mode's state in the workbench: the demo being presented, the last
// statement run so far on its fresh instance, and its stop when the engine
// died during the presentation.
import { useCallback, useState } from 'react';
import { parseDemo, type Demo } from '../model/demo.mjs';
import { shortStmt } from '../session';
import type { EditorError } from '../views/Editor';
import type { PresenterStop } from '../views/Presenter';
import { useLatest } from '../views/useLatest';

/**
 * The demo, and the last statement run so far on its fresh instance (-1: none yet).
 * `stopped`: the engine died during the presentation (its instance is gone): nothing more runs
 * until the presenter rebuilds the demo up to a slide; `builds` counts those rebuilds.
 */
export interface Presenting { demo: Demo; upTo: number; stopped: PresenterStop | null; builds: number }

export function usePresenting({ getText, execute, flash, setErrors }: {
  getText(): string;
  execute(mode: 'statement', only: { from: number; to: number; fresh: boolean }): Promise<boolean>;
  flash(msg: string): void;
  setErrors(e: EditorError[]): void;
}) {
  const [presenting, setPresenting] = useState<Presenting | null>(null);
  const presentingRef = useLatest(presenting);

  /** The script's demo beats as slides, on this script's latest Run all (run first if needed). */
  const present = useCallback(async () => {
    const demo = parseDemo(getText());
    if (demo.errors.length) {
      const e = demo.errors[0];
      setErrors(demo.errors.map((x) => ({ ...x })));
      flash(`${e.code} at line ${e.line}, column ${e.column}: ${e.message}`);
      return;
    }
    setPresenting({ demo, upTo: -1, stopped: null, builds: 0 });
  }, [flash, getText, setErrors]);

  /** The demo runs as it goes: up to statement k, from where it stands (a fresh instance first). */
  const runTo = useCallback(async (k: number) => {
    const p = presentingRef.current;
    const st = p?.demo.statements ?? [];
    const last = Math.min(k, st.length - 1);
    if (!p || p.stopped || last <= p.upTo) return;
    const ran = await execute('statement', { from: st[p.upTo + 1].from, to: st[last].to, fresh: p.upTo < 0 });
    // Not when the engine stopped meanwhile (onReplaced marked the presentation stopped: another object).
    if (ran && presentingRef.current === p) setPresenting({ ...p, upTo: last });
  }, [execute, presentingRef]);

  /** After a stop: a fresh engine, and the demo run again from its first statement (the slide then runs up to its own). */
  const rebuild = useCallback(() => {
    const p = presentingRef.current;
    if (!p) return;
    const next = { ...p, upTo: -1, stopped: null, builds: p.builds + 1 };
    presentingRef.current = next;
    setPresenting(next);
  }, [presentingRef]);

  /**
   * The engine stopped (`running`: what it was running): a presentation stops there; its next
   * slide would run on the empty instance (ORA-00942 on the projector).
   */
  const stopOnReplace = useCallback((reason: string, running: { line: number; label: string } | null) => {
    const p = presentingRef.current;
    if (p && !p.stopped && (p.upTo >= 0 || running)) {
      const first = running?.label.replace(/;\s*$/, '') ?? '';
      const stop: PresenterStop = { reason, line: running?.line ?? null, label: running ? shortStmt(first, 60) : null };
      setPresenting({ ...p, stopped: stop });
      presentingRef.current = { ...p, stopped: stop };
    }
  }, [presentingRef]);

  const leave = useCallback(() => setPresenting(null), []);

  return { presenting, present, runTo, rebuild, stopOnReplace, leave };
}
