import {
  CACHE,
  isPrivatePage,
  isSearchPage,
  OFFLINE_HELPER,
  OFFLINE_PAGE,
  readSavedFiles,
  SEARCH_OFFLINE_PAGE,
  SIGNED_IN_HEADER,
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
      cache.addAll([OFFLINE_PAGE, SEARCH_OFFLINE_PAGE]),
      // The app still installs if these fail: they are cached again once opened.
      ...START_PAGES.map((url) => cache.add(url).catch(() => {})),
    ]),
  );
  // Served cache first at a fixed address, it would never change: each worker takes today's.
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
  const cached = (Array.isArray(cache) ? cache : [])
    .filter((url) => mayCache(new URL(url, self.location.origin)))
    .map((url) => fetchAndCache(new Request(url, { cache: "force-cache" })).catch(() => {}));
  if (cached.length) event.waitUntil(Promise.all(cached));
  if (!refreshSaved) return;
  const reply: WorkerMessage = { savedRefreshed: true };
  event.waitUntil(
    refreshEverySaved()
      .then((changed) => changed && event.source?.postMessage(reply))
      .catch(() => {}),
  );
});

const isStatic = ({ pathname }: URL) =>
  /^\/(assets|images|icons)\//.test(pathname) ||
  /^\/(favicon|logo|apple-touch-icon|og-image)/.test(pathname) ||
  pathname === OFFLINE_HELPER;
const isFile = ({ pathname }: URL) => /^\/(download|media)\//.test(pathname);
const mayCache = ({ pathname }: URL) => !isPrivatePage(pathname) && !isSearchPage(pathname);

async function fetchAndCache(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && mayCache(url)) {
    if (isStatic(url)) {
      await (await caches.open(CACHE.static)).put(url.pathname, response.clone());
    } else {
      await keepPage(url.pathname, response.clone(), request.mode === "navigate");
    }
  }
  return response;
}

// The server marks every page it draws for a signed-in student (docs/security.md#sessions).
const drawnForSomeone = (response: Response) => response.headers.has(SIGNED_IN_HEADER);

/** A page opened with no one signed in means whoever was has gone: their pages go too. */
async function keepPage(path: string, response: Response, opened: boolean) {
  const signedIn = drawnForSomeone(response);
  if (!signedIn && opened) await forgetSignedInPages();
  const [keep, other] = signedIn
    ? [CACHE.signedInPages, CACHE.pages]
    : [CACHE.pages, CACHE.signedInPages];
  const cache = await caches.open(keep);
  await cache.put(path, response);
  // Opening a cache makes it: the other is only looked in when it is there.
  if (await caches.has(other)) await (await caches.open(other)).delete(path);
  void trim(cache);
}

const forgetSignedInPages = () => caches.delete(CACHE.signedInPages);

async function trim(cache: Cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_PAGES)))
    if (!NEVER_TRIMMED.includes(new URL(key.url).pathname)) await cache.delete(key);
}

// With no copy on the phone, a slow network is waited for: there is nothing better to show.
function networkWithinTimeLimit(
  network: Promise<Response>,
  copy: () => Promise<Response | undefined>,
  otherwise: () => Promise<Response>,
): Promise<Response> {
  return new Promise((resolve) => {
    const late = () => void copy().then((cached) => cached && resolve(cached));
    const timer = setTimeout(late, NETWORK_TIME_LIMIT_MS);
    network
      .finally(() => clearTimeout(timer))
      .then(resolve, () => copy().then((cached) => resolve(cached ?? otherwise())));
  });
}

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
  if (!files[href]) return;
  files[href].bytes = bytes;
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

function serveSavedFile(event: FetchEvent, path: string) {
  const found = caches
    .open(CACHE.saved)
    .then(async (cache) => ({ cache, saved: await cache.match(path) }));
  const checked = found.then(async ({ cache, saved }) => {
    const newer = saved && (await changedVersion(path, saved));
    const saving = newer && saveNewVersion(cache, path, newer.clone());
    return { response: newer ?? saved ?? (await fetch(event.request)), saving };
  });
  event.waitUntil(checked.then(({ saving }) => saving).catch(() => {}));
  event.respondWith(
    found.then(({ saved }) => {
      const network = checked.then(({ response }) => response);
      if (!saved) return network;
      const copy = () => Promise.resolve(saved);
      return networkWithinTimeLimit(network, copy, copy);
    }),
  );
}

const cachedOr = async (path: string, otherwise?: () => Promise<Response | undefined>) =>
  (await caches.match(path)) ?? (await otherwise?.()) ?? Response.error();

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method === "POST" && url.pathname === "/logout" && request.mode === "navigate") {
    // Logged out (the server answers with a redirect): this student's pages leave the phone now.
    event.respondWith(
      fetch(request).then(async (response) => {
        if (response.type === "opaqueredirect" || response.ok) await forgetSignedInPages();
        return response;
      }),
    );
    return;
  }
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const navigate = request.mode === "navigate";
  if (isFile(url)) {
    serveSavedFile(event, url.pathname);
  } else if (isStatic(url)) {
    event.respondWith(cachedOr(url.pathname, () => fetchAndCache(request)));
  } else if (navigate && isPrivatePage(url.pathname)) {
    event.respondWith(fetch(request).catch(() => cachedOr(OFFLINE_PAGE)));
  } else if (navigate && isSearchPage(url.pathname)) {
    // No copy to wait for: the network, or at once the page that says search needs it.
    event.respondWith(
      fetch(request).catch(() => cachedOr(SEARCH_OFFLINE_PAGE, () => caches.match(OFFLINE_PAGE))),
    );
  } else if (navigate && !url.pathname.startsWith("/admin")) {
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
