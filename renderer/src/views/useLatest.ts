// The latest value of a prop or callback for handlers that run after
// render (event handlers, observers, effects): written after each commit,
// never during render (React's refs rule).
import { useLayoutEffect, useRef } from 'react';

export function useLatest<T>(value: T): { current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => { ref.current = value; });
  return ref;
}
