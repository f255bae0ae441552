// The card table page's Python (lite/build_site.py copies this into each build's table/ folder
// and writes SITE): the site's own Pyodide, cardlib's wheel and the one wheel its table needs
// besides (no Jupyter, no widget library), and one cardlib.widgets.table_worker.WorkerTable.
//
// From the page: {type: "screen", screen} (the stored first screen it drew, JSON text: the
// table to make) and {type: "message", message} (the table's messages, table_page.js's). To
// the page: {type: "messages", messages} (the table's answers, in order), {type: "ready"}
// (once the table takes messages), {type: "phase", name, at} (when each step of the start
// was reached, for the benchmarks) and {type: "failed", error}.
//
// The lessons' pages use it too, with no table: their stored Deal widgets work before the
// lesson's own Python (the kernel) is ready (lite/site/cardlib-site.js). From such a page:
// {type: "deal", request} (cardlib.draw.callbreak.deal_answer's request, an object); to it:
// {type: "python"} once Python takes requests and {type: "deal", answer}.
//
// One thing per turn of the event loop: a request or a message of the page's first, else one
// piece of the coach's work ahead of time (WorkerTable.idle_step) until none is left; a message
// that arrives meanwhile waits for one piece at most.
import { loadPyodide } from "../static/pyodide/pyodide.mjs";

const SITE = /*SITE*/ {} /*SITE*/;
const table = SITE.table;
const phase = (name) => postMessage({ type: "phase", name, at: performance.now() });

// Pyodide says only on the console that its runtime could not be loaded (and never finishes
// starting): that warning fails the start, so the page can say so.
const warn = console.warn;
console.warn = (...args) => {
  if (args[0] === "wasm instantiation failed!") {
    postMessage({ type: "failed", error: `the Python runtime could not be loaded: ${args[1] ?? ""}` });
  }
  warn(...args);
};

const inbox = [];
const deals = []; // the lesson page's requests
let screenText = null;
let screenArrived;
const screenHere = new Promise((resolve) => (screenArrived = resolve));
onmessage = (event) => {
  const data = event.data;
  if (data?.type === "screen" && screenText === null) {
    screenText = String(data.screen);
    screenArrived();
  } else if (data?.type === "message") {
    inbox.push(data.message);
    schedule();
  } else if (data?.type === "deal") {
    deals.push(data.request);
    schedule();
  }
};

let python = null; // Pyodide, once cardlib's wheel is in
let drawn = null; // cardlib.draw.callbreak (deal_answer), imported at the first request
let host = null; // the WorkerTable
let idleLeft = true; // whether the coach may have work to do ahead of time
let scheduled = false;
const turns = new MessageChannel(); // a macrotask each: the page's messages come in between
turns.port1.onmessage = turn;
const work = () =>
  (python !== null && deals.length > 0) || (host !== null && (inbox.length > 0 || idleLeft));
function schedule() {
  if (!work() || scheduled) return;
  scheduled = true;
  turns.port2.postMessage(null);
}
function turn() {
  scheduled = false;
  if (python !== null && deals.length) {
    drawn ??= python.pyimport("cardlib.draw.callbreak");
    const answer = drawn.deal_answer(JSON.stringify(deals.shift()));
    postMessage({ type: "deal", answer: JSON.parse(answer) });
  } else if (host === null) {
    return;
  } else if (inbox.length) {
    const answers = host.receive(JSON.stringify(inbox.shift()));
    postMessage({ type: "messages", messages: JSON.parse(answers) });
    idleLeft = true; // a new position: maybe new work for the coach
  } else if (idleLeft) {
    idleLeft = host.idle_step() === true;
  }
  schedule();
}

async function wheel(url) {
  const response = await fetch(new URL(url, import.meta.url));
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return response.arrayBuffer();
}

async function start() {
  phase("worker");
  // the wheels downloaded while Pyodide starts; one missing fails the start at once
  const wheels = Promise.all(table.wheels.map(wheel));
  const [pyodide] = await Promise.all([
    loadPyodide({ indexURL: new URL(table.pyodide, import.meta.url).href, packages: [] }).then(
      (loaded) => (phase("pyodide"), loaded),
    ),
    wheels,
  ]);
  for (const data of await wheels) pyodide.unpackArchive(data, "wheel");
  phase("wheels");
  // the learner's progress record lives in the lessons' kernels; here, in this worker only
  pyodide.runPython("import os; os.environ.setdefault('CARDLIB_PROGRESS', ':memory:')");
  python = pyodide;
  postMessage({ type: "python" });
  schedule();
  await screenHere;
  const WorkerTable = pyodide.pyimport("cardlib.widgets.table_worker").WorkerTable;
  phase("imported");
  host = WorkerTable(screenText);
  phase("table");
  postMessage({ type: "messages", messages: JSON.parse(host.first) });
  postMessage({ type: "ready" });
  schedule();
}

start().catch((error) => postMessage({ type: "failed", error: String(error?.stack ?? error) }));
