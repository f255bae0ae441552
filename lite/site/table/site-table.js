// The card table's page of the classroom site (index.html starts the worker and the fetch of
// the stored first screen; this draws the screen and connects the table to the worker).
//
// - The first screen is drawn as soon as it is here (table_page.js), marked as getting ready;
//   the worker is given the same screen and makes the same table in Python (cardlib.widgets.
//   table_worker), so nothing is drawn again when it is ready.
// - The screen's match gets an id of this visit's own: every visitor keeps (and counts) the
//   match dealt to them as theirs (the stored screen's id is the same for everyone).
// - The language chosen at the table is kept in this browser (index.html reads it next time).
// - Offline after a first visit: the build's service worker (JupyterLite's, which the lessons'
//   pages use too) keeps every file the page and its worker load.
import { startTablePage } from "./table_page.js";

const boot = window.cardlibBoot;
const table = boot.SITE.table;
const phases = { start: boot.started }; // when each step was reached (performance.now())

function visitId() {
  return [...crypto.getRandomValues(new Uint8Array(8))]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

// The Devanagari font (Hindi, Nepali) before the first drawing: swapped in after it, it would
// move every line of the table. Not waited for long: the system's font will do.
async function fontsFor(lang) {
  if (!table.fonts[lang] || !document.fonts) return;
  const loads = ["400", "700"].map((weight) =>
    document.fonts.load(`${weight} 15px "cardlib Devanagari"`, "क"));
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 1500))]);
}

let listener = null;
let failed = null;
let becomeReady;
const ready = new Promise((resolve) => (becomeReady = resolve));

function fromWorker(data) {
  if (data?.type === "messages") {
    for (const message of data.messages) listener?.(message);
  } else if (data?.type === "phase") {
    phases[data.name] = data.at;
  } else if (data?.type === "ready") {
    phases.ready = performance.now();
    becomeReady();
  } else if (data?.type === "failed") {
    failed = data.error;
    console.error("cardlib: Python did not start in this page:", data.error);
    showFailure();
  }
}

function showFailure() {
  const note = document.querySelector(".cardlib-table-page .cl-getting-ready");
  if (!note || !failed || !screenWords) return;
  note.textContent = screenWords.not_started;
  note.hidden = false;
  note.classList.add("cl-not-started");
}

let screenWords = null;
const el = document.getElementById("cardlib-table-page");
const screen = await boot.screen;
phases.screen = performance.now();
if (screen.traits?.kept_match?.match_id) screen.traits.kept_match.match_id = visitId();
screenWords = screen.words ?? {};
delete screen.words; // the page's own words, not the table's
await fontsFor(boot.lang);

const transport = {
  post: (message) => boot.worker.postMessage({ type: "message", message }),
  listen: (callback) => (listener = callback),
  ready,
};
const page = startTablePage(el, screen, transport);
phases.drawn = performance.now();
window.cardlibTable = {
  ready: page.ready,
  held: page.held,
  phases,
  lang: boot.lang,
  seed: boot.seed,
};

boot.worker.onmessage = (event) => fromWorker(event.data);
boot.worker.onerror = (event) => fromWorker({ type: "failed", error: String(event.message) });
for (const data of boot.inbox.splice(0)) fromWorker(data);
boot.worker.postMessage({ type: "screen", screen: JSON.stringify(screen) });
showFailure();

// The language chosen at the table, for the next visit (index.html).
el.addEventListener("change", (event) => {
  if (event.target.matches(".cl-pick-language, .cl-language")) {
    try {
      localStorage.setItem(table.languageKey, event.target.value);
    } catch {} // no storage: the next visit asks the browser again
  }
});

// Offline: the build's own service worker (JupyterLite's; every page of the build registers
// it) keeps each file fetched through it. On a first visit the page and its worker fetched
// theirs before it took over, so they are fetched once more through it (from the browser's
// cache); done once window.cardlibTable.kept resolves (the browser tests wait for it).
async function keepForOffline() {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  const worker = new URL(`../service-worker.js?enableCache=${boot.SITE.enableCache}`, location.href);
  try {
    localStorage.setItem(`${worker.href}-version`, boot.SITE.appVersion); // as cardlib-site.js
  } catch {}
  if (workers.controller?.scriptURL !== worker.href) {
    const controlled = new Promise((resolve) => {
      const check = () => workers.controller?.scriptURL === worker.href && resolve();
      workers.addEventListener("controllerchange", check);
      check();
    });
    await workers.register(worker.href);
    await controlled;
  }
  await ready; // after Python's own downloads: never in their way
  const cache = await caches.open(boot.SITE.cacheName);
  const screens = table.seeds.map((seed) => `${table.screens}${boot.lang}.${seed}.json`);
  const files = [location.href.split(/[?#]/)[0], ...table.keep, ...screens].map(
    (file) => new URL(file, location.href).href,
  );
  for (const url of new Set(files)) {
    if (!(await cache.match(url))) await fetch(url, { cache: "force-cache" }).catch(() => null);
  }
}
window.cardlibTable.kept = keepForOffline().catch((error) =>
  console.warn("cardlib: the table page is not kept for offline", error),
);
