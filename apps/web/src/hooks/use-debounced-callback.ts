import { useEffect, useMemo, useRef } from 'react';

/** Calls `fn` once typing pauses for `ms`; the latest `fn` is used, pending calls die with the component. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useMemo(
    () => ({
      call: (...args: A) => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => fnRef.current(...args), ms);
      },
      flush: (...args: A) => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        fnRef.current(...args);
      },
    }),
    [ms],
  );
}
