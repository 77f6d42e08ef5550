import type { ToastFrame } from '@spreadscope/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../hooks/use-locale.ts';
import { toast } from '../lib/toast.ts';

/** The per-user socket: the server checks the session cookie on upgrade and sends this user's alerts only. */
export function userSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/v1/ws/user`;
}

/**
 * Shows the signed-in user's alerts as toasts in this tab while it is open. The toast's id is the alert's
 * idempotency key, so a copy resent after a server restart replaces the toast instead of stacking a second.
 * Reconnects with growing pauses (1 s … 30 s) after the server restarts or the network drops.
 */
export function useUserToasts(signedIn: boolean): void {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useEffect(() => {
    if (!signedIn || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let closed = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      socket = new WebSocket(userSocketUrl(window.location));
      socket.onopen = () => {
        failures = 0;
      };
      socket.onmessage = (event) => {
        let frame: ToastFrame;
        try {
          frame = JSON.parse(String(event.data)) as ToastFrame;
        } catch {
          return;
        }
        if (frame.type !== 'notification') return;
        const url = frame.url;
        toast(frame.title, {
          id: frame.key,
          description: frame.body,
          duration: 15_000,
          ...(url ? { action: { label: t('notify.open'), onClick: () => navigate(to(url)) } } : {}),
        });
      };
      socket.onclose = () => {
        if (closed) return;
        failures += 1;
        timer = setTimeout(connect, Math.min(30_000, 1_000 * 2 ** Math.min(failures - 1, 5)));
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [signedIn, t, to, navigate]);
}
