import { formatBytes } from "#app/features/downloads/describe-download";
import { dueTodayOnPhone } from "#app/features/review/phone-queue";
import { dueTodayText } from "#app/features/review/texts";
import {
  CACHE,
  OFFLINE_PART,
  readSavedFiles,
  SERVICE_WORKER,
  writeSavedFiles,
  type SavedFiles,
  type WorkerMessage,
} from "#app/lib/offline";
import { showViewer, viewerFromCookies } from "#app/lib/viewer";

type InstallOffer = Event & { prompt: () => Promise<unknown> };

const OTHER_FILES = "Other files";

// A page kept on the phone names whoever is signed in now, or no one (app/lib/viewer.ts).
showViewer(document, viewerFromCookies(document.cookie));
offerInstall();
showReviewCount();
offerShareSheet();
if ("serviceWorker" in navigator && "caches" in window) {
  registerWorker().catch(() => {});
  const cachedPages = document.getElementById(OFFLINE_PART.cachedPages);
  if (cachedPages) listCachedPages(cachedPages).catch(() => {});
  void offerSavedFiles();
}

function offerInstall() {
  const install = document.getElementById(OFFLINE_PART.install);
  if (!install) return;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    install.hidden = false;
    install.onclick = () => {
      install.hidden = true;
      void (event as InstallOffer).prompt();
    };
  });
}

/**
 * The phone's share sheet where it has one, in place of the WhatsApp link: the page's title and
 * canonical address (docs/decisions/0101-a-share-link-on-articles-and-subjects.md).
 */
function offerShareSheet() {
  const link = document.querySelector<HTMLAnchorElement>("a[data-share]");
  if (!link || !("share" in navigator)) return;
  link.lastElementChild?.remove();
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const url = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    navigator
      .share({ title: document.title, url: url ?? location.href })
      .catch((error: unknown) => {
        // Closing the sheet is a choice; a sheet that would not open leaves WhatsApp's link.
        if (!(error instanceof DOMException && error.name === "AbortError"))
          location.assign(link.href);
      });
  });
}

/** A student not signed in: the menu and home count the questions due on this phone. */
function showReviewCount() {
  const counts = document.querySelectorAll<HTMLElement>('[data-review-count="phone"]');
  if (counts.length === 0) return;
  const due = dueTodayOnPhone();
  if (due === 0) return;
  for (const count of counts) {
    count.querySelector("a")!.textContent = dueTodayText(due);
    count.hidden = false;
  }
}

// After load: on a slow first visit the worker can be ready while the quiz's script is coming.
async function registerWorker() {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve());
  });
  // Vite serves the worker as a module in development (vite.config.ts allows it the root scope).
  await (import.meta.env.DEV
    ? navigator.serviceWorker.register("/app/service-worker/sw.ts", { type: "module", scope: "/" })
    : navigator.serviceWorker.register(SERVICE_WORKER));
  const [registration] = await Promise.all([navigator.serviceWorker.ready, loaded]);
  const files = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) =>
      ["/assets/", "/images/"].some((folder) => name.startsWith(location.origin + folder)),
    );
  const message: WorkerMessage = { cache: [location.pathname, ...files] };
  registration.active?.postMessage(message);
}

async function listCachedPages(list: HTMLElement) {
  const query = (new URLSearchParams(location.search).get("q") ?? "").replace(/\s+/g, " ").trim();
  const unsearched = document.getElementById(OFFLINE_PART.unsearched);
  const searchBox = document.getElementById("site-search");
  if (query && unsearched) {
    unsearched.querySelector("strong")!.textContent = query;
    unsearched.hidden = false;
    if (searchBox instanceof HTMLInputElement) searchBox.value = query;
  }
  const kept: Request[] = [];
  for (const name of [CACHE.signedInPages, CACHE.pages]) {
    if (await caches.has(name)) kept.push(...(await (await caches.open(name)).keys()));
  }
  const paths = kept
    .map((request) => new URL(request.url).pathname)
    .filter((path) => !/^\/(offline|search)(\/|$)/.test(path))
    .reverse();
  const titles = await Promise.all(paths.map(async (path) => titleOf(await caches.match(path))));
  list.append(...paths.map((path, at) => element("li", link(path, titles[at] || path))));
  list.hidden = paths.length === 0;
}

async function titleOf(response: Response | undefined): Promise<string> {
  const reader = response?.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let head = "";
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    head += decoder.decode(part.value, { stream: true });
    if (head.includes("</title>")) break;
  }
  void reader.cancel();
  const end = head.indexOf("</title>");
  if (end < 0) return "";
  return new DOMParser()
    .parseFromString(head.slice(0, end), "text/html")
    .title.replace(/ \| [^|]*$/, "");
}

async function offerSavedFiles() {
  const cache = await caches.open(CACHE.saved);
  const files = await readSavedFiles(cache);
  document
    .querySelectorAll<HTMLButtonElement>("[data-save-offline]")
    .forEach((button) => offerSave(button, cache, files));
  const list = document.getElementById(OFFLINE_PART.savedList);
  if (!list) return;
  const show = (current: SavedFiles) => showSaved(list, cache, current);
  navigator.serviceWorker.onmessage = (event: MessageEvent<WorkerMessage | null>) => {
    if (event.data?.savedRefreshed) void readSavedFiles(cache).then(show);
  };
  if (navigator.onLine)
    navigator.serviceWorker.controller?.postMessage({ refreshSaved: true } satisfies WorkerMessage);
  show(files);
}

function offerSave(button: HTMLButtonElement, cache: Cache, files: SavedFiles) {
  const href = button.dataset.saveOffline ?? "";
  // The name says what it saves, as the server wrote it (download-info.tsx).
  const show = (textContent: string, disabled = true) => {
    Object.assign(button, { disabled, textContent });
    button.setAttribute("aria-label", `${textContent}: ${button.dataset.title ?? ""}`);
  };
  button.removeAttribute("data-pending");
  if (files[href]) show("Saved for offline");
  button.addEventListener("click", () => {
    show("Saving ...");
    save(href, button.dataset, cache).then(
      () => show("Saved for offline"),
      () => show("Could not save: try again", false),
    );
  });
}

async function save(href: string, details: DOMStringMap, cache: Cache) {
  const response = await fetch(href);
  if (!response.ok) throw new Error("not saved");
  const bytes = (await response.clone().arrayBuffer()).byteLength;
  await cache.put(href, response);
  const latest = await readSavedFiles(cache);
  latest[href] = {
    title: details.title ?? null,
    subject: details.subject ?? null,
    year: Number(details.year) || null,
    label: details.label ?? null,
    bytes,
    page: location.pathname,
  };
  await writeSavedFiles(cache, latest);
}

function showSaved(list: HTMLElement, cache: Cache, files: SavedFiles) {
  const hrefs = Object.keys(files);
  const total = hrefs.reduce((sum, href) => sum + files[href]!.bytes, 0);
  const summary = hrefs.length
    ? `${hrefs.length} saved, ${formatBytes(total)} in all.`
    : "Nothing saved yet. Use 'Save for offline' beside a booklet or paper.";
  list.textContent = "";
  list.append(element("p", summary));
  const groups: Record<string, string[]> = {};
  for (const href of hrefs) (groups[files[href]!.subject || OTHER_FILES] ??= []).push(href);
  const subjects = Object.keys(groups).sort(
    (a, b) => Number(a === OTHER_FILES) - Number(b === OTHER_FILES) || a.localeCompare(b),
  );
  for (const subject of subjects) {
    const items = groups[subject]!.map((href) => savedItem(list, cache, files, href));
    list.append(element("h2", subject), element("ul", ...items));
  }
}

function savedItem(list: HTMLElement, cache: Cache, files: SavedFiles, href: string) {
  const { title, bytes } = files[href]!;
  const remove = Object.assign(element("button", "Remove"), { type: "button" });
  remove.addEventListener("click", () => {
    delete files[href];
    void cache
      .delete(href)
      .then(() => writeSavedFiles(cache, files))
      .then(() => showSaved(list, cache, files));
  });
  return element("li", link(href, title ?? ""), ` (${formatBytes(bytes)}) `, remove);
}

function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  ...children: (Node | string)[]
) {
  const made = document.createElement(tag);
  made.append(...children);
  return made;
}

function link(href: string, text: string) {
  return Object.assign(element("a", text), { href });
}
