import type { DataSource } from '@spreadscope/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LiveFeed } from '../hooks/use-live-table.ts';
import type { ApiError } from '../lib/api-client.ts';

/**
 * The server's own errors arrive already in the user's language; failures before an answer (network, a proxy's
 * 502, an unreadable body) get our wording, never a raw English status text.
 */
export function feedErrorText(error: ApiError, t: TFunction): string {
  if (isMissingRoute(error)) return t('errors.notYetServed');
  // The live feed's limits (status null: a WebSocket answer), in the page's language rather than the socket's.
  if (error.status === null) {
    switch (error.code) {
      case 'too_many_groups':
        return t('ws.tooManyGroups', { ns: 'server' });
      case 'server_busy':
        return t('ws.serverBusy', { ns: 'server' });
      case 'rate_limited':
        return t('ws.rateLimited', { ns: 'server' });
      case 'too_many_connections':
        return t('ws.tooManyConnections', { ns: 'server' });
    }
  }
  switch (error.code) {
    case 'network':
      return t('errors.network');
    case 'bad_response':
      return t('errors.badResponse');
    case 'http_error':
    case 'unknown':
      return error.status === 404
        ? t('errors.notYetServed')
        : error.status
          ? t('errors.serverUnavailable', { status: error.status })
          : t('errors.unexpected');
    default:
      return error.message || t('errors.unexpected');
  }
}

/**
 * A 404 naming no parameter is the server saying it has no such call (an older server than this screen),
 * not that the thing asked for does not exist; that answer names the parameter at fault.
 */
export function isMissingRoute(error: ApiError): boolean {
  return error.status === 404 && error.code === 'not_found' && error.param === undefined;
}

/**
 * How long after the live source began an empty table still means "the exchanges are connecting" rather than "no
 * row matches": `auto` gives the venues 15 s before it falls back to the simulator; a venue's first snapshot can
 * take longer on a slow link.
 */
const CONNECTING_WINDOW_MS = 60_000;

/**
 * Whether an empty answer comes from a live source that has not heard from any exchange yet (a fresh start): the
 * table then says it is connecting, not that nothing matched the filters. `venuesUp` is the venue poll's count of
 * answering exchanges when the page has it: once one answers, an empty table means no row matched.
 */
export function connectingSource(data: unknown, venuesUp?: number): DataSource | null {
  if (typeof data !== 'object' || data === null || (venuesUp ?? 0) > 0) return null;
  const { dataSource, updatedAt } = data as { dataSource?: DataSource; updatedAt?: number };
  if (dataSource?.mode !== 'live' || typeof updatedAt !== 'number') return null;
  return updatedAt - dataSource.since < CONNECTING_WINDOW_MS ? dataSource : null;
}

/** Loading, empty and error states over a live table, with a retry that refetches at once. */
export function TableState({
  feed,
  empty,
  emptyHint,
  venuesUp,
}: {
  feed: LiveFeed<unknown>;
  empty: boolean;
  emptyHint?: string | undefined;
  /** Exchanges answering now, from the venue poll, when the page has it. */
  venuesUp?: number | undefined;
}) {
  const { t } = useTranslation();
  if (feed.error && (empty || feed.error.code !== 'network')) {
    return (
      <div className="ptable-state ptable-state--error" role="alert" data-testid="premium-error">
        <p className="ptable-state__title">{t('premium.errorTitle')}</p>
        <p>{feedErrorText(feed.error, t)}</p>
        <button type="button" className="button" onClick={feed.retry}>
          {t('premium.retry')}
        </button>
      </div>
    );
  }
  if (feed.isLoading) {
    return (
      <div className="ptable-state" role="status" data-testid="premium-loading">
        {t('premium.loading')}
      </div>
    );
  }
  const connecting = empty ? connectingSource(feed.data, venuesUp) : null;
  if (connecting) {
    return (
      <div className="ptable-state" role="status" data-testid="table-connecting">
        <p className="ptable-state__title">{t('premium.connecting')}</p>
        <p>{t(connecting.requested === 'auto' ? 'premium.connectingAutoHint' : 'premium.connectingHint')}</p>
      </div>
    );
  }
  if (empty && feed.data) {
    return (
      <div className="ptable-state" role="status" data-testid="premium-empty">
        <p className="ptable-state__title">{t('premium.empty')}</p>
        <p>{emptyHint ?? t('premium.emptyHint')}</p>
      </div>
    );
  }
  return null;
}
