/* StudyZed service worker: pages and quizzes seen once open again offline, search results never
   (docs/decisions/0047), and saved files stay the site's current version (docs/requirements.md,
   "Light and offline"; docs/decisions/0033).
   Downloads are never fetched ahead: they cost data. A student saves one explicitly. */
const VERSION = "v1";
const PAGES = `pages-${VERSION}`;
const STATIC = `static-${VERSION}`;
const SAVED = "saved-files";
const SAVED_INDEX = "/__saved-index";
const MAX_PAGES = 60;
const OFFLINE_URL = "/offline";
/** Shown for a search with no connection: it lists the pages kept here (docs/decisions/0047). */
const SEARCH_OFFLINE_URL = "/offline/search";
/** The installed app's start page and the saved list, so the app opens with no connection (docs/decisions/0034). */
const START_PAGES = ["/", "/saved"];
/** Never trimmed: without them the phone has nothing to show offline. */
const KEPT_FOR_GOOD = [OFFLINE_URL, SEARCH_OFFLINE_URL, ...START_PAGES];
/** How long a page, or a check of a saved file, waits for the network before the phone's copy is shown. */
const NETWORK_TIME_LIMIT_MS = 3000;

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(PAGES).then((cache) =>
        Promise.all([
          cache.add(OFFLINE_URL),
          cache.add(SEARCH_OFFLINE_URL),
          // The app still installs if these fail: they are kept again once opened.
          ...START_PAGES.map((url) => cache.add(url).catch(() => {})),
        ]),
      ),
      // The offline helper is kept cache first at one unchanging address, so a phone would
      // keep its first copy for ever: each new service worker takes today's, which the pages
      // it shows offline need (the list on /offline/search). The old copy stays if this fails.
      caches
        .open(STATIC)
        .then((cache) => cache.add(new Request("/offline.js", { cache: "no-cache" })))
        .catch(() => {}),
    ]).then(() => self.skipWaiting()),
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
      // A results page kept before search pages were left out (docs/decisions/0047).
      .then(() => caches.open(PAGES))
      .then((cache) => cache.delete("/search"))
      .then(() => self.clients.claim()),
  );
});

/**
 * The page that registered us names what it loaded before we were in control; /saved, opened
 * online, asks for every saved file to be checked and hears back when one changed.
 */
self.addEventListener("message", (event) => {
  const { keep, refreshSaved } = event.data || {};
  if (Array.isArray(keep)) {
    event.waitUntil(
      Promise.all(
        keep
          .filter((url) => mayKeep(new URL(url, self.location.origin)))
          .map((url) => remember(new Request(url, { cache: "force-cache" })).catch(() => {})),
      ),
    );
  }
  if (refreshSaved) {
    event.waitUntil(
      refreshEverySaved()
        .then(
          (changed) =>
            changed && event.source && event.source.postMessage({ savedRefreshed: true }),
        )
        .catch(() => {}),
    );
  }
});

function isStatic(url) {
  return (
    url.pathname.startsWith("/assets/") ||
    url.pathname.startsWith("/images/") ||
    url.pathname.startsWith("/icons/") ||
    /^\/(favicon|logo|apple-touch-icon|og-image)/.test(url.pathname) ||
    url.pathname === "/offline.js"
  );
}

/**
 * My progress and My account hold one student's results and details: never kept, so a shared
 * phone never shows them to the next student, not even offline
 * (docs/decisions/0044-my-progress.md, docs/decisions/0045-the-account-pages.md).
 */
function isPrivatePage(url) {
  return /^\/(progress|account)(\/|$)/.test(url.pathname);
}

/**
 * A results page answers one query, but pages are kept by path alone: a kept /search?q=a would
 * be shown for /search?q=b. So no /search address is ever kept or served from here
 * (docs/decisions/0047-search-needs-a-connection.md).
 */
function isSearchPage(url) {
  return /^\/search(\/|$)/.test(url.pathname);
}

function mayKeep(url) {
  return !isPrivatePage(url) && !isSearchPage(url);
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
  if (response.ok && response.type === "basic" && mayKeep(url)) {
    const cache = await caches.open(isStatic(url) ? STATIC : PAGES);
    await cache.put(url.pathname, response.clone());
    if (!isStatic(url)) trim(cache);
  }
  return response;
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) {
    const path = new URL(key.url).pathname;
    if (!KEPT_FOR_GOOD.includes(path)) await cache.delete(key);
  }
}

/**
 * The network's answer, unless it fails, or keeps the student waiting past
 * NETWORK_TIME_LIMIT_MS while the phone has a copy: then the copy, at once. With no copy a
 * slow network is waited for, and a failed one gives `otherwise()`.
 */
function networkWithinTimeLimit(network, copy, otherwise) {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => copy().then((kept) => kept && resolve(kept)),
      NETWORK_TIME_LIMIT_MS,
    );
    network.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      () => {
        clearTimeout(timer);
        copy()
          .then((kept) => kept || otherwise())
          .then(resolve);
      },
    );
  });
}

function readIndex(cache) {
  return cache.match(SAVED_INDEX).then((response) => (response ? response.json() : {}));
}

/**
 * The site's version of a saved file when it differs from the copy (its ETag, checked with
 * If-None-Match: an unchanged file costs a 304 of a few hundred bytes), else null.
 */
async function changedVersion(href, saved) {
  const etag = saved.headers.get("etag");
  if (!etag) return null;
  const response = await fetch(href, { cache: "no-store", headers: { "If-None-Match": etag } });
  return response.status === 200 && response.type === "basic" ? response : null;
}

/** Puts a file's new version in place of its copy, with its new size in the saved index. */
async function keepNewVersion(cache, href, response) {
  const bytes = (await response.clone().arrayBuffer()).byteLength;
  // A file removed on /saved while its new version came stays removed.
  if (!(await readIndex(cache))[href]) return;
  await cache.put(href, response);
  const index = await readIndex(cache);
  if (!index[href]) return;
  index[href].bytes = bytes;
  await cache.put(
    SAVED_INDEX,
    new Response(JSON.stringify(index), { headers: { "content-type": "application/json" } }),
  );
}

/** Checks every saved file, one after another; true when one was replaced. */
async function refreshEverySaved() {
  const cache = await caches.open(SAVED);
  let changed = false;
  for (const href of Object.keys(await readIndex(cache))) {
    const saved = await cache.match(href);
    const response = saved && (await changedVersion(href, saved).catch(() => null));
    if (!response) continue;
    await keepNewVersion(cache, href, response);
    changed = true;
  }
  return changed;
}

/**
 * A saved file, checked against the site's version when the network answers in time, or the
 * network's answer for anything not saved. `kept` ends once a changed file replaced the copy.
 */
function savedOrNetwork(request, url) {
  const found = caches
    .open(SAVED)
    .then(async (cache) => ({ cache, saved: await cache.match(url.pathname) }));
  const checked = found.then(async ({ cache, saved }) => {
    if (!saved) return { response: await fetch(request) };
    const newer = await changedVersion(url.pathname, saved);
    if (!newer) return { response: saved };
    return { response: newer, kept: keepNewVersion(cache, url.pathname, newer.clone()) };
  });
  const shown = found.then(({ saved }) => {
    const network = checked.then(({ response }) => response);
    if (!saved) return network;
    return networkWithinTimeLimit(
      network,
      async () => saved,
      async () => saved,
    );
  });
  return { shown, kept: checked.then(({ kept }) => kept) };
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith("/download/") || url.pathname.startsWith("/media/")) {
    // Only what the student saved is served from here; everything else goes to the network.
    const { shown, kept } = savedOrNetwork(request, url);
    event.waitUntil(kept.catch(() => {}));
    event.respondWith(shown);
    return;
  }
  if (isStatic(url)) {
    event.respondWith(caches.match(url.pathname).then((cached) => cached || remember(request)));
    return;
  }
  if (request.mode === "navigate" && isPrivatePage(url)) {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  if (request.mode === "navigate" && isSearchPage(url)) {
    // No copy to wait for: the network, or at once the page that says search needs it.
    event.respondWith(
      fetch(request).catch(
        async () =>
          (await caches.match(SEARCH_OFFLINE_URL)) ||
          (await caches.match(OFFLINE_URL)) ||
          Response.error(),
      ),
    );
    return;
  }
  if (isPage(request, url)) {
    // Network first, so a student online sees today's page; the copy is for a stalled or
    // missing connection, and a late answer is still kept for next time.
    const network = remember(request);
    event.waitUntil(network.catch(() => {}));
    event.respondWith(
      networkWithinTimeLimit(
        network,
        () => caches.match(url.pathname),
        async () => (await caches.match(OFFLINE_URL)) || Response.error(),
      ),
    );
  }
});
