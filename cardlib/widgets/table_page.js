// The card table's page without Jupyter: the game, players and language pickers and the table
// under them, drawn by the table's own front end (table.js) over a model that stands where
// anywidget's stood. Python (cardlib/widgets/table_page.py, TablePage) runs wherever the page's
// transport reaches it: in Pyodide in a Web Worker (the static site), in a server process
// behind a websocket (make app). Every message is plain JSON (see table_page.py).
//
// The page is drawn at once from a stored first screen (what TablePage.first_screen() gave
// when the site was built), marked as getting ready; what the learner does before Python is
// ready (a call, a card, a menu) is held in order and sent the moment it is, never lost and
// never sent twice: the table itself takes one click at a time (it waits for the answer).

import table, { h } from "./table.js";

// The table's model, as table.js uses anywidget's: get, set, save_changes, on, off, send.
// A set is the browser's own (it fires its change at once, as Backbone does); the values
// Python sends arrive by apply().
function makeModel(traits, post) {
  const values = structuredClone(traits);
  const handlers = new Map();
  const dirty = new Set();
  function emit(event, ...args) {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(...args);
  }
  return {
    get: (name) => values[name],
    set(name, value) {
      if (values[name] === value) return;
      values[name] = value;
      dirty.add(name);
      emit(`change:${name}`);
    },
    save_changes() {
      if (!dirty.size) return;
      const changes = Object.fromEntries([...dirty].map((name) => [name, values[name]]));
      dirty.clear();
      post({ kind: "set", changes });
    },
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(handler);
    },
    off(event, handler) {
      if (!event) handlers.clear();
      else if (!handler) handlers.delete(event);
      else handlers.get(event)?.delete(handler);
    },
    send: (content) => post({ kind: "custom", content }),
    apply(changes) {
      const changed = Object.keys(changes);
      for (const name of changed) values[name] = changes[name];
      for (const name of changed) emit(`change:${name}`);
    },
    custom: (content) => emit("msg:custom", content),
  };
}

// startTablePage(el, firstScreen, transport): draws the page in el and plays it.
// transport: { post(message), listen(callback), ready: Promise, gone?: Promise } — the host's
// (a worker's postMessage, a websocket); gone, if given, settles when Python can no longer
// answer (a websocket closed): the learner's next click or choice is not sent, and the table
// says the server is gone and how to get the match back (table.js, "server_gone"). firstScreen: TablePage.first_screen() of the table
// Python will start with. Returns { ready, held(), page() } for the page's scripts and tests.
export function startTablePage(el, firstScreen, transport) {
  let isReady = false;
  let isGone = false; // the transport has said Python is gone (a websocket closed)
  const held = []; // the learner's messages made before Python was ready, in order
  function post(message) {
    // nothing will answer: the table says so, and how to get the match back
    if (isGone) model?.custom({ type: "server_gone" });
    else if (isReady) transport.post(message);
    else held.push(message);
  }
  transport.gone?.then(() => {
    isGone = true;
  });

  const root = h("div", { class: "cardlib-table-page", "aria-busy": "true" });
  const readyNote = h("p", { class: "cl-getting-ready", role: "status" });
  const gameSelect = h("select", { class: "cl-pick-game", id: "cl-pick-game" });
  const playersSelect = h("select", { class: "cl-pick-players", id: "cl-pick-players" });
  const languageSelect = h("select", { class: "cl-pick-language", id: "cl-pick-language" });
  const gameLabel = h("label", { for: "cl-pick-game" });
  const playersLabel = h("label", { for: "cl-pick-players" });
  const languageLabel = h("label", { for: "cl-pick-language" });
  const playersBox = h("span", { class: "cl-pick" }, playersLabel, playersSelect);
  const asking = h("span", { class: "cl-asking" });
  const switchButton = h("button", { type: "button", class: "cl-switch" });
  const stayButton = h("button", { type: "button", class: "cl-stay" });
  const question = h("p", { class: "cl-switch-question", role: "alert", hidden: true },
    asking, " ", switchButton, " ", stayButton);
  const pickers = h("div", { class: "cl-pickers" },
    h("span", { class: "cl-pick" }, gameLabel, gameSelect), playersBox,
    h("span", { class: "cl-pick" }, languageLabel, languageSelect));
  const tableBox = h("div", { class: "cl-table-box" });
  root.append(pickers, question, readyNote, tableBox);
  el.replaceChildren(root);

  let page = firstScreen.page;
  function options(select, choices, value) {
    select.replaceChildren(...choices.map(([key, text]) =>
      h("option", { value: String(key), text: String(text) })));
    select.value = String(value);
  }
  function drawPage() {
    options(gameSelect, page.games, page.game);
    options(playersSelect, page.players_choices.map((n) => [n, n]), page.players);
    options(languageSelect, page.languages, page.lang);
    playersBox.hidden = !page.players_shown;
    gameLabel.textContent = page.words.game;
    playersLabel.textContent = page.words.players;
    languageLabel.textContent = page.words.language;
    switchButton.textContent = page.words.switch;
    stayButton.textContent = page.words.stay;
    asking.textContent = page.asking;
    question.hidden = !page.asking;
    readyNote.textContent = isReady ? "" : page.words.getting_ready ?? "";
    readyNote.hidden = isReady;
    document.documentElement.lang = page.lang;
  }
  const pick = () =>
    post({ kind: "pick", game: gameSelect.value, players: Number(playersSelect.value) });
  gameSelect.addEventListener("change", pick);
  playersSelect.addEventListener("change", pick);
  languageSelect.addEventListener("change", () => {
    model.set("lang", languageSelect.value); // the table's own menu would do the same
    model.save_changes();
  });
  switchButton.addEventListener("click", () => post({ kind: "answer", switch: true }));
  stayButton.addEventListener("click", () => post({ kind: "answer", switch: false }));

  let model = null;
  let cleanup = null;
  function drawTable(traits) {
    if (typeof cleanup === "function") cleanup();
    model = makeModel(traits, post);
    const box = h("div", { class: "cl-table-host" });
    tableBox.replaceChildren(box);
    cleanup = table.render({ model, el: box });
  }

  transport.listen((message) => {
    if (message?.kind === "traits") {
      if ("game_key" in message.changes) drawTable(message.changes); // a new table
      else model.apply(message.changes);
    } else if (message?.kind === "custom") {
      model.custom(message.content);
    } else if (message?.kind === "page") {
      page = message.page;
      drawPage();
    }
  });

  drawPage();
  drawTable(firstScreen.traits);
  const ready = Promise.resolve(transport.ready).then(() => {
    isReady = true;
    root.removeAttribute("aria-busy");
    drawPage();
    for (const message of held.splice(0)) transport.post(message);
  });
  return { ready, held: () => [...held], page: () => page };
}
