/**
 * Process entry point: wires the real streams, environment and home directory
 * into the CLI. `--version` and `__complete` (shell completion) answer before the
 * CLI core is loaded.
 */
import { completeNames } from "./completion/complete.js";
import { loadCore } from "./core-loader.js";
import { stdoutWriter } from "./stdio.js";
import { VERSION } from "./version.js";

const argv = process.argv.slice(2);

// `tourney ... | head -1`: the reader left; stop quietly.
const readerLeft = (): never => process.exit(0);

let stdoutStream: NodeJS.WriteStream | undefined;
function stdoutStreamOnce(): NodeJS.WriteStream {
  if (stdoutStream === undefined) {
    stdoutStream = process.stdout;
    stdoutStream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") readerLeft();
      throw error;
    });
  }
  return stdoutStream;
}

const stdout = stdoutWriter(1, stdoutStreamOnce, readerLeft);

// Ctrl-C: exit 130, unless a command (serve) handles the signal itself.
process.on("SIGINT", () => {
  if (process.listenerCount("SIGINT") === 1) process.exit(130);
});

async function main(): Promise<void> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    stdout.write(`${VERSION}\n`);
    return;
  }
  if (argv[0] === "__complete") {
    // Shell completion (completion/complete.ts): the cache only, before the core loads.
    const homeDir = process.getBuiltinModule("node:os").homedir();
    for (const name of completeNames(argv.slice(1), process.env, homeDir))
      stdout.write(`${name}\n`);
    return;
  }
  const { run } = loadCore(new URL("./core.js", import.meta.url), {
    exactNames: Boolean(process.env.TOURNEY_DEBUG),
  });
  process.exitCode = await run(argv, {
    io: {
      stdout,
      // Reading process.stderr and process.stdin creates the streams; most commands need neither.
      get stderr() {
        return process.stderr;
      },
      get stdin() {
        return process.stdin;
      },
    },
    env: process.env,
    homeDir: process.getBuiltinModule("node:os").homedir(),
  });
}

void main();
