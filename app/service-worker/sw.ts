// Pages seen once open again offline; saved files stay current (docs/decisions/0033-saved-copies-stay-current.md).
// Downloads are never fetched ahead: they cost data, so a student saves one explicitly.
import {
  CACHE,
  isPrivatePage,
  isSearchPage,
  OFFLINE_HELPER,
  OFFLINE_PAGE,
  readSavedFiles,
  SEARCH_OFFLINE_PAGE,
  START_PAGES,
  writeSavedFiles,
  type WorkerMessage,
} from "#app/lib/offline";

declare const self: ServiceWorkerGlobalScope;

const MAX_PAGES = 60;
const NEVER_TRIMMED = [OFFLINE_PAGE, SEARCH_OFFLINE_PAGE, ...START_PAGES];
const NETWORK_TIME_LIMIT_MS = 3000;

self.addEventListener("install", (event) => {
  const pages = caches.open(CACHE.pages).then((cache) =>
    Promise.all([
      cache.add(OFFLINE_PAGE),
      cache.add(SEARCH_OFFLINE_PAGE),
      // The app still installs if these fail: they are cached again once opened.
      ...START_PAGES.map((url) => cache.add(url).catch(() => {})),
    ]),
  );
  // Served cache first at a fixed address, the helper would never change: each worker takes today's.
  const helper = caches
    .open(CACHE.static)
    .then((cache) => cache.add(new Request(OFFLINE_HELPER, { cache: "no-cache" })))
    .catch(() => {});
  event.waitUntil(Promise.all([pages, helper]).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const current: string[] = Object.values(CACHE);
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (!current.includes(key)) await caches.delete(key);
      // A results page cached before search pages were left out.
      await (await caches.open(CACHE.pages)).delete("/search");
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const { cache, refreshSaved } = (event.data ?? {}) as WorkerMessage;
  if (Array.isArray(cache)) {
    const urls = cache.filter((url) => mayCache(new URL(url, self.location.origin)));
    event.waitUntil(
      Promise.all(
        urls.map((url) =>
          fetchAndCache(new Request(url, { cache: "force-cache" })).catch(() => {}),
        ),
      ),
    );
  }
  if (refreshSaved) {
    event.waitUntil(
      refreshEverySaved()
        .then((changed) => {
          if (changed) event.source?.postMessage({ savedRefreshed: true } satisfies WorkerMessage);
        })
        .catch(() => {}),
    );
  }
});

function isStatic({ pathname }: URL) {
  return (
    /^\/(assets|images|icons)\//.test(pathname) ||
    /^\/(favicon|logo|apple-touch-icon|og-image)/.test(pathname) ||
    pathname === OFFLINE_HELPER
  );
}

const isFile = ({ pathname }: URL) => /^\/(download|media)\//.test(pathname);
const mayCache = ({ pathname }: URL) => !isPrivatePage(pathname) && !isSearchPage(pathname);
const isPage = (request: Request, url: URL) =>
  request.mode === "navigate" && !url.pathname.startsWith("/admin") && !isFile(url);

async function fetchAndCache(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && mayCache(url)) {
    const cache = await caches.open(isStatic(url) ? CACHE.static : CACHE.pages);
    await cache.put(url.pathname, response.clone());
    if (!isStatic(url)) void trim(cache);
  }
  return response;
}

async function trim(cache: Cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) {
    if (!NEVER_TRIMMED.includes(new URL(key.url).pathname)) await cache.delete(key);
  }
}

/** With no copy on the phone, a slow network is waited for: there is nothing better to show. */
function networkWithinTimeLimit(
  network: Promise<Response>,
  copy: () => Promise<Response | undefined>,
  otherwise: () => Promise<Response>,
): Promise<Response> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => void copy().then((cached) => cached && resolve(cached)),
      NETWORK_TIME_LIMIT_MS,
    );
    network.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      () => {
        clearTimeout(timer);
        void copy()
          .then((cached) => cached ?? otherwise())
          .then(resolve);
      },
    );
  });
}

/** If-None-Match: an unchanged file costs a 304 of a few hundred bytes. */
async function changedVersion(href: string, saved: Response): Promise<Response | null> {
  const etag = saved.headers.get("etag");
  if (!etag) return null;
  const response = await fetch(href, { cache: "no-store", headers: { "If-None-Match": etag } });
  return response.status === 200 && response.type === "basic" ? response : null;
}

async function saveNewVersion(cache: Cache, href: string, response: Response) {
  const bytes = (await response.clone().arrayBuffer()).byteLength;
  // A file removed on /saved while its new version came stays removed.
  if (!(await readSavedFiles(cache))[href]) return;
  await cache.put(href, response);
  const files = await readSavedFiles(cache);
  const file = files[href];
  if (!file) return;
  file.bytes = bytes;
  await writeSavedFiles(cache, files);
}

async function refreshEverySaved(): Promise<boolean> {
  const cache = await caches.open(CACHE.saved);
  let changed = false;
  for (const href of Object.keys(await readSavedFiles(cache))) {
    const saved = await cache.match(href);
    const response = saved && (await changedVersion(href, saved).catch(() => null));
    if (!response) continue;
    await saveNewVersion(cache, href, response);
    changed = true;
  }
  return changed;
}

function savedOrNetwork(request: Request, url: URL) {
  const found = caches
    .open(CACHE.saved)
    .then(async (cache) => ({ cache, saved: await cache.match(url.pathname) }));
  const checked = found.then(async ({ cache, saved }) => {
    if (!saved) return { response: await fetch(request) };
    const newer = await changedVersion(url.pathname, saved);
    if (!newer) return { response: saved };
    return { response: newer, saving: saveNewVersion(cache, url.pathname, newer.clone()) };
  });
  const shown = found.then(({ saved }) => {
    const network = checked.then(({ response }) => response);
    if (!saved) return network;
    return networkWithinTimeLimit(
      network,
      () => Promise.resolve(saved),
      () => Promise.resolve(saved),
    );
  });
  return { shown, saving: checked.then(({ saving }) => saving) };
}

const cachedOr = async (path: string, otherwise?: () => Promise<Response | undefined>) =>
  (await caches.match(path)) ?? (await otherwise?.()) ?? Response.error();

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (isFile(url)) {
    const { shown, saving } = savedOrNetwork(request, url);
    event.waitUntil(saving.catch(() => {}));
    event.respondWith(shown);
    return;
  }
  if (isStatic(url)) {
    event.respondWith(cachedOr(url.pathname, () => fetchAndCache(request)));
    return;
  }
  if (request.mode === "navigate" && isPrivatePage(url.pathname)) {
    event.respondWith(fetch(request).catch(() => cachedOr(OFFLINE_PAGE)));
    return;
  }
  if (request.mode === "navigate" && isSearchPage(url.pathname)) {
    // No copy to wait for: the network, or at once the page that says search needs it.
    event.respondWith(
      fetch(request).catch(() => cachedOr(SEARCH_OFFLINE_PAGE, () => caches.match(OFFLINE_PAGE))),
    );
    return;
  }
  if (isPage(request, url)) {
    // Network first, so a student online sees today's page; a late response is still cached.
    const network = fetchAndCache(request);
    event.waitUntil(network.catch(() => {}));
    event.respondWith(
      networkWithinTimeLimit(
        network,
        () => caches.match(url.pathname),
        () => cachedOr(OFFLINE_PAGE),
      ),
    );
  }
});
