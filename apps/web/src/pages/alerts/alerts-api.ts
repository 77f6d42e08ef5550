import type { Alert, AlertBacktest, AlertDraft, AlertHistoryItem, AlertList } from '@spreadscope/contracts';
import type { Language } from '@spreadscope/core';
import { callApi } from '../../auth/account-api.ts';

/** The alert bot's calls (/api/v1/alerts); errors arrive as ApiError with the server's words and field. */
export const alertsApi = {
  list: (language: Language) => callApi<AlertList>('GET', '/alerts', language),
  get: (language: Language, id: string) =>
    callApi<Alert>('GET', `/alerts/${encodeURIComponent(id)}`, language),
  create: (language: Language, draft: AlertDraft) => callApi<Alert>('POST', '/alerts', language, draft),
  update: (language: Language, id: string, patch: Partial<AlertDraft>) =>
    callApi<Alert>('PATCH', `/alerts/${encodeURIComponent(id)}`, language, patch),
  remove: (language: Language, id: string) =>
    callApi<void>('DELETE', `/alerts/${encodeURIComponent(id)}`, language),
  bulk: (language: Language, action: 'pause-all' | 'restart-inactive' | 'delete-inactive') =>
    callApi<{ affected: number }>('POST', '/alerts/bulk', language, { action }),
  history: (language: Language) => callApi<{ items: AlertHistoryItem[] }>('GET', '/alerts/history', language),
  deleteHistory: (language: Language) => callApi<{ deleted: number }>('DELETE', '/alerts/history', language),
  backtest: (language: Language, draft: AlertDraft) =>
    callApi<AlertBacktest>('POST', '/alerts/backtest', language, draft),
};

export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** The browser's notification permission, as the form's rule reads it. */
export function notificationPermission(): 'granted' | 'denied' | 'default' | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** iPhone or iPad not running the installed app: toasts need the home-screen app there (spec §5). */
export function iosNotInstalled(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);
  return ios && !standalone;
}
