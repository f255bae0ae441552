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
      // through the worker, which keeps it; from the browser's own cache if it is there (the
      // page's Python fetched it before the worker took over), not downloaded again
      await fetch(url, { cache: "force-cache" }).catch(() => null);
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
    sizeStatusLines();
    if (app) holdOutputHeights(app);
    if (app) keepPlaceOnRunAll(app);
    if (tablePage && app) runTablePage(app, panels);
    // links to the site's own pages (the card table, the file list) written "#cardlib:<page>"
    for (const link of document.querySelectorAll('a[href^="#cardlib:"]')) {
      link.href = new URL(`?page=${link.getAttribute("href").slice(9)}`, root).href;
      link.target = "_blank";
    }
  }

  // A lesson's Deal widget works before the lesson's Python is ready. The build draws it from
  // the notebook's stored state (build_site.py, LIVE_DEAL: the widget's parts under their
  // SITE.liveDeal classes, its language on its box); each deal is asked of the table page's
  // worker, a Python with cardlib and no Jupyter, which a lesson's page starts at once and which
  // is ready long before the kernel (cardlib.draw.callbreak.deal_answer: what the
  // widget itself shows). A click or a seed typed before that Python is ready is held and
  // played once it is (the latest asked of each widget: every click counts, as it would in the
  // kernel's widget). The picture works until its cell is run and the kernel's widget takes its
  // place; the worker goes once no picture is left.
  const LIVE = SITE.liveDeal;
  const liveBoxes = new Map(); // box → {shown, target, asked}
  let dealPython = null; // {worker, ready, held: Map box → request, boxes: Map id → box}
  let asks = 0;
  // for the benchmarks and tests: when each step was reached, how many deals were asked of the
  // worker, and whether it runs
  window.cardlibLiveDeal = { phases: {}, asked: 0, running: () => dealPython !== null };
  const post = (python, request) => {
    python.worker.postMessage({ type: "deal", request });
    window.cardlibLiveDeal.asked += 1;
  };

  function startDealPython() {
    if (dealPython) return dealPython;
    const worker = new Worker(new URL(LIVE.worker, base), { type: "module" });
    const python = { worker, ready: false, failed: false, held: new Map(), boxes: new Map() };
    worker.onmessage = ({ data }) => {
      if (data?.type === "phase") window.cardlibLiveDeal.phases[data.name] = data.at;
      if (data?.type === "python") {
        python.ready = true;
        window.cardlibLiveDeal.phases.ready = performance.now();
        for (const request of python.held.values()) post(python, request);
        python.held.clear();
      } else if (data?.type === "deal") {
        drawDeal(python.boxes.get(data.answer?.id), data.answer);
      } else if (data?.type === "failed") {
        python.failed = true; // the pictures stay still, as before Python: their cells still run
        console.warn("cardlib: the Deal widget's Python did not start", data.error);
        for (const box of liveBoxes.keys()) stillDeal(box);
      }
    };
    dealPython = python;
    return python;
  }

  const dealParts = (box) => ({
    seed: box.querySelector(`.${LIVE.seed} input`),
    button: box.querySelector(`button.${LIVE.button}`),
    hands: box.querySelector(`.${LIVE.hands} .widget-html-content`),
    counts: box.querySelector(`.${LIVE.counts} .widget-html-content`),
  });

  function stillDeal(box) {
    const { seed, button } = dealParts(box);
    for (const part of [seed, button]) if (part) part.disabled = true;
    box.removeAttribute("aria-busy");
    box.dataset.live = "still";
  }

  function liveDeals() {
    for (const box of document.querySelectorAll(`.${LIVE.preview}:not([data-live])`)) {
      const { seed, button, hands, counts } = dealParts(box);
      const shown = Number(seed?.value);
      if (!button || !hands || !counts || !Number.isSafeInteger(shown)) continue;
      const python = startDealPython();
      if (python.failed) {
        box.dataset.live = "still";
        continue;
      }
      liveBoxes.set(box, { shown, target: shown, asked: 0 });
      box.dataset.live = "live";
      seed.disabled = button.disabled = false;
      button.addEventListener("click", () => {
        const state = liveBoxes.get(box);
        askDeal(box, state.target + 1);
      });
      const typed = () => {
        const state = liveBoxes.get(box);
        const text = seed.value.trim();
        const value = /^-?[0-9]+$/.test(text) ? Number(text) : NaN;
        if (Number.isSafeInteger(value)) {
          if (value !== state.target) askDeal(box, value);
        } else {
          seed.value = String(state.target); // as the widget's own box does: back to its seed
        }
      };
      seed.addEventListener("change", typed);
      seed.addEventListener("keydown", (event) => event.key === "Enter" && typed());
    }
    if (dealPython && liveBoxes.size) {
      for (const box of liveBoxes.keys()) if (!box.isConnected) liveBoxes.delete(box);
      if (!liveBoxes.size) {
        dealPython.worker.terminate(); // every picture is the kernel's widget now
        dealPython = null;
      }
    }
  }

  function askDeal(box, seed) {
    const state = liveBoxes.get(box);
    const python = dealPython;
    if (!state || !python || python.failed) return;
    state.target = seed;
    state.asked = ++asks;
    dealParts(box).seed.value = String(seed); // the box names the deal asked for, at once
    box.setAttribute("aria-busy", "true");
    python.boxes.set(state.asked, box);
    const request = { id: state.asked, seed, lang: box.lang || "en" };
    if (python.ready) post(python, request);
    else python.held.set(box, request);
  }

  function drawDeal(box, answer) {
    const state = box && liveBoxes.get(box);
    dealPython?.boxes.delete(answer?.id);
    if (!state || answer.id !== state.asked) return; // a later deal is on its way
    const { seed, hands, counts } = dealParts(box);
    box.removeAttribute("aria-busy");
    if (answer.refused !== undefined) {
      state.target = state.shown;
      seed.value = String(state.shown);
      console.warn("cardlib:", answer.refused);
      return;
    }
    hands.innerHTML = answer.hands;
    counts.innerHTML = answer.counts;
    state.shown = state.target = answer.seed;
    if (document.activeElement !== seed) seed.value = String(answer.seed);
  }

  const livePath = new URLSearchParams(location.search).get("path");
  // JupyterLab changes the page many times a frame while it starts: looked at once a frame
  let looking = false;
  const lookForDeals = () => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(() => {
      looking = false;
      liveDeals();
    });
  };
  new MutationObserver(lookForDeals).observe(document.documentElement, {
    childList: true,
    subtree: true,
  });

  // Run All clears every cell's output at once, and each new output comes only when Python has
  // run its cell (seconds apart on a phone): the lesson folds up, then unfolds cell by cell,
  // and what the learner reads jumps (JupyterLab keeps an output's height for 50 ms only). So
  // an output keeps the height it had until its cell has run and the new output is drawn: the
  // stored outputs, which the same code made, hold the space for the new ones.
  const heldCells = new WeakSet();
  function holdOutputHeights(app) {
    for (const widget of app.shell.widgets("main")) {
      for (const cell of widget.content?.widgets ?? []) {
        if (cell.model?.type !== "code" || !cell.outputArea || heldCells.has(cell)) continue;
        heldCells.add(cell);
        holdOutput(cell);
      }
    }
  }

  function holdOutput(cell) {
    const area = cell.outputArea.node;
    let drawn = 0; // the output's height when last drawn with something in it
    let waiting = null; // the release being waited for
    const natural = () => [...area.children].reduce((sum, child) => sum + child.offsetHeight, 0);
    new ResizeObserver(() => {
      if (!area.style.minHeight && area.childElementCount) drawn = natural();
    }).observe(area);
    const hold = () => {
      if (drawn) area.style.minHeight = `${drawn}px`;
    };
    const release = () => {
      if (waiting) cancelAnimationFrame(waiting);
      const until = performance.now() + 3000; // an output that stays empty lets go in time
      const check = () => {
        const ran = cell.model.executionState !== "running";
        if (ran && (natural() > 0 || performance.now() > until)) {
          area.style.minHeight = "";
          waiting = null;
        } else {
          waiting = requestAnimationFrame(check);
        }
      };
      waiting = requestAnimationFrame(check);
    };
    cell.model.outputs.changed.connect((outputs) => {
      if (outputs.length === 0 && cell.model.executionState === "running") hold();
    });
    cell.model.stateChanged.connect((_, change) => {
      if (change.name !== "executionState") return;
      if (change.newValue === "running") hold();
      else release();
    });
    // JupyterLab's own hold ends 50 ms after the clearing: ours stays while the cell runs
    new MutationObserver(() => {
      if (!area.style.minHeight && cell.model.executionState === "running" && !waiting) hold();
    }).observe(area, { attributes: true, attributeFilter: ["style"] });
  }

  // Run All makes the last cell the active one and scrolls the notebook down to it, while the
  // outputs above are cleared and come back one by one: the lesson being read is swept away
  // and jumps about (layout shifts of 0.3 measured in lesson 00). So Run All (from the menu,
  // a shortcut or the table page) leaves the notebook where the learner was reading.
  const RUN_ALL = new Set(["notebook:run-all-cells", "runmenu:run-all"]);
  let placeKept = false;
  function keepPlaceOnRunAll(app) {
    if (placeKept) return;
    placeKept = true;
    const execute = app.commands.execute.bind(app.commands);
    app.commands.execute = (id, args) => {
      if (!RUN_ALL.has(id)) return execute(id, args);
      const scroller = app.shell.currentWidget?.content?.outerNode;
      const top = scroller?.scrollTop;
      const done = execute(id, args);
      // (JupyterLab scrolls in the frames after: put back for a few of them)
      let frames = 10;
      const back = () => {
        if (scroller.scrollTop !== top) scroller.scrollTop = top;
        if (--frames > 0) requestAnimationFrame(back);
      };
      if (scroller) back();
      return done;
    };
  }

  // Every state's words of the line saying whether Python is ready, laid under it at no height
  // (cardlib-site.css): the line is as wide as its widest state from the first, and the text
  // after it does not reflow when Python gets ready.
  function sizeStatusLines() {
    for (const line of document.querySelectorAll(`.${SITE.statusClass}:not([data-states])`)) {
      const words = SITE.status[line.lang] ?? SITE.status.en;
      line.dataset.states = [...new Set(Object.values(words))].join("\n");
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

  // The notebook's cells come in over several frames, each Markdown cell placed at a guessed
  // height and drawn after: shown as they come, the text jumps about for a second. So the
  // notebook stays invisible (laid out all the same) until its cells have stopped moving for
  // SITE.steadyMs, or SITE.steadyMaxMs after it appeared at the most; then it is shown whole.
  function showWhenSteady() {
    let appeared = null, last = "", since = 0;
    const check = () => {
      const notebook = document.querySelector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook");
      const now = performance.now();
      if (notebook) {
        appeared ??= now;
        sizeStatusLines(); // before the notebook is shown: sizing it later would move the text
        const cells = notebook.querySelectorAll(".jp-Cell").length;
        const texts = notebook.querySelectorAll(".jp-MarkdownCell").length;
        const drawn = notebook.querySelectorAll(".jp-RenderedMarkdown:not(:empty)").length;
        const panel = window.jupyterapp?.shell.currentWidget;
        const all = panel?.content?.model?.cells.length ?? -1; // every cell placed, and
        const done = cells === all && drawn >= texts; // every Markdown cell drawn
        const shape = `${cells} ${drawn} ${notebook.scrollHeight}`;
        if (shape !== last) [last, since] = [shape, now];
        if ((done && now - since >= SITE.steadyMs) || now - appeared >= SITE.steadyMaxMs) {
          document.documentElement.classList.add(SITE.steadyClass);
          return;
        }
      }
      setTimeout(check, 50);
    };
    check();
  }
  showWhenSteady();

  window.cardlibSite = (async () => {
    if (await openNewest()) return new Promise(() => {}); // this build's app never starts
    await ownWorker();
    // Started once the build's service worker controls the page: the kernel's downloads go
    // through it too, and it fetches a file both ask for once (not Pyodide twice on a visit).
    if (LIVE.notebooks.includes(livePath) && window.Worker) startDealPython();
    clearOlderBuilds().catch((error) => console.warn("cardlib: older builds not cleared", error));
    setInterval(showPython, SITE.statusEveryMs);
    // done once the page's first files are kept too (the browser tests wait for it)
    window.cardlibKept = keepForOffline().catch((error) =>
      console.warn("cardlib: not kept for offline", error),
    );
  })();
})();
