/* StudyZed service worker: pages and quizzes seen once open again offline (docs/requirements.md, "Light and offline").
   Downloads are never fetched ahead: they cost data. A student saves one explicitly. */
const VERSION = "v1";
const PAGES = `pages-${VERSION}`;
const STATIC = `static-${VERSION}`;
const SAVED = "saved-files";
const MAX_PAGES = 60;
const OFFLINE_URL = "/offline";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.add(OFFLINE_URL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key !== PAGES && key !== STATIC && key !== SAVED)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page that registered us names what it loaded before we were in control. */
self.addEventListener("message", (event) => {
  const { keep } = event.data || {};
  if (!Array.isArray(keep)) return;
  event.waitUntil(
    Promise.all(
      keep.map((url) => remember(new Request(url, { cache: "force-cache" })).catch(() => {})),
    ),
  );
});

function isStatic(url) {
  return (
    url.pathname.startsWith("/assets/") ||
    url.pathname.startsWith("/images/") ||
    /^\/(favicon|logo|apple-touch-icon|og-image)/.test(url.pathname) ||
    url.pathname === "/offline.js"
  );
}

function isPage(request, url) {
  return (
    request.mode === "navigate" &&
    !url.pathname.startsWith("/admin") &&
    !url.pathname.startsWith("/download/") &&
    !url.pathname.startsWith("/media/")
  );
}

async function remember(request) {
  const url = new URL(request.url);
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(isStatic(url) ? STATIC : PAGES);
    await cache.put(url.pathname, response.clone());
    if (!isStatic(url)) trim(cache);
  }
  return response;
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) {
    if (new URL(key.url).pathname !== OFFLINE_URL) await cache.delete(key);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith("/download/") || url.pathname.startsWith("/media/")) {
    // Only what the student saved is served from here; everything else goes to the network.
    event.respondWith(
      caches
        .open(SAVED)
        .then((cache) => cache.match(url.pathname))
        .then((saved) => saved || fetch(request)),
    );
    return;
  }
  if (isStatic(url)) {
    event.respondWith(caches.match(url.pathname).then((cached) => cached || remember(request)));
    return;
  }
  if (isPage(request, url)) {
    // Network first, so a student online always sees today's page; the copy is for later.
    event.respondWith(
      remember(request).catch(
        async () =>
          (await caches.match(url.pathname)) ||
          (await caches.match(OFFLINE_URL)) ||
          Response.error(),
      ),
    );
  }
});
