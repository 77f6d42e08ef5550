// Spreadscope's service worker: shows alerts that arrive as Web Push while no tab is open (the installed app
// on a phone, a closed laptop lid), and opens the alert's page on click. It caches nothing: the tables are live.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Spreadscope', body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Spreadscope';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      // One notification per alert crossing: a resend after a server restart replaces it instead of adding one.
      tag: data.key || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      timestamp: data.occurredAt || Date.now(),
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === target.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) await client.navigate(target.href);
          return;
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
