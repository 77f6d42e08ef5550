import type { DataSource, PremiumTableRow, WsTopic } from '@spreadscope/contracts';
import { UPDATE_INTERVAL_MS, type UpdateInterval } from '@spreadscope/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { etagOfAnswer } from '../lib/answer-etags.ts';
import { ApiError, getJson } from '../lib/api-client.ts';
import { takeBootTable } from '../lib/boot-data.ts';
import { marketStatus } from '../lib/market-status.ts';
import { shareSpreadRows } from '../lib/share-rows.ts';
import { useLocale } from './use-locale.ts';
import { useConnectionState, usePremiumSocket } from './use-socket.ts';

export type WireParams = Readonly<Record<string, string | number | boolean | undefined>>;

export interface LiveFeed<T> {
  readonly data: T | undefined;
  /** True while the rows on screen belong to the previous filters and the new ones are on their way. */
  readonly isPlaceholder: boolean;
  readonly error: ApiError | null;
  readonly isLoading: boolean;
  /** Identifies the view (topic, filters, currency, base): cell flashes compare snapshots of one view only. */
  readonly viewKey: string;
  retry(): void;
}

/** REST polling only stands in while the socket is down; never faster than every 3 s. */
const FALLBACK_POLL_MIN_MS = 3_000;

interface Live {
  readonly updatedAt?: number;
  readonly dataSource?: DataSource;
}

/** Where a live table's answers live in the query cache (the REST answer, then each snapshot). */
export function liveQueryKey(topic: WsTopic, params: WireParams, updateInterval: UpdateInterval) {
  return ['live', viewKeyOf(topic, updateInterval, JSON.stringify(params))] as const;
}

function viewKeyOf(topic: WsTopic, updateInterval: UpdateInterval, paramsKey: string): string {
  return `${topic}:${updateInterval}:${paramsKey}`;
}

/** Topics whose snapshots are tables of spread rows (premium and arbitrage). */
const SPREAD_TOPICS: ReadonlySet<WsTopic> = new Set([
  'premium',
  'arbitrage-spot-spot',
  'arbitrage-spot-perp',
  'arbitrage-perp-perp',
]);

/** The snapshot with its unchanged rows swapped for their previous versions. */
function shareRowsWith<T>(previous: T | undefined, next: T): T {
  const rows = (next as { data?: unknown }).data;
  const before = (previous as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(rows) || !Array.isArray(before)) return next;
  return { ...next, data: shareSpreadRows(before as PremiumTableRow[], rows as PremiumTableRow[]) };
}

/**
 * Runs `work` right after the browser draws its next frame (at once where there are no frames). A snapshot can
 * arrive at any moment of a frame; the table's work on it (re-sorting, comparing, redrawing the rows that
 * changed) then starts with a whole frame's time ahead of it instead of pushing the next frame late. Returns a
 * cancel function.
 */
function afterNextFrame(work: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    work();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A task queued from the frame callback runs once that frame is painted.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * A live table of any topic: the first answer over REST (fast first paint, errors in the user's language),
 * then a WebSocket subscription at the user's interval whose tables (whole snapshots, or for premium and
 * arbitrage the table rebuilt from each delta) replace the cached answer. The subscription's params are the
 * REST query (contracts ws.ts), so one object feeds both.
 */
export function useLiveTable<T extends Live>(
  topic: WsTopic,
  path: string,
  params: WireParams,
  updateInterval: UpdateInterval,
  enabled = true,
): LiveFeed<T> {
  const { language } = useLocale();
  const socket = usePremiumSocket();
  const connection = useConnectionState();
  const queryClient = useQueryClient();
  const paramsKey = useMemo(() => JSON.stringify(params), [params]);
  const viewKey = viewKeyOf(topic, updateInterval, paramsKey);
  const queryKey = useMemo(() => ['live', viewKey] as const, [viewKey]);
  const [socketError, setSocketError] = useState<ApiError | null>(null);

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => getJson<T>(path, JSON.parse(paramsKey) as WireParams, language, signal),
    // A first visit's table came inlined in the page (lib/boot-data.ts): no request, the socket takes over.
    initialData: () => takeBootTable<T>(path, JSON.parse(paramsKey) as WireParams) ?? undefined,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    // The socket keeps the cache current; REST polls at the interval while it is down or refused the topic.
    refetchInterval:
      connection.status === 'open' && socketError === null
        ? false
        : Math.max(FALLBACK_POLL_MIN_MS, UPDATE_INTERVAL_MS[updateInterval]),
    placeholderData: keepPreviousData,
    // Each snapshot replaces the whole table; deep-comparing 500 rows twice a second costs more than it saves.
    structuralSharing: false,
    retry: (failures, error) => failures < 3 && error instanceof ApiError && error.code === 'network',
  });

  useEffect(() => {
    if (!enabled) return;
    setSocketError(null);
    const wire = JSON.parse(paramsKey) as Record<string, string | number | undefined>;
    const sharesRows = SPREAD_TOPICS.has(topic);
    // The newest snapshot not yet applied: snapshots that arrive within one frame are drawn once, the last.
    let pending: T | null = null;
    let cancel: (() => void) | null = null;
    const apply = () => {
      cancel = null;
      const data = pending;
      pending = null;
      if (data) queryClient.setQueryData<T>(queryKey, data);
    };
    // The answer on screen (inlined in the page, or from REST) with its ETag: the socket joins from it.
    const shown = queryClient.getQueryData<T>(queryKey);
    const etag = etagOfAnswer(shown);
    const unsubscribe = socket.subscribe<T>(
      {
        topic,
        interval: updateInterval,
        params: wire,
        ...(etag ? { held: { etag, data: shown } } : {}),
      },
      {
        onSnapshot: (decoded, _seq, source) => {
          // Spread tables: rows that did not change become the objects they were (lib/share-rows.ts). A table
          // built from a delta already keeps them.
          const data =
            sharesRows && source === 'snapshot'
              ? shareRowsWith(pending ?? queryClient.getQueryData<T>(queryKey), decoded)
              : decoded;
          pending = data;
          if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
            // A hidden tab draws no frames: apply at once, so whatever reads the cache stays current.
            cancel?.();
            apply();
          } else cancel ??= afterNextFrame(apply);
          setSocketError(null);
        },
        onError: (message, code) => setSocketError(new ApiError(code, message, null)),
      },
    );
    return () => {
      cancel?.();
      unsubscribe();
    };
  }, [socket, queryClient, queryKey, topic, paramsKey, updateInterval, enabled]);

  const data = query.data;
  useEffect(() => {
    if (!data) return;
    marketStatus.report({
      ...(data.dataSource ? { dataSource: data.dataSource } : {}),
      ...(typeof data.updatedAt === 'number' ? { updatedAt: data.updatedAt } : {}),
    });
  }, [data]);

  const restError =
    query.error instanceof ApiError ? query.error : query.error ? new ApiError('unknown', '', null) : null;
  return {
    data,
    isPlaceholder: query.isPlaceholderData,
    // A subscription the server refuses (say, a topic it does not serve yet) falls back to REST polling at the
    // interval; it is only worth showing when REST has nothing either.
    error: restError ?? (data ? null : socketError),
    isLoading: query.isPending && enabled,
    viewKey,
    retry: () => {
      setSocketError(null);
      void query.refetch();
    },
  };
}
