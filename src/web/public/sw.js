// Caredeck's service worker: keeps the app shell (index.html, its hashed scripts and styles, icons)
// so the installed app opens without a network. It never stores an API answer: those may carry
// patient data and must always come from the server.
const CACHE = 'caredeck-shell-v2';
// / is the prerendered landing page (landing.html); /index.html is the empty page every other path starts from.
const SHELL = ['/', '/index.html', '/manifest.webmanifest', '/favicon.svg', '/preferences-init.js', '/pwa.js', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function isShellAsset(url) {
  return url.origin === self.location.origin && (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/ws') return;

  // Pages: the network first (new releases show at once), the cached shell when offline.
  if (request.mode === 'navigate') {
    const shell = url.pathname === '/' ? '/' : '/index.html';
    event.respondWith(fetch(request).catch(() => caches.match(shell).then((cached) => cached ?? Response.error())));
    return;
  }
  // Hashed build files never change under one name: the cache first, filled as they are used.
  if (isShellAsset(url)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok && url.pathname.startsWith('/assets/')) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
