// dist/vendor/jq.cjs and dist/vendor/jq.wasm: jq-web 0.6.2's runtime (jq compiled to
// WebAssembly by emscripten), copied from node_modules with its I/O part replaced, for
// src/cli/output/jq.ts (`--jq`). jq-web's own part (its pre.js and post.js, spliced into
// emscripten's output) wrote jq's stdout into a JavaScript array, one element per byte, and
// skipped byte 0: an endless program (`range(1e9)`) grew that array until V8's heap ran out
// and Node died (exit 133), and a NUL inside a string result was dropped. The module
// exported no way to reach the devices. In their place (PRE and POST below):
// - stdout and stderr write whole chunks into growable byte buffers, byte 0 kept;
// - each buffer holds at most the run's limit: past it, the write throws an error that
//   ends jq's run (it leaves through jq's main: the runtime is then spent, see POST);
// - jq sees the environment it is given (Module.tourneyEnv), not emscripten's made-up one;
// - the module exports emscripten's factory, so a spent runtime can be replaced.
// The patch is made for one file: jq.js and jq.wasm must be the bytes it was written
// against (sha256 below), else the build fails, naming what to review. Nothing is fetched.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The files of jq-web 0.6.2 the patch was written against. */
const EXPECTED = {
  "jq.js": "69e76ed28d80fbcd4fd618d27b317ac193d2355a83125b1e7d8bfa7a596f204b",
  "jq.wasm": "18d8a3955d212fedd5065e38051397e3041bffc55de09f83aea0ae9da8cb47db",
};

const PRE = `// include: ../pre.js (tourney's, in place of jq-web's: build/jq-runtime.mjs)
// jq's stdout and stderr, each a growable byte buffer (byte 0 kept) bounded by the run's
// limit; tourneyRun (POST) makes them for each run.
var outSink;
var errSink;

class ByteSink {
  constructor(limit, what) {
    this.limit = limit;
    this.what = what;
    this.bytes = new Uint8Array(Math.min(limit, 65536));
    this.length = 0;
  }
  write(chunk) {
    var end = this.length + chunk.length;
    if (end > this.limit) {
      var error = new Error("jq's " + this.what + " passed " + this.limit + " bytes");
      error.name = "JqOutputLimit";
      error.stream = this.what;
      throw error;
    }
    if (end > this.bytes.length) {
      var grown = new Uint8Array(Math.min(this.limit, Math.max(end, this.bytes.length * 2)));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(chunk, this.length);
    this.length = end;
  }
  view() {
    return this.bytes.subarray(0, this.length);
  }
}

// The device at path writes whole chunks into sink() (emscripten's devices pass bytes one
// at a time to a callback, and turn any error it throws into EIO, which jq ignores).
function sinkDevice(path, sink) {
  var ops = FS.getDevice(FS.lookupPath(path).node.rdev).stream_ops;
  ops.write = (stream, buffer, offset, length) => {
    sink().write(new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length));
    return length;
  };
}

Module = Object.assign(
  {
    noInitialRun: true,
    noExitRuntime: false,
    preRun() {
      var none = () => {
        throw new Error("jq's devices are replaced below");
      };
      FS.init(() => { throw "should not happen"; }, none, none);
      sinkDevice("/dev/stdout", () => outSink);
      sinkDevice("/dev/stderr", () => errSink);
      // jq's environment ($ENV, env): the one given, instead of emscripten's made-up one
      // (HOME=/home/web_user...). Read once, when the runtime starts (just after this).
      var environment = Module.tourneyEnv;
      if (environment) {
        for (var key of ["USER", "LOGNAME", "PATH", "PWD", "HOME", "LANG", "_"]) ENV[key] = undefined;
        // emscripten copies each of a value's characters as one byte (stringToAscii): the
        // UTF-8 bytes are given as such characters ("Zoë" came out as "Zo" and U+FFFD otherwise).
        for (var name in environment)
          ENV[name] = Buffer.from(environment[name], "utf8").toString("latin1");
      }
    },
  },
  Module
);
// end include: ../pre.js
`;

const POST = `// include: ../post.js (tourney's, in place of jq-web's raw and json: build/jq-runtime.mjs)
// Runs \`jq ...flags filter\` over input (a file jq opens), each of stdout and stderr held
// to limit bytes. Returns jq's exit code and the bytes it wrote; an error thrown out of
// jq's main (the limit, or emscripten's abort when jq runs out of memory) is returned as
// failure, and the runtime is spent: jq's state was left mid-run, make another.
function tourneyRun(input, filter, flags, limit) {
  outSink = new ByteSink(limit, "output");
  errSink = new ByteSink(limit, "messages");
  var stackBefore = stackSave();
  // emscripten's exit sets process.exitCode; the command's own is kept.
  var exitCodeBefore = process.exitCode;
  var exitCode = 1;
  var failure;
  try {
    // Named as jq names its stdin in messages ("jq: error (at <stdin>:1): ..."; jq-web's
    // file was "inputString"), and ended with a line break as \`echo ... | jq\` would.
    FS.writeFile("<stdin>", input + "\\n");
    exitCode = Module.callMain(flags.concat(filter, "<stdin>"));
  } catch (error) {
    failure = error;
  }
  process.exitCode = exitCodeBefore;
  if (failure === undefined) {
    // As jq-web did: emscripten leaves main's arguments on the stack, and jq closes stdout.
    stackRestore(stackBefore);
    FS.streams.forEach((stream) => stream && FS.close(stream));
    if (FS.streams.length > 3) FS.streams = FS.streams.slice(0, 3);
    FS.streams[0] = FS.open("/dev/stdin", "r");
    FS.streams[1] = FS.open("/dev/stdout", 577, 0);
    FS.streams[2] = FS.open("/dev/stderr", 577, 0);
  }
  return { exitCode, failure, stdout: outSink.view(), stderr: errSink.view() };
}

Module.tourneyRun = tourneyRun;
// end include: ../post.js
`;

/** jq-web's export of a started runtime (a promise), replaced by the factory's. */
const EXPORTS_FROM = "\nif (typeof exports === 'object' && typeof module === 'object') {\n";
const EXPORTS = "\nmodule.exports = jq;\n";

function sha256(bytes) {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The one occurrence of `marker` in `source` (its index), or a build error. */
function only(source, marker) {
  const at = source.indexOf(marker);
  if (at === -1 || source.indexOf(marker, at + 1) !== -1)
    throw new Error(`jq-web's jq.js: expected ${JSON.stringify(marker)} once`);
  return at;
}

/** `source` with the text from `start` to `end` (both included) replaced by `text`. */
function splice(source, start, end, text) {
  const from = only(source, start);
  const to = only(source, end) + end.length;
  if (to <= from) throw new Error(`jq-web's jq.js: ${JSON.stringify(end)} before its start`);
  return source.slice(0, from) + text + source.slice(to);
}

/**
 * The patched runtime made of jq-web's jq.js (its text); throws when jq.js is not the
 * file the patch was written against.
 */
export function patchJqRuntime(source) {
  const found = sha256(source);
  if (found !== EXPECTED["jq.js"])
    throw new Error(
      `build/jq-runtime.mjs: node_modules/jq-web/jq.js is not the jq-web 0.6.2 file the patch ` +
        `was written against (sha256 ${EXPECTED["jq.js"]}, found ${found}). Read the new file's ` +
        `pre.js and post.js parts and emscripten's FS devices, update PRE, POST and EXPECTED.`,
    );
  let text = splice(source, "// include: ../pre.js\n", "// end include: ../pre.js\n", PRE);
  text = splice(text, "// include: ../post.js\n", "// end include: ../post.js\n", POST);
  return `${text.slice(0, only(text, EXPORTS_FROM))}${EXPORTS}`;
}

/** Writes `out`/vendor/jq.cjs (patched) and jq.wasm beside it, from node_modules/jq-web. */
export function buildJqRuntime(out) {
  const dir = dirname(createRequire(import.meta.url).resolve("jq-web/package.json"));
  const wasm = readFileSync(join(dir, "jq.wasm"));
  if (sha256(wasm) !== EXPECTED["jq.wasm"])
    throw new Error(
      `build/jq-runtime.mjs: ${join(dir, "jq.wasm")} is not jq-web 0.6.2's (sha256 ${EXPECTED["jq.wasm"]})`,
    );
  const runtime = patchJqRuntime(readFileSync(join(dir, "jq.js"), "utf8"));
  mkdirSync(join(out, "vendor"), { recursive: true });
  writeFileSync(join(out, "vendor", "jq.cjs"), runtime);
  writeFileSync(join(out, "vendor", "jq.wasm"), wasm);
}
