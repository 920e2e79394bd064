// A callback ref that watches an element's size for as long as that element
// is mounted. Views render an empty message first and their canvas later (no
// step selected yet, no catalog yet, a saved run): an effect that ran once at
// mount with `ref.current` would call `ResizeObserver.observe(null)` (a
// TypeError that took the whole app down) or never see the element that came
// later. The callback ref runs whenever React attaches or detaches the node.
import { useCallback, useEffect, useRef } from 'react';
import { useLatest } from './useLatest';

/**
 * `onResize(el)` runs when the element mounts and whenever its size changes;
 * `objectRef`, when given, is kept pointing at the element (for the view's
 * other uses of it). The returned function is stable: pass it as `ref`.
 */
export function useResizeRef<T extends Element>(onResize: (el: T) => void, objectRef?: { current: T | null }): (el: T | null) => void {
  const cb = useLatest(onResize);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => { observer.current?.disconnect(); observer.current = null; }, []);
  return useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (objectRef) objectRef.current = el;
    if (!el) return;
    cb.current(el);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => cb.current(el));
    ro.observe(el);
    observer.current = ro;
  }, [objectRef, cb]);
}
