// Offline shell for the web build: every built file is cached at install, so that reloading with
// the server down still starts the app, which then shows the persisted query cache.
// The API is never cached here (the query cache does that, per user and with its own limits).
const CACHE = `mathema-${__CACHE_VERSION__}`;
const PRECACHE = __PRECACHE_FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return;

  if (request.mode === 'navigate') {
    // Network first, so a new release is picked up at once; the cached shell when offline.
    event.respondWith(fetch(request).catch(() => caches.match('/', { ignoreVary: true })));
    return;
  }
  // ignoreVary: the server answers with `Vary: Origin` (CORS), and module scripts are requested
  // with an Origin header that the precache requests did not send, so a plain match misses.
  event.respondWith(
    caches.match(request, { ignoreVary: true }).then((cached) => cached ?? fetch(request)),
  );
});

// Web Push (areas/notifications on the server): the payload is
// { title, body, url, tag, school_id, role, entity, entity_id }. A push always shows a
// notification (browsers require it of userVisibleOnly subscriptions); its tag keeps a message
// delivered twice from showing twice.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Mathema', {
      body: message.body || '',
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: typeof message.url === 'string' ? message.url : '/' },
    }),
  );
});

// Pressing it opens its screen: in a window of the app that is already open, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  // Only a path of this app, never another site.
  const path = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(path);
      // The open app moves within itself (platform/web.ts listens), keeping its state.
      open.postMessage({ type: 'mathema:navigate', path });
      return open.focus();
    }),
  );
});
