import type { Language } from '@spreadscope/core';
import { callApi } from '../auth/account-api.ts';

/** iPhone/iPad (iPadOS reports itself as a Mac with touch): Web Push works only from the home-screen app. */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}

export function isInstalledApp(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export type PushSupport = 'supported' | 'unsupported' | 'ios-needs-install';

export function pushSupport(): PushSupport {
  if (isIos() && !isInstalledApp()) return 'ios-needs-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return 'supported';
}

/** The service worker (public/sw.js) that shows pushes; registered once per page load. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

/** Removes this site's service workers (consent to functionality storage withdrawn). */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  for (const registration of await navigator.serviceWorker.getRegistrations())
    await registration.unregister();
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks for permission (needs a click), subscribes with the server's VAPID key and hands the subscription over. */
export async function enablePush(vapidPublicKey: string, language: Language): Promise<'enabled' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await (registerServiceWorker() ?? Promise.reject(new Error('no service worker')));
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidPublicKey),
    }));
  await callApi('POST', '/push/subscriptions', language, subscription.toJSON());
  return 'enabled';
}

export async function disablePush(language: Language): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await callApi('DELETE', '/push/subscriptions', language, { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

export async function hasPushSubscription(): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) != null;
}
