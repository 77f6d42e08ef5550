import { useCallback, useContext, useSyncExternalStore } from 'react';
import { AssumedViewportContext } from '../app/contexts.ts';

/** On the server: a width query against the width the first paint is laid out for; any other query false. */
export function matchesAssumed(query: string, width: number): boolean {
  const [, bound, px] = /^\((min|max)-width:\s*(\d+)px\)$/.exec(query.trim()) ?? [];
  if (!bound || width <= 0) return false;
  return bound === 'min' ? width >= Number(px) : width <= Number(px);
}

export function useMediaQuery(query: string): boolean {
  const assumed = useContext(AssumedViewportContext);
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => matchesAssumed(query, assumed),
  );
}
