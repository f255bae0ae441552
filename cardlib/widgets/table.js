// The card table's view (cardlib/widgets/table.py keeps the game; this only draws frames).
// Frames arrive as a list: every bot action, then the position the learner faces. They are
// shown one at a time at the chosen speed, the hand inactive meanwhile; focus then goes back
// to the hand (the first playable card), so keyboard users never land on <body>.

const SPEEDS = { instant: 0, fast: 250, normal: 500, slow: 1000, step: 500 };
// The learner's record across matches (local storage of this browser, every game's in one).
const RECORD_KEY = "cardlib-table-record-v1";
const MATCH_KEY = "cardlib-table-match-v1"; // the match being played, to survive a reload
// How long a click may go unanswered before the table asks whether Voilà's server is still
// there, and what it asks for (under the page's "voila/" base: cardlib.app.READY_PATH).
const ANSWER_WAIT_MS = 2000;
const SERVER_PROBE = "labextensions/anywidget/package.json";
// This page load. A match kept by an earlier load of the page (before a reload) is rebuilt
// when its table is shown again; one kept by this load is not: a table made again here (a
// cell run again) starts its match afresh, as its seed promises. A table that deals fresh
// seeds (the app) rebuilds the match kept for it whenever it is shown: its deal is fixed the
// moment it is shown, and no reload or new table deals another.
// The page load is also who holds a kept match: one tab or window plays it, the last to open
// it (see keepMatch).
const PAGE = (globalThis.__cardlibTablePage ??= Math.random().toString(36).slice(2));
// Every word shown comes from Python, in the learner's language: the frame's sentences and
// its "ui" words (speed names, labels, table headings).

// Voilà (make app) shuts a page's kernel down when the page is closed: a beacon to
// voila/api/shutdown on "beforeunload", carrying the page's _xsrf cookie. Its page never
// sets that cookie (Voilà 0.5.13, voila-dashboards/voila#1458), so the server refuses the
// request and the kernel lives on until culled. A page of Voilà's without the cookie gets one:
// the server only checks that the request carries the cookie's value (same-origin scripts can
// read it anyway), so nothing is weakened.
function letVoilaShutTheKernelDown() {
  if (!document.body?.dataset.voila || /(^|;\s*)_xsrf=/.test(document.cookie)) return;
  const token = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
  document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
}

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  // In JupyterLab's command mode a key pressed on a focused output element is a notebook
  // shortcut (arrows move to another cell, A/B/X/D D add, cut or delete cells): the keys of
  // the table's own buttons and menus stay theirs, as JupyterLab documents for outputs
  // ("Keyboard interaction model"). Lumino reads the attribute on the focused element itself.
  if (node.matches("button, select, [tabindex]")) {
    node.setAttribute("data-lm-suppress-shortcuts", "true");
  }
  return node;
}

// A card face: rank and suit drawn, its name read (the drawn symbols are hidden from readers).
function face(card) {
  return [
    h("span", { class: "cl-sr", text: card.name }),
    h(
      "span",
      { class: "cl-face", "aria-hidden": "true", style: `color:${card.colour}` },
      h("span", { class: "cl-rank", text: card.rank }),
      h("span", { class: "cl-suit", text: card.symbol }),
    ),
  ];
}

// A card inside a sentence or a table cell: its text drawn, its name read.
function inline(card) {
  return [
    h("span", { class: "cl-sr", text: card.name }),
    h("span", { class: "cl-inline-card", "aria-hidden": "true", style: `color:${card.colour}`,
      text: card.text }),
  ];
}

// A hand face up at another seat (Contract Bridge's dummy): small cards, each its rank and
// suit drawn and its name read, overlapping within each suit (--n: the suit's cards).
function openHand(cards) {
  const suits = [];
  for (const card of cards) {
    const last = suits[suits.length - 1];
    if (last && last[0].symbol === card.symbol) last.push(card);
    else suits.push([card]);
  }
  return h("span", { class: "cl-open-hand", role: "group" }, suits.map((suit) =>
    h("span", { class: "cl-open-suit", style: `--n:${suit.length}` }, suit.map((card) =>
      h("span", { class: "cl-open-card" }, face(card))))));
}

// Arrow keys, Home and End move focus within a group of buttons (one tab stop per group).
function roving(group, selector) {
  group.addEventListener("keydown", (event) => {
    const buttons = [...group.querySelectorAll(selector)];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    let to = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") to = (at + 1) % buttons.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp")
      to = (at - 1 + buttons.length) % buttons.length;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = buttons.length - 1;
    if (to === null) return;
    event.preventDefault();
    buttons.forEach((b, i) => b.setAttribute("tabindex", i === to ? "0" : "-1"));
    buttons[to].focus();
  });
}

function render({ model, el }) {
  letVoilaShutTheKernelDown();
  const root = h("div", { class: "cardlib-table" });
  const heading = h("p", { class: "cl-heading" });
  const speedId = `cl-speed-${Math.random().toString(36).slice(2)}`;
  const speed = h(
    "select",
    { id: speedId, class: "cl-speed" },
    Object.keys(SPEEDS).map((value) => h("option", { value })),
  );
  const speedLabel = h("label", { for: speedId });
  const levelId = `cl-level-${Math.random().toString(36).slice(2)}`;
  const level = h("select", { id: levelId, class: "cl-level" },
    ["beginner", "sensible", "strong"].map((value) => h("option", { value })));
  const levelLabel = h("label", { for: levelId });
  const levelNote = h("span", { class: "cl-level-note" });
  const languageId = `cl-language-${Math.random().toString(36).slice(2)}`;
  const language = h(
    "select",
    { id: languageId, class: "cl-language cardlib-language" },
    model.get("languages").map(([code, name]) => h("option", { value: code, text: name })),
  );
  const languageLabel = h("label", { for: languageId });
  const speedRow = h(
    "p",
    { class: "cl-speed-row" },
    speedLabel,
    speed,
    " ",
    levelLabel,
    level,
    levelNote,
    " ",
    languageLabel,
    language,
  );
  // While a replay (practice) is on: the way back to the deal as first played.
  const practice = h("p", { class: "cl-practice" });
  const felt = h("div", { class: "cl-felt", role: "group" });
  let ui = null; // the words of the last frame drawn
  const auction = h("p", { class: "cl-auction" });
  const trickNote = h("p", { class: "cl-trick-note" });
  const prompt = h("p", { class: "cl-prompt" });
  const forcedNote = h("p", { class: "cl-forced" }); // a card played for the learner
  const restoredNote = h("p", { class: "cl-restored" }); // a match a reload gave back
  // said once another tab or window took the match over: this one plays and saves no more
  const takenNote = h("p", { class: "cl-taken-over", role: "alert", hidden: true });
  // said once a click finds the app's server gone (see watchAnswer)
  const goneNote = h("p", { class: "cl-server-gone", role: "alert", hidden: true });
  // Contract Bridge, the learner dummy: watch the play or skip to the result (then "Skip").
  const choice = h("div", { class: "cl-dummy-choice", role: "group" });
  // The table's helpers: the last trick (a toggle), the coach's hint, the only-card option.
  const peekId = `cl-peek-${Math.random().toString(36).slice(2)}`;
  const peekButton = h("button", { class: "cl-peek-button", type: "button",
    "aria-controls": peekId, "aria-expanded": "false" });
  const hintButton = h("button", { class: "cl-hint-button", type: "button" });
  const forcedId = `cl-auto-forced-${Math.random().toString(36).slice(2)}`;
  const forcedBox = h("input", { type: "checkbox", id: forcedId, class: "cl-auto-forced" });
  const forcedLabel = h("label", { for: forcedId });
  const tools = h("p", { class: "cl-tools" }, peekButton, " ", hintButton, " ", forcedBox,
    forcedLabel);
  const peek = h("div", { class: "cl-peek", id: peekId, role: "region" });
  const hintText = h("p", { class: "cl-hint" });
  const refusal = h("p", { class: "cl-refusal", "aria-live": "polite" });
  const handTitle = h("p", { class: "cl-hand-title" });
  const hand = h("div", { class: "cl-hand", role: "group", tabindex: "-1" });
  const calls = h("div", { class: "cl-calls", role: "group" });
  const cont = h("div", { class: "cl-continue" });
  const end = h("div", { class: "cl-end" });
  // The review after the deal (under the end-of-deal table): asked for once the end is shown.
  const review = h("div", { class: "cl-review", role: "region" });
  let reviewAsked = null; // the serial of the end whose review was asked for
  const live = h("p", { class: "cl-sr cl-live", "aria-live": "polite" });
  // the review's costliest decision, read out in a region of its own: worked out ahead of
  // time, it can arrive at once, and it is read after the deal's end rather than instead of it
  const reviewLive = h("p", { class: "cl-sr cl-live-review", "aria-live": "polite" });
  root.append(
    heading, takenNote, goneNote, speedRow, practice, felt, trickNote, auction,
    h("div", { class: "cl-status" }, prompt, tools), restoredNote, choice, forcedNote, peek,
    hintText,
    h("div", { class: "cl-beside" }, handTitle, hand, refusal),
    calls, cont, end, live, reviewLive,
  );
  el.append(root);
  // The guided deal (CardTable(..., guided=True)): what the rules allow at the learner's turn
  // and why, on its own line under the prompt's row; empty, and hidden, elsewhere.
  const guide = h("p", { class: "cl-guide", hidden: true });
  prompt.parentNode.after(guide);
  roving(hand, "button");
  roving(calls, "button");

  let busy = false; // frames still being shown: the hand waits
  let timer = null;
  let wantFocus = false; // the learner acted here: focus comes back to the hand
  root.addEventListener("focusin", () => (wantFocus = true));
  root.addEventListener("pointerdown", () => (wantFocus = true));

  speed.value = model.get("speed");
  speed.addEventListener("change", () => {
    model.set("speed", speed.value);
    model.save_changes();
  });
  model.on("change:speed", () => speedChanged());

  // One action per turn: a click is sent only at the learner's turn (no frames still being
  // shown) and only when no earlier click is unanswered; it carries the serial of the
  // position it was made in, so Python ignores a stale or repeated one. The second click of
  // a double-click or double-tap (detail > 1) is never an action of its own.
  let pending = false; // a click sent, its answer (new frames, a refusal, "ignored") not yet here
  let keeping = false; // whether this browser keeps the match (see keepMatch)
  let holding = false; // this tab wrote the kept match: it holds it until another tab takes it
  let takenOver = false; // another tab or window took the match over: this one is read-only
  function send(message, event, { whileBusy = false } = {}) {
    if (!stillHeld()) return; // another tab plays this match now: nothing is sent from here
    if ((busy && !whileBusy) || pending || (event && event.detail > 1)) return;
    pending = true;
    wantFocus = true;
    keeping = true; // the learner plays at this table: this browser keeps the match
    model.send({ ...message, serial: frames.length ? frames[frames.length - 1].serial : -1 });
    watchAnswer();
  }

  // Voilà (make app): once the server has gone (stopped, or the network lost), a click's
  // message waits in the page for a connection that never comes back, and nothing answers.
  // A click still unanswered after a moment asks the server whether it is there, for a small
  // file it serves without starting anything (not the page: that would start a kernel); if
  // nothing answers, the table says so and how to get the match back (a reload rebuilds it
  // from this browser's storage). In JupyterLab the lab says itself that its server is gone.
  let watch = null;
  function watchAnswer() {
    const base = document.body?.dataset.voila ? document.body.dataset.baseUrl : null;
    if (!base) return;
    clearTimeout(watch);
    watch = setTimeout(async () => {
      if (!pending) return;
      let there = false;
      try {
        there = (await fetch(base + SERVER_PROBE, { cache: "no-store" })).ok;
      } catch {} // no answer at all: the server is gone
      if (!pending) return; // answered meanwhile
      if (there) watchAnswer(); // the server is there, still working: look again later
      else serverGone();
    }, ANSWER_WAIT_MS);
  }
  function serverGone() {
    goneNote.hidden = false;
    goneNote.replaceChildren(h("strong", { text: ui?.server_gone ?? "" }));
  }

  // Movement: a card played comes in from its seat, or from the hand it was clicked in; a
  // finished trick, when it leaves the table, sweeps to its winner's seat. None at the instant
  // speed, nor for anyone whose system asks for less motion (the style sheet agrees).
  const sweepLayer = h("div", { class: "cl-sweep-layer", "aria-hidden": "true" });
  let launched = null; // the card the learner just clicked: its code and where it was
  let shownTrick = null; // the finished trick on the table in the last frame, and its winner
  function moving() {
    return SPEEDS[model.get("speed")] !== 0 && !matchMedia("(prefers-reduced-motion: reduce)").matches;
  }
  function sweep(trick) {
    for (const seat of trick.cards) {
      const ghost = h(
        "div",
        {
          class: "cl-swept",
          style: `--ux:${seat.ux};--uy:${seat.uy};--to-ux:${trick.winner.ux};--to-uy:${trick.winner.uy}`,
        },
        h("span", { class: "cl-face", style: `color:${seat.card.colour}` },
          h("span", { class: "cl-rank", text: seat.card.rank }),
          h("span", { class: "cl-suit", text: seat.card.symbol })),
      );
      ghost.addEventListener("animationend", () => ghost.remove());
      setTimeout(() => ghost.remove(), 1000); // gone even if the animation never ran
      sweepLayer.append(ghost);
    }
  }

  let lastPlayed = {}; // seat → the code of the card it had on the table in the last frame
  function drawSeats(frame) {
    const withCards = frame.seats.filter((seat) => seat.card);
    const winner = withCards.find((seat) => seat.winner);
    const trick = winner ? { winner, cards: withCards } : null;
    const codes = (t) => t.cards.map((seat) => seat.card.code).join(" ");
    if (shownTrick && !(trick && codes(trick) === codes(shownTrick)) && moving()) sweep(shownTrick);
    shownTrick = trick;
    const feltBox = felt.getBoundingClientRect();
    felt.replaceChildren(sweepLayer);
    root.classList.toggle("cl-instant", SPEEDS[model.get("speed")] === 0);
    felt.classList.toggle("cl-many", frame.seats.length > 4);
    trickNote.textContent = frame.trick_note; // under the felt: never over a seat or a card
    for (const seat of frame.seats) {
      const classes = ["cl-seat"];
      if (seat.turn) classes.push("cl-turn");
      if (seat.seat === 0) classes.push("cl-you");
      if (Math.abs(seat.ux) > 0.5) classes.push("cl-side"); // left or right of the felt
      const box = h(
        "div",
        { class: classes.join(" "), style: `--ux:${seat.ux};--uy:${seat.uy}` },
        h("span", { class: "cl-name", text: seat.label }),
        seat.role ? h("span", { class: "cl-role", text: seat.role }) : null,
        seat.level ? h("span", { class: "cl-bot-level", text: seat.level }) : null,
        h("span", { class: "cl-badge", text: seat.badge }),
        seat.total
          ? h("span", { class: "cl-seat-total" },
              h("span", { class: "cl-sr", text: seat.total_name }),
              h("span", { "aria-hidden": "true", text: seat.total }))
          : null,
        seat.turn ? h("span", { class: "cl-turn-mark", text: ui.to_act }) : null,
        seat.open_cards?.length ? openHand(seat.open_cards) : null,
        seat.cards_left
          ? h(
              "span",
              { class: "cl-backs" },
              h("span", { class: "cl-card-back", "aria-hidden": "true" }),
              h("span", { class: "cl-sr", text: ui.cards_left.replace("{count}", seat.cards_left) }),
              h("span", { "aria-hidden": "true", text: `× ${seat.cards_left}` }),
            )
          : null,
      );
      felt.append(box);
      if (!seat.card) delete lastPlayed[seat.seat];
      if (seat.card) {
        // a card new on the table since the last frame moves in from its seat (CSS)
        const fresh = lastPlayed[seat.seat] !== seat.card.code;
        let style = `--ux:${seat.ux};--uy:${seat.uy}`;
        if (fresh && launched?.code === seat.card.code) {
          // the learner's card: it leaves the hand where it was clicked
          const from = launched.box;
          style += `;--from-left:${from.left + from.width / 2 - feltBox.left}px`;
          style += `;--from-top:${from.top + from.height / 2 - feltBox.top}px`;
          launched = null;
        }
        const played = h(
          "div",
          {
            class: "cl-played" + (seat.winner ? " cl-winner" : "") + (fresh ? " cl-new" : ""),
            style,
          },
          h("span", { class: "cl-sr", text: ui.played.replace("{seat}", seat.label) + " " }),
          face(seat.card),
          seat.winner ? h("span", { class: "cl-won", text: ui.won }) : null,
        );
        felt.append(played);
        lastPlayed[seat.seat] = seat.card.code;
      }
    }
  }

  function drawHand(frame, active) {
    handTitle.textContent = frame.hand.length || frame.face_down ? frame.hand_title : "";
    hand.setAttribute("aria-label", frame.hand_title);
    hand.replaceChildren();
    if (frame.face_down) {
      hand.append(h("p", { text: ui.face_down.replace("{count}", String(frame.face_down)) }));
      return;
    }
    hand.style.setProperty("--n", String(frame.hand.length));
    const firstLegal = frame.hand.findIndex((c) => c.legal);
    frame.hand.forEach((card, i) => {
      const classes = ["cl-card", card.legal && active ? "cl-legal" : "cl-dim"];
      const button = h(
        "button",
        {
          class: classes.join(" "),
          type: "button",
          "data-code": card.code,
          tabindex: i === (firstLegal < 0 ? 0 : firstLegal) ? "0" : "-1",
          "aria-disabled": active ? null : "true",
          onclick: (event) => {
            if (!active) return;
            launched = { code: card.code, box: event.currentTarget.getBoundingClientRect() };
            send({ type: "card", code: card.code }, event);
          },
        },
        face(card),
      );
      hand.append(button);
    });
  }

  function drawCalls(frame, active) {
    calls.replaceChildren();
    calls.hidden = frame.calls.length === 0;
    calls.setAttribute("aria-label", frame.call_title || ui.calls);
    if (!frame.calls.length) return;
    calls.append(h("p", { class: "cl-call-title", text: frame.call_title }));
    const pad = h("div", { class: "cl-pad" });
    const firstLegal = frame.calls.findIndex((c) => c.legal);
    frame.calls.forEach((call, i) => {
      pad.append(
        h(
          "button",
          {
            class: "cl-call " + (call.legal ? "cl-legal" : "cl-dim"),
            type: "button",
            "data-call": String(call.value),
            tabindex: i === firstLegal ? "0" : "-1",
            "aria-disabled": active ? null : "true",
            onclick: (event) => active && send({ type: "call", value: call.value }, event),
          },
          h("span", { class: "cl-sr", text: call.name }),
          h("span", { "aria-hidden": "true", text: call.text }),
        ),
      );
    });
    calls.append(pad);
    roving(pad, "button");
  }

  let lastTrick = null; // the frame's last trick taken, for the "Last trick" panel
  function drawPeek() {
    const open = model.get("peek_open") && lastTrick !== null;
    peekButton.textContent = ui.peek;
    peekButton.setAttribute("aria-label", open ? ui.peek_hide : ui.peek_show);
    peekButton.setAttribute("aria-expanded", open ? "true" : "false");
    if (lastTrick === null) peekButton.setAttribute("aria-disabled", "true");
    else peekButton.removeAttribute("aria-disabled");
    peek.replaceChildren();
    peek.hidden = !open;
    if (!open) return;
    peek.setAttribute("aria-label", lastTrick.title);
    peek.append(
      h("p", { class: "cl-peek-title", text: lastTrick.title }),
      h("ul", { class: "cl-peek-cards" }, lastTrick.rows.map((row) =>
        h("li", { class: row.winner ? "cl-peek-winner" : null },
          h("span", { class: "cl-peek-seat", text: ui.played_by.replace("{seat}", row.label) + " " }),
          inline(row.card),
          row.winner ? h("span", { class: "cl-won", text: " " + ui.winner }) : null))),
      h("p", { class: "cl-peek-won", text: lastTrick.won }),
    );
  }
  peekButton.addEventListener("click", () => {
    if (lastTrick === null) return; // nothing taken yet in this deal
    model.set("peek_open", !model.get("peek_open"));
    model.save_changes();
  });
  model.on("change:peek_open", () => ui && drawPeek());
  hintButton.addEventListener("click", (event) => send({ type: "hint" }, event));
  forcedBox.addEventListener("change", () => {
    if (!stillHeld()) {
      forcedBox.checked = model.get("auto_forced");
      return;
    }
    keeping = true; // it may play a card at once
    model.set("auto_forced", forcedBox.checked);
    model.save_changes();
  });
  model.on("change:auto_forced", () => (forcedBox.checked = model.get("auto_forced")));

  function drawTools(frame, active) {
    lastTrick = frame.last_trick;
    drawPeek();
    hintButton.hidden = !ui.hint;
    hintButton.textContent = ui.hint;
    hintButton.setAttribute("aria-label", ui.hint_name);
    if (active && frame.hand_active) hintButton.removeAttribute("aria-disabled");
    else hintButton.setAttribute("aria-disabled", "true");
    forcedBox.checked = model.get("auto_forced");
    forcedLabel.textContent = " " + ui.auto_forced;
    forcedNote.textContent = frame.forced;
    forcedNote.hidden = !frame.forced;
    restoredNote.textContent = frame.restored;
    restoredNote.hidden = !frame.restored;
    hintText.textContent = frame.hint;
    hintText.hidden = !frame.hint;
  }

  function drawPractice(frame) {
    // Redrawing removes a focused "Back" button: focus comes back to the new one.
    const hadFocus = practice.contains(document.activeElement);
    practice.replaceChildren();
    practice.hidden = !frame.back;
    if (!frame.back) return;
    const back = h("button", {
      class: "cl-back",
      type: "button",
      text: frame.back,
      // not held back while the bots' cards are shown: the practice is simply left
      onclick: (event) => send({ type: "back" }, event, { whileBusy: true }),
    });
    practice.append(back);
    if (hadFocus) back.focus();
  }

  function drawEnd(frame) {
    end.replaceChildren();
    end.hidden = !frame.end;
    if (!frame.end) return;
    const e = frame.end;
    const head = [...ui.heads, e.total_word];
    const table = h(
      "table",
      { class: "cl-end-table" },
      h("caption", { text: e.title }),
      h("thead", {}, h("tr", {}, head.map((t) => h("th", { scope: "col", text: t })))),
      h(
        "tbody",
        {},
        e.rows.map((r) =>
          h(
            "tr",
            {},
            h("th", { scope: "row", text: r.label }),
            [r.call, r.tricks, r.result, r.points, r.why, r.total].map((t) => h("td", { text: t })),
          ),
        ),
      ),
    );
    end.append(
      // scrolls sideways on a phone: a tab stop, so the keyboard can scroll it too
      h("div", { class: "cl-end-scroll", tabindex: "0", role: "region", "aria-label": e.title },
        table),
      ...(e.standings ? [drawStandings(e.standings)] : []), // append(null) writes "null"
      h("button", {
        class: "cl-next",
        type: "button",
        text: e.next_label,
        onclick: (event) => send({ type: "next" }, event),
      }),
    );
    end.append(
      h("button", {
        class: "cl-again",
        type: "button",
        text: e.again,
        onclick: (event) => send({ type: "again" }, event),
      }),
      h("p", { class: "cl-seed", text: e.seed }),
    );
    if (e.sheet?.rows.length) end.append(drawSheet(e.sheet));
    const record = drawRecord();
    if (record) end.append(record);
    if (e.note) end.append(h("p", { class: "cl-review-note", text: e.note }));
    if (e.review_offered) {
      end.append(review);
      drawReview();
    }
  }

  // The match's end: each seat's place (shared by a tie), name and total, best first.
  function drawStandings(standings) {
    const table = h(
      "table",
      { class: "cl-sheet cl-standings" },
      h("caption", { text: standings.caption }),
      h("thead", {}, h("tr", {}, standings.heads.map((t) => h("th", { scope: "col", text: t })))),
      h(
        "tbody",
        {},
        standings.rows.map(([place, name, ...cells]) =>
          h("tr", {}, h("td", { text: place }), h("th", { scope: "row", text: name }),
            cells.map((t) => h("td", { text: t }))),
        ),
      ),
    );
    return h("div", { class: "cl-end-scroll", tabindex: "0", role: "region",
      "aria-label": standings.caption }, table);
  }

  // The score sheet: the match so far, deal by deal, and the totals.
  function drawSheet(sheet) {
    const table = h(
      "table",
      { class: "cl-sheet" },
      h("caption", { text: sheet.caption }),
      h("thead", {}, h("tr", {}, sheet.heads.map((t) => h("th", { scope: "col", text: t })))),
      h(
        "tbody",
        {},
        sheet.rows.map(([first, ...cells]) =>
          h("tr", {}, h("th", { scope: "row", text: first }), cells.map((t) => h("td", { text: t }))),
        ),
      ),
      h(
        "tfoot",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "row", text: sheet.totals[0] }),
          sheet.totals.slice(1).map((t) => h("td", { text: t })),
        ),
      ),
    );
    return h("div", { class: "cl-end-scroll", tabindex: "0", role: "region",
      "aria-label": sheet.caption }, table);
  }

  // The learner's record across matches, kept in this browser's local storage, every game's
  // in one. A finished match is counted when it arrives (its frames carry it: at every speed,
  // before or after its picture is drawn), once, by its id, which a reload keeps; only by a
  // tab whose learner plays at the table (a table driven from code counts nothing).
  function readRecord() {
    return JSON.parse(localStorage.getItem(RECORD_KEY) || "null") || { games: {}, seen: [] };
  }
  function countRecord(finished) {
    if (!finished?.key || !keeping || takenOver) return;
    try {
      const kept = readRecord();
      if (kept.seen.includes(finished.key)) return;
      const game = (kept.games[finished.game] ??= {
        played: 0, won: 0, deals: 0, points_tenths: 0, calls: 0, made: 0,
      });
      game.played += 1;
      game.won += finished.won ? 1 : 0;
      for (const field of ["deals", "points_tenths", "calls", "made"]) {
        game[field] += finished[field];
      }
      kept.seen = [...kept.seen, finished.key].slice(-200);
      localStorage.setItem(RECORD_KEY, JSON.stringify(kept));
    } catch {} // no storage in this browser (private mode, blocked): no record
  }
  function drawRecord() {
    let kept;
    try {
      kept = readRecord();
    } catch {
      return null;
    }
    const game = kept.games[model.get("game_key")];
    if (!game?.played) return null;
    // tenths of a point a deal, rounded once: whole numbers until the last division
    const average = game.deals ? (Math.round(game.points_tenths / game.deals) / 10).toFixed(1)
      : "0.0";
    const caption = ui.record.replace("{game}", ui.game);
    return h(
      "div",
      { class: "cl-end-scroll cl-record", tabindex: "0", role: "region", "aria-label": caption },
      h(
        "table",
        { class: "cl-sheet" },
        h("caption", { text: caption }),
        h("thead", {}, h("tr", {}, ui.record_heads.map((t) => h("th", { scope: "col", text: t })))),
        h("tbody", {}, h("tr", {},
          [game.played, game.won, average, `${game.made} / ${game.calls}`].map((t) =>
            h("td", { text: String(t) })))),
      ),
    );
  }

  function drawReview() {
    // Redrawing removes a focused replay button: focus comes back to the same decision's.
    const focused = review.contains(document.activeElement)
      ? document.activeElement.dataset.number
      : null;
    review.replaceChildren();
    const r = model.get("review");
    if (!r || !r.rows) {
      review.setAttribute("aria-busy", "true");
      review.setAttribute("aria-label", ui.reviewing);
      review.append(h("p", { class: "cl-review-pending", text: ui.reviewing }));
      return;
    }
    review.removeAttribute("aria-busy");
    review.setAttribute("aria-label", r.title);
    if (r.kind === "bridge") {
      drawBridgeReview(r);
      return;
    }
    const choice = (c) => (c.card ? inline(c.card) : c.text);
    const table = h(
      "table",
      { class: "cl-review-table" },
      h("caption", { text: r.caption }),
      h("thead", {}, h("tr", {}, r.heads.map((t) => h("th", { scope: "col", text: t })))),
      h(
        "tbody",
        {},
        r.rows.map((row) =>
          h(
            "tr",
            { class: row.costliest ? "cl-costliest" : null },
            h(
              "th",
              { scope: "row" },
              row.decision,
              row.costliest ? h("span", { class: "cl-costliest-mark", text: r.costliest_word })
                : null,
            ),
            h("td", {}, choice(row.chosen)),
            h("td", {}, choice(row.best)),
            h("td", { text: row.loss }),
            h(
              "td",
              {},
              h("button", {
                class: "cl-replay",
                type: "button",
                text: r.replay,
                "aria-label": row.replay_name,
                "data-number": String(row.number),
                onclick: (event) => send({ type: "replay", number: row.number }, event),
              }),
            ),
          ),
        ),
      ),
    );
    review.append(
      h("p", { class: "cl-review-title", text: r.title }),
      h("p", { class: "cl-costliest-reason", text: r.reason }),
      h("div", { class: "cl-end-scroll", tabindex: "0", role: "region", "aria-label": r.title },
        table),
      h("p", { class: "cl-review-practice", text: r.practice }),
    );
    if (r.match_summary) review.append(h("p", { class: "cl-match-review", text: r.match_summary }));
    if (focused) review.querySelector(`button[data-number="${focused}"]`)?.focus();
  }

  // A Contract Bridge deal's review, double dummy: what it says, the lead's table and the
  // cards that gave tricks away (cardlib/widgets/bridge_review.py); nothing to replay.
  function drawBridgeReview(r) {
    const scrolled = (t) =>
      h(
        "div",
        { class: "cl-end-scroll", tabindex: "0", role: "region", "aria-label": t.caption },
        h(
          "table",
          { class: "cl-review-table" },
          h("caption", { text: t.caption }),
          h("thead", {}, h("tr", {}, t.heads.map((x) => h("th", { scope: "col", text: x })))),
          h("tbody", {}, t.rows.map((cells) => h("tr", {}, cells))),
        ),
      );
    review.append(h("p", { class: "cl-review-title", text: r.title }));
    if (r.note) review.append(h("p", { class: "cl-review-note", role: "note", text: r.note }));
    for (const line of r.summary) review.append(h("p", { class: "cl-bridge-summary", text: line }));
    if (r.lead) {
      review.append(scrolled({ ...r.lead, rows: r.lead.rows.map((row) => [
        h("th", { scope: "row" }, inline(row.card)),
        h("td", { text: row.value }),
        h("td", { text: row.chosen }),
      ]) }));
    }
    if (r.play) {
      review.append(scrolled({ ...r.play, rows: r.play.rows.map((row) => [
        h("th", { scope: "row", text: row.trick }),
        h("td", { text: row.hand }),
        h("td", {}, inline(row.played)),
        h("td", {}, row.best.flatMap((c, i) => (i ? [" ", ...inline(c)] : inline(c)))),
        h("td", { text: row.lost }),
      ]) }));
    }
  }

  function drawWords(words) {
    ui = words;
    for (const option of speed.options) option.textContent = ui.speeds[option.value];
    speedLabel.textContent = ui.speed_label;
    for (const option of level.options) option.textContent = ui.levels[option.value];
    levelLabel.textContent = ui.level_label;
    level.value = model.get("level");
    levelNote.textContent = ui.level_note ? ` ${ui.level_note}` : "";
    languageLabel.textContent = ui.language + " ";
    languageLabel.hidden = language.hidden = !model.get("show_language");
    language.value = model.get("lang");
    felt.setAttribute("aria-label", ui.table);
  }

  function draw(frame, shown) {
    const active = shown && !takenOver;
    // Redrawing removes the focused button: keep focus in the hand meanwhile, not on <body>.
    const focused = document.activeElement;
    const hadFocus = focused && focused !== speed && root.contains(focused);
    root.classList.toggle("cl-busy", !active);
    drawWords(frame.ui);
    heading.textContent = frame.heading;
    auction.textContent = frame.auction ? ui.auction.replace("{calls}", frame.auction) : "";
    auction.hidden = !frame.auction;
    prompt.textContent = frame.prompt;
    guide.textContent = frame.guide || "";
    guide.hidden = !frame.guide;
    drawPractice(frame);
    drawSeats(frame);
    drawHand(frame, active && frame.hand_active);
    drawTools(frame, active);
    drawCalls(frame, active);
    drawEnd(frame);
    drawTakenOver();
    fit();
    if (hadFocus && !root.contains(document.activeElement)) hand.focus();
  }

  // One screen: the felt takes the height left once everything the learner acts with (the
  // prompt, the helpers, the hand, the call pad, any line added above the hand, the deal's end
  // and its Next button) is counted,
  // so that the felt, the seats, the hand and the call pad are in view together: on a page
  // of the table's own (Voilà's, table_page.js's) from the page's start to the window's
  // bottom, in JupyterLab within the notebook's panel once the table is scrolled to. Then the
  // seats and the cards played come in towards the middle as far as the felt's height asks,
  // never onto each other.
  const FELT_MAX = 440;
  function fit() {
    if (!root.isConnected || !felt.getClientRects().length) return;
    const many = felt.classList.contains("cl-many");
    const width = felt.clientWidth;
    // the least that holds the top and bottom seats and, between them, two cards played one
    // above the other (no card on the table, as while calling: the seats alone)
    const tall = (selector) =>
      Math.max(0, ...[...felt.querySelectorAll(selector)].map((e) => e.offsetHeight));
    const played = tall(".cl-played");
    const ends = tall(".cl-seat:not(.cl-side)"); // the seats above and below the middle
    // seven seats round the felt: a square one, as tall as it is wide
    const low = many ? Math.min(FELT_MAX, Math.max(320, width))
      : Math.max(150, 2 * ends + 2 * played + (played ? 20 : 12));
    let room = window.innerHeight;
    let scroller = null;
    for (let e = root.parentElement; e; e = e.parentElement) {
      const y = getComputedStyle(e).overflowY;
      if ((y === "auto" || y === "scroll") && e.clientHeight) {
        scroller = e;
        break;
      }
    }
    const top = root.getBoundingClientRect().top;
    // a page of its own (Voilà's, or table_page.js's: no notebook around the table)
    if (document.body?.dataset.voila || root.closest("div.cardlib-table-page")) {
      // where the table starts on the first screen: every panel scrolled back to its start
      let scrolled = window.scrollY;
      for (let e = root.parentElement; e; e = e.parentElement) scrolled += e.scrollTop;
      room = window.innerHeight - (top + scrolled);
    } else if (scroller) {
      room = Math.min(scroller.clientHeight, window.innerHeight);
    }
    // at the deal's end, its table and the button to go on are on the screen too
    const shown = [felt, hand.parentElement, calls, cont, choice, end.querySelector(".cl-next")]
      .filter((e) => e && !e.hidden && e.getClientRects().length);
    const bottom = Math.max(...shown.map((e) => e.getBoundingClientRect().bottom));
    const others = bottom - top - felt.getBoundingClientRect().height;
    const most = Math.min(FELT_MAX, Math.max(width, low));
    const height = Math.round(Math.max(low, Math.min(most, room - others - 6)));
    felt.style.height = `${height}px`;
    placeSeats(height, many);
    // the hand overlaps its cards (a fan) only when they do not fit side by side
    const cards = hand.querySelectorAll(".cl-card");
    const cardWidth = cards[0]?.offsetWidth ?? 0;
    hand.classList.toggle("cl-fanned", cards.length * (cardWidth + 4) - 4 > hand.clientWidth);
  }

  // Top and bottom seats inside the felt, the cards played between them and the middle.
  function placeSeats(height, many) {
    felt.style.removeProperty("--seat-ry");
    felt.style.removeProperty("--card-ry");
    felt.style.removeProperty("--card-rx");
    if (many) return keepSeatsIn(); // seven seats: the style sheet's places, on a tall felt
    const tall = (selector) =>
      Math.max(0, ...[...felt.querySelectorAll(selector)].map((e) => e.offsetHeight));
    const seat = tall(".cl-seat:not(.cl-side)");
    const card = tall(".cl-played") || 48;
    const style = getComputedStyle(felt);
    const asked = (name) => (parseFloat(style.getPropertyValue(name)) / 100) * height;
    const seatY = Math.min(asked("--seat-ry"), height / 2 - seat / 2 - 3);
    const cardY = Math.min(asked("--card-ry"), Math.max(card / 2 + 2, seatY - seat / 2 - card / 2 - 4));
    felt.style.setProperty("--seat-ry", `${Math.max(0, seatY)}px`);
    felt.style.setProperty("--card-ry", `${cardY}px`);
    keepSeatsIn();
    // the cards of the left and right seats between those seats and the middle's cards
    const edge = felt.getBoundingClientRect();
    const middle = edge.left + edge.width / 2;
    const cardWide = Math.max(0, ...[...felt.querySelectorAll(".cl-played")].map((e) => e.offsetWidth)) || 34;
    const inner = Math.min(edge.width / 2, ...[...felt.querySelectorAll(".cl-seat.cl-side")].map((e) => {
      const box = e.getBoundingClientRect();
      return box.left > middle ? box.left - middle : middle - box.right;
    }));
    felt.style.removeProperty("--card-rx");
    const askedX = (parseFloat(getComputedStyle(felt).getPropertyValue("--card-rx")) / 100) * edge.width;
    const cardX = Math.max(cardWide + 3, Math.min(askedX, inner - cardWide / 2 - 4));
    felt.style.setProperty("--card-rx", `${cardX}px`);
  }

  // A seat near the felt's left or right edge moves in until the felt holds it whole.
  function keepSeatsIn() {
    const seats = [...felt.querySelectorAll(".cl-seat")];
    for (const seat of seats) seat.style.removeProperty("--dx");
    const edge = felt.getBoundingClientRect();
    for (const seat of seats) {
      const box = seat.getBoundingClientRect();
      let dx = 0;
      if (box.right > edge.right - 2) dx = edge.right - 2 - box.right;
      if (box.left + dx < edge.left + 2) dx = edge.left + 2 - box.left;
      if (dx) seat.style.setProperty("--dx", `${Math.round(dx)}px`);
    }
  }
  window.addEventListener("resize", fit);
  // the first picture is drawn before the page holds the table: fitted once it is laid out,
  // and again whenever its size changes (a panel resized, a line added)
  let fitting = 0;
  const fitter = new ResizeObserver(() => {
    cancelAnimationFrame(fitting);
    fitting = requestAnimationFrame(fit);
  });
  fitter.observe(root);

  function focusHand() {
    if (!wantFocus) return;
    const target =
      hand.querySelector("button.cl-legal") ||
      calls.querySelector("button.cl-legal") ||
      end.querySelector("button.cl-next") ||
      hand.querySelector("button");
    if (target) target.focus();
  }

  let frames = [];
  let at = 0; // the frame shown now
  let heardUpTo = 0; // the frames before this one were read out by the live region
  let watching = null; // the dummy's choice, once "Watch the play" is chosen (its words)

  // The learner is dummy: the frames wait on the choice; "Watch" plays them on at the speed
  // chosen, with "Skip to the result" at hand; "Skip" jumps to the deal's end.
  function askDummy(words) {
    const watch = h("button", { class: "cl-watch", type: "button", text: words.watch,
      onclick: () => {
        watching = words;
        step();
      } });
    choice.replaceChildren(
      h("p", { class: "cl-choice-question", text: words.question }),
      watch,
      " ",
      h("button", { class: "cl-skip", type: "button", text: words.skip, onclick: skipToResult }),
    );
    choice.hidden = false;
    if (wantFocus) watch.focus();
  }
  function showSkip(last) {
    choice.replaceChildren();
    choice.hidden = !watching || last;
    if (!choice.hidden) {
      choice.append(h("button", { class: "cl-skip", type: "button", text: watching.skip,
        onclick: skipToResult }));
    }
  }
  function skipToResult() {
    clearTimeout(timer);
    cont.replaceChildren();
    at = frames.length - 1;
    heardUpTo = at; // the learner chose not to follow the play: only the result is read
    step();
  }

  function settle(frame) {
    root.dataset.serial = String(frame.serial); // tests wait on it: the table is settled
    // The words of the frames not read yet, at once: at the instant speed all of them (the
    // bots' calls and cards, the tricks won, the last one too, whose turn it is, the deal's
    // result); otherwise each frame's words were read as it was drawn, and these are the last.
    const note = frames.slice(heardUpTo).map((f) => f.live).filter(Boolean);
    if (note.length) live.textContent = note.join(" ");
    focusHand();
    if (frame.end?.review_offered && !model.get("review")?.rows && reviewAsked !== frame.serial) {
      reviewAsked = frame.serial;
      model.send({ type: "review" }); // the coach works only when the deal's end is shown
    }
  }

  function step() {
    const frame = frames[at];
    const last = at === frames.length - 1;
    busy = !last;
    const skipFocused = choice.contains(document.activeElement);
    draw(frame, last);
    showSkip(last);
    if (skipFocused && !last) choice.querySelector("button")?.focus();
    root.dataset.frame = `${at + 1}/${frames.length}`;
    if (last) return settle(frame);
    if (frame.live) live.textContent = frame.live;
    if (!frame.end) reviewLive.textContent = ""; // said again at the next deal's end
    heardUpTo = at + 1;
    at += 1;
    if (frame.dummy_choice && !watching) return askDummy(frame.dummy_choice);
    const name = model.get("speed");
    const delay = SPEEDS[name] ?? 500;
    if (frame.pause && name === "step") {
      const button = h("button", {
        class: "cl-continue-button",
        type: "button",
        text: ui.continue,
        onclick: () => {
          cont.replaceChildren();
          step();
        },
      });
      cont.append(button);
      if (wantFocus) button.focus();
      return;
    }
    timer = setTimeout(step, frame.pause ? 3 * delay : delay);
  }

  // The frames are shown one at a time at the chosen speed; the first ones a view is given
  // are not news (the bots acted before the page was open, perhaps in a preheated kernel
  // minutes ago): the table shows where the deal stands at once, and reads it all out.
  function play({ arrived = true } = {}) {
    pending = false; // the answer: a new position
    clearTimeout(timer);
    cont.replaceChildren();
    frames = model.get("frames");
    if (!frames.length) return;
    countRecord(frames[frames.length - 1].end?.finished);
    heardUpTo = 0;
    watching = null;
    at = !arrived || SPEEDS[model.get("speed")] === 0 ? frames.length - 1 : 0;
    step();
  }

  // Choosing "Instant" while the bots' cards are being shown jumps to the end.
  function speedChanged() {
    speed.value = model.get("speed");
    if (busy && SPEEDS[model.get("speed")] === 0) {
      clearTimeout(timer);
      cont.replaceChildren();
      at = frames.length - 1;
      step();
    }
  }

  function showRefusal() {
    refusal.textContent = model.get("refusal");
  }

  // The same refusal twice is read out twice: empty the live region, then refill it.
  function refuseAgain() {
    pending = false; // the answer: a refusal, the position unchanged
    refusal.textContent = "";
    setTimeout(showRefusal, 50);
  }

  level.addEventListener("change", () => {
    if (!stillHeld()) {
      level.value = model.get("level");
      return;
    }
    keeping = true; // one of the match's actions
    model.set("level", level.value);
    model.save_changes();
  });
  language.addEventListener("change", () => {
    model.set("lang", language.value);
    model.save_changes();
  });
  model.on("change:frames", () => play());
  // The table keeps its match in this browser once the learner plays at it (a table driven
  // from code never writes), and a table of fresh seeds from the moment it is shown: its seed,
  // opponents and the learner's actions, replayed by Python after a reload. One kept match per
  // table key (game, seats, and seed unless fresh).
  //
  // One tab or window plays a kept match: the one that wrote it last holds it (``owner``, its
  // page load). A tab that opens the same match rebuilds it and takes it over at once; the tab
  // that held it hears of it (the "storage" event, or when it next writes or sends a click),
  // says so and takes no more clicks. So no play is lost without a word: the match goes on in
  // the newer tab, from every play the older one saved, and a reload of the older one brings
  // it back from there (and takes it over in turn).
  function keptKey(kept) {
    return `${MATCH_KEY}:${kept.key}`;
  }
  function readKept(kept) {
    try {
      return JSON.parse(localStorage.getItem(keptKey(kept)) || "null");
    } catch {
      return null; // no storage, or a damaged record: nothing kept
    }
  }
  // Whether another tab took the match over from this one.
  function lostTo(saved) {
    return holding && !!saved?.owner && saved.owner !== PAGE;
  }
  // Whether this tab may still play (and keep) its match; says so at once when it may not.
  function stillHeld() {
    const kept = model.get("kept_match");
    if (!takenOver && kept?.key && lostTo(readKept(kept))) giveUp();
    return !takenOver;
  }
  function giveUp() {
    takenOver = true;
    pending = false;
    clearTimeout(timer); // the bots' cards still to show: the last picture at once
    cont.replaceChildren();
    if (frames.length) {
      at = frames.length - 1;
      draw(frames[at], false);
      showSkip(true);
    }
    live.textContent = ui?.taken_over ?? "";
  }
  function drawTakenOver() {
    takenNote.hidden = !takenOver;
    takenNote.replaceChildren(takenOver ? h("strong", { text: ui.taken_over }) : "");
    level.disabled = forcedBox.disabled = takenOver;
    if (takenOver) for (const button of root.querySelectorAll("button")) button.disabled = true;
  }
  function keepMatch() {
    const kept = model.get("kept_match");
    if (!keeping || !kept?.key || !stillHeld()) return;
    try {
      localStorage.setItem(keptKey(kept), JSON.stringify({ ...kept, page: PAGE, owner: PAGE }));
      holding = true;
    } catch {} // no storage here: the match lives as long as the page
  }
  model.on("change:kept_match", keepMatch);
  function otherTabWrote(event) {
    const kept = model.get("kept_match");
    if (takenOver || !kept?.key || event.key !== keptKey(kept)) return;
    let saved = null;
    try {
      saved = JSON.parse(event.newValue || "null");
    } catch {}
    if (lostTo(saved)) giveUp();
  }
  window.addEventListener("storage", otherTabWrote);
  // Whether the match kept in this browser is rebuilt on this table, just shown: never on a
  // table played already; on a table of fresh seeds whenever another match is kept for it (its
  // deal is locked once shown); on a seeded table when an earlier page load kept a match of
  // its that has gone further than its start.
  function rebuilds(saved, given) {
    if (!saved || given.actions.length) return false;
    if (given.fresh) return saved.match_id !== given.match_id;
    return saved.page !== PAGE && (saved.actions?.length > 0 || saved.seed !== given.seed);
  }
  const given = model.get("kept_match"); // the match this table was made with
  const stored = given?.key ? readKept(given) : null;
  if (given?.key && rebuilds(stored, given)) {
    keeping = true;
    try {
      // taken over at once: a tab still playing it writes no more and sends no more clicks
      localStorage.setItem(keptKey(given), JSON.stringify({ ...stored, owner: PAGE }));
      holding = true;
    } catch {}
    model.send({ type: "restore", saved: stored });
  } else if (given?.fresh) {
    keeping = true; // the deal is kept as it is shown: a reload gives the same cards back
    keepMatch();
  }
  model.on("msg:custom", (message) => {
    if (message?.type === "ignored") pending = false; // a stale click: nothing changed
    // the page's host knows its server is gone (table_page.js: a websocket closed): the click
    // was not sent
    if (message?.type === "server_gone") {
      pending = false;
      serverGone();
    }
  });
  // A key held down repeats: Enter or Space held on a card is one press, not one per repeat.
  root.addEventListener(
    "keydown",
    (event) => {
      if (event.repeat && (event.key === "Enter" || event.key === " ")) event.preventDefault();
    },
    true,
  );
  // The review arrives: drawn under the end table, the costliest decision read out.
  model.on("change:review", () => {
    const r = model.get("review");
    if (!end.contains(review)) return;
    drawReview();
    if (r?.rows) reviewLive.textContent = r.reason;
  });
  // A refusal changes nothing on the table: focus stays on the card that was clicked.
  model.on("change:refusal_count", refuseAgain);
  model.on("change:refusal", showRefusal);
  play({ arrived: false });
  showRefusal();
  return () => {
    clearTimeout(timer);
    window.removeEventListener("storage", otherTabWrote);
    window.removeEventListener("resize", fit);
    fitter.disconnect();
    cancelAnimationFrame(fitting);
  };
}

export default { render };
