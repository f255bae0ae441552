// The card table's page played over a websocket (make app's page, cardlib/app_server.py): the
// table drawn at once from the first screen inline in the page (#cardlib-first-screen), then
// played with this visitor's own Python process, found by the page's token (#cardlib-app).
// Every message is plain JSON (cardlib/widgets/table_page.py); the server sends the answers to
// each message as one list.

import { startTablePage } from "./table_page.js";

const main = document.getElementById("cardlib-app");
const firstScreen = JSON.parse(document.getElementById("cardlib-first-screen").textContent);
const url = new URL(`ws?token=${encodeURIComponent(main.dataset.token)}`, location.href);
url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
const socket = new WebSocket(url);
const listeners = [];
// The socket has closed (the server stopped, the network lost, the table culled): the page
// says so at the learner's next click, and how to get the match back.
const gone = new Promise((resolve) => socket.addEventListener("close", () => resolve()));
const ready = new Promise((resolve) => socket.addEventListener("open", () => resolve()));
socket.addEventListener("message", (event) => {
  for (const message of JSON.parse(event.data)) for (const listen of listeners) listen(message);
});
// the page's heading and title in the language chosen (table_page.js redraws the rest)
listeners.push((message) => {
  const title = message?.kind === "page" ? message.page?.words?.title : null;
  if (title) document.title = main.querySelector("h1").textContent = title;
});
startTablePage(document.getElementById("cardlib-table-page"), firstScreen, {
  post: (message) => socket.send(JSON.stringify(message)),
  listen: (callback) => listeners.push(callback),
  ready,
  gone,
});
