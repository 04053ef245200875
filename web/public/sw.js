/* global self */
// The client's service worker: shows the server's Web Push messages (the JSON of
// src/platform/notifications/channels/push.ts) and opens their page when clicked.
self.addEventListener('push', (event) => {
  let m = {};
  try {
    m = event.data ? event.data.json() : {};
  } catch {
    m = { body: event.data ? event.data.text() : '' };
  }
  const url = m.url || (m.gameId ? `/games/${encodeURIComponent(m.gameId)}` : '/');
  event.waitUntil(
    self.registration.showNotification(m.title || 'Warpost', { body: m.body || '', tag: m.tag, data: { url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url || '/'));
});
