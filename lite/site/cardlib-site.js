// What every page of one build of the classroom site does before JupyterLite starts
// (lite/build_site.py writes SITE and loads this file from each app's index.html, whose
// JupyterLite start waits for window.cardlibSite).
//
// - A newer build on the host? Then this page opens the same page of it instead: a student
//   coming back to an old address (a bookmark, a restored tab, a copy the browser kept) gets
//   the new notebooks. The version file is read past every cache ("no-store"; JupyterLite's
//   service worker leaves api/ to the network).
// - The students' work, settings and open tabs are kept under the site's address, not under
//   this build's folder, so every build finds them (the name JupyterLite itself gives a site
//   at that address, so a site built before versions existed keeps its work too).
// - Offline after the first visit: JupyterLite's service worker keeps every file it serves;
//   the folders of older builds, and their workers, are cleared away.
(() => {
  const SITE = /*SITE*/ {} /*SITE*/;
  const base = new URL("./", document.currentScript.src); // …/v/<version>/
  const root = new URL("../../", base); // the site's address
  const page = location.href; // before JupyterLab rewrites it
  // The card table as a notebook (SITE.tablePage in the Notebook interface:
  // ?page=table-notebook, the table page before table/): no code on screen (cardlib-site.css
  // hides it, under SITE.tableClass), and it runs itself once Python is ready, as Voilà does.
  const tablePage =
    /\/notebooks\/(index\.html)?$/.test(location.pathname) &&
    new URLSearchParams(location.search).get("path") === SITE.tablePage;
  if (tablePage) document.documentElement.classList.add(SITE.tableClass);
  // every file this page loads is listed, for keepForOffline (the browser's default is 250)
  performance.setResourceTimingBufferSize(100000);

  const config = document.getElementById("jupyter-config-data");
  const settings = JSON.parse(config.textContent || "{}");
  const storage = `JupyterLite Storage - ${root.pathname}`;
  for (const option of ["contentsStorageName", "settingsStorageName", "workspacesStorageName"]) {
    settings[option] = storage;
  }
  config.textContent = JSON.stringify(settings);

  // This build's own worker (JupyterLite's, which also carries the kernel's file access) must
  // control the page before JupyterLite starts: on a first visit the page may have none yet,
  // or the site root's (site-worker.js, whose scope holds every build), which JupyterLite would
  // take for its own. So the page registers it and waits for it to take over (its scope is the
  // narrower one). JupyterLite, seeing a worker whose version it has not noted, would unregister
  // every worker of the host, the root's too: its note is written here, and the workers of
  // older builds are cleared by clearOlderBuilds instead.
  const worker = new URL(`service-worker.js?enableCache=${SITE.enableCache}`, base).href;

  async function ownWorker() {
    const workers = navigator.serviceWorker;
    if (!workers) return; // no service workers here (plain http, a private window)
    try {
      localStorage.setItem(`${worker}-version`, SITE.appVersion);
    } catch (error) {
      // no local storage: JupyterLite does as it always does
    }
    if (workers.controller?.scriptURL === worker) return;
    const controlled = new Promise((resolve) => {
      const check = () => workers.controller?.scriptURL === worker && resolve();
      workers.addEventListener("controllerchange", check);
      check();
    });
    await workers.register(worker).catch(() => null);
    await Promise.race([controlled, wait(SITE.workerWaitMs)]);
  }

  function wait(ms) {
    return new Promise((resolve) => setTimeout(() => resolve(null), ms));
  }

  async function newest() {
    try {
      const response = await fetch(new URL(SITE.versionFile, root), { cache: "no-store" });
      return response.ok ? (await response.json()).version : null;
    } catch (error) {
      return null; // offline
    }
  }

  async function openNewest() {
    const version = await Promise.race([newest(), wait(SITE.versionWaitMs)]);
    if (!version || version === SITE.version) return false;
    const page = new URL(`${SITE.versionsDir}/${version}/${location.href.slice(base.href.length)}`, root);
    try {
      // only once the new build's files are there (a host may still be receiving them)
      const there = await fetch(page, { method: "HEAD", cache: "no-store" });
      if (!there.ok) return false;
    } catch (error) {
      return false;
    }
    location.replace(page);
    return true;
  }

  // JupyterLite's worker keeps every file it serves once it controls the page; a first visit
  // loads the page and the start of JupyterLite before that, so those files are fetched again
  // through the worker once it does. The page is kept under its address without the query
  // too: JupyterLab drops the query from the address bar, and a reload asks for that.
  async function keepForOffline() {
    if (!("serviceWorker" in navigator)) return;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
    const cache = await caches.open(SITE.cacheName);
    const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
    const plain = new URL(page);
    plain.search = "";
    const keep = SITE.keep.map((file) => new URL(file, base).href);
    for (const url of new Set([page, plain.href, ...loaded, ...keep])) {
      const path = url.split(/[?#]/)[0];
      if (!path.startsWith(base.href) || path.includes("/api/drive")) continue;
      if (await cache.match(url)) continue;
      await fetch(url).catch(() => null); // through the worker, which keeps it
    }
  }

  async function clearOlderBuilds() {
    const builds = new URL(`${SITE.versionsDir}/`, root).href;
    const older = (url) => url.startsWith(builds) && !url.startsWith(base.href);
    if ("serviceWorker" in navigator) {
      for (const registration of await navigator.serviceWorker.getRegistrations()) {
        if (older(registration.scope)) await registration.unregister();
      }
    }
    if ("caches" in window) {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (older(request.url)) await cache.delete(request);
        }
      }
    }
  }

  // "Python is starting…", then "ready", in the line the build put at the top of every notebook
  // (its element's class is SITE.statusClass; the words, in the cell's language, SITE.status):
  // JupyterLab shows the kernel's state only in a corner.
  function showPython() {
    const app = window.jupyterapp;
    const panels = new Map();
    for (const widget of app?.shell.widgets("main") ?? []) {
      if (widget.sessionContext) panels.set(widget.node, widget.sessionContext);
    }
    for (const line of document.querySelectorAll(`.${SITE.statusClass}`)) {
      const session = panels.get(line.closest(".jp-NotebookPanel"));
      const words = SITE.status[line.lang] ?? SITE.status.en;
      const state = session ? session.kernelDisplayStatus : "starting";
      const said = words[state] ?? words.starting;
      if (line.textContent !== said) line.textContent = said;
      line.dataset.state = state; // (the sanitizer keeps no data- attribute of the notebook's)
    }
    if (tablePage && app) runTablePage(app, panels);
    // links to the site's own pages (the card table, the file list) written "#cardlib:<page>"
    for (const link of document.querySelectorAll('a[href^="#cardlib:"]')) {
      link.href = new URL(`?page=${link.getAttribute("href").slice(9)}`, root).href;
      link.target = "_blank";
    }
  }

  // The table page runs all its cells once for each kernel it gets (a restart runs them
  // again); its outputs are not the learner's work, so leaving the page asks nothing.
  let tableKernel = null;
  function runTablePage(app, panels) {
    // no menus and no notebook toolbar: hidden as widgets, so the layout closes up over them
    app.shell.menu?.setHidden(true);
    for (const widget of app.shell.widgets("main")) widget.toolbar?.setHidden(true);
    for (const [, session] of panels) {
      const kernel = session.session?.kernel;
      if (!kernel || session.kernelDisplayStatus !== "idle") continue;
      if (tableKernel !== kernel.id) {
        tableKernel = kernel.id;
        app.commands.execute("notebook:run-all-cells");
      }
    }
    for (const widget of app.shell.widgets("main")) {
      const model = widget.context?.model;
      if (widget.sessionContext && model?.dirty) model.dirty = false;
    }
  }

  window.cardlibSite = (async () => {
    if (await openNewest()) return new Promise(() => {}); // this build's app never starts
    await ownWorker();
    clearOlderBuilds().catch((error) => console.warn("cardlib: older builds not cleared", error));
    setInterval(showPython, SITE.statusEveryMs);
    // done once the page's first files are kept too (the browser tests wait for it)
    window.cardlibKept = keepForOffline().catch((error) =>
      console.warn("cardlib: not kept for offline", error),
    );
  })();
})();
