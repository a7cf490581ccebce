/*
 * The app's service worker (features/device registers it). Kept small and hand-written:
 * - pages: network first, so a running server always answers with the current app; offline, the last
 *   app shell seen is served (the app then shows its own offline errors for API calls);
 * - /assets/*: content-hashed build files, served from the cache once fetched;
 * - nothing else is touched (API calls, uploads, the manifest go to the network as usual);
 * - Web Push: a push shows a notification; clicking it opens (or focuses) the app at its address.
 */
const SHELL_CACHE = 'shell-v1';
const ASSET_CACHE = 'assets-v1';
const SHELL_KEY = '/__app-shell';

/** Keeps an app page as the offline shell, with the build files it loads (entry and preloads). */
async function keepShell(res) {
  const html = await res.clone().text();
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(SHELL_KEY, res);
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) || [])];
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(assets.map((a) => cache.match(a).then((hit) => hit || cache.add(a))));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch('/app', { cache: 'reload' })
      .then((res) => (res.ok ? keepShell(res) : undefined))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;

  if (req.mode === 'navigate' && !/^\/(api|internal|files|docs\/api)\//.test(url.pathname)) {
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) event.waitUntil(keepShell(res.clone()).catch(() => undefined));
          return res;
        })
        .catch(() => caches.match(SHELL_KEY).then((r) => r || new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain' } }))),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSET_CACHE).then((c) =>
        c.match(req).then(
          (hit) =>
            hit ||
            fetch(req).then((res) => {
              if (res.ok) c.put(req, res.clone());
              return res;
            }),
        ),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'New activity', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      data: { url: data.url || '/inbox' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/inbox', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
      const open = list.find((c) => new URL(c.url).origin === self.location.origin);
      if (open) return open.navigate(target).then((c) => (c || open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
