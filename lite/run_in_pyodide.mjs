// Run a Python script in Pyodide under Node: the site's own Python, at build time.
//
//   node run_in_pyodide.mjs PYODIDE_DIR SCRIPT.py [--mount DIR]... [ARG]...
//
// PYODIDE_DIR holds the runtime the site ships (pyodide.mjs, pyodide.asm.*, python_stdlib.zip);
// each --mount DIR is a host folder the script reads or writes, seen at the same path inside
// Pyodide (the script's own folder is mounted too). The script runs as __main__ with sys.argv
// [SCRIPT.py, ARG...]; its exit status is this process's. (lite/build_site.py uses it to
// compile the wheels' bytecode: lite/compile_wheels.py.)
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, script, ...rest] = process.argv.slice(2);
if (!pyodideDir || !script) {
  console.error("usage: node run_in_pyodide.mjs PYODIDE_DIR SCRIPT.py [--mount DIR]... [ARG]...");
  process.exit(2);
}
const mounts = [path.dirname(path.resolve(script))];
const args = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--mount" && i + 1 < rest.length) mounts.push(path.resolve(rest[++i]));
  else args.push(rest[i]);
}

const runtime = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: runtime,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
for (const dir of new Set(mounts)) {
  pyodide.FS.mkdirTree(dir);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, dir);
}
pyodide.globals.set("script_argv", pyodide.toPy([path.resolve(script), ...args]));
process.exitCode = pyodide.runPython(`
import runpy, sys
sys.argv = list(script_argv)
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    status = 0
except SystemExit as stop:
    if stop.code is None or isinstance(stop.code, int):
        status = stop.code or 0
    else:
        print(stop.code, file=sys.stderr)
        status = 1
status
`);
