import { useCallback, useEffect, useState } from 'react';
import { clampPage } from '../lib/table-paging.ts';

/** The page of a live table. It belongs to one view: other filters (`viewKey`) start again on page 1. */
export function useTablePage(viewKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ viewKey, page: 1 });
  const page = state.viewKey === viewKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ viewKey, page: Math.max(1, next) }), [viewKey]);
  return [page, setPage];
}

/** A page the table no longer has (its total shrank while it was open) falls back to the last one. */
export function useClampedPage(
  page: number,
  setPage: (page: number) => void,
  pageSize: number,
  total: number | undefined,
): void {
  useEffect(() => {
    if (total === undefined) return;
    const clamped = clampPage(page, pageSize, total);
    if (clamped !== page) setPage(clamped);
  }, [page, setPage, pageSize, total]);
}
