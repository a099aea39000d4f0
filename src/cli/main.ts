/**
 * Process entry point: wires the real streams, environment and home directory
 * into the CLI. `--version` answers before anything else is loaded.
 */
import { homedir } from "node:os";
import { VERSION } from "./version.js";

const argv = process.argv.slice(2);

process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  // `tourney ... | head -1`: the reader left; stop quietly.
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

// Ctrl-C: exit 130, unless a command (serve) handles the signal itself.
process.on("SIGINT", () => {
  if (process.listenerCount("SIGINT") === 1) process.exit(130);
});

async function main(): Promise<void> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const { run } = await import("./run.js");
  process.exitCode = await run(argv, {
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      // Reading process.stdin creates the stream; most commands never need it.
      get stdin() {
        return process.stdin;
      },
    },
    env: process.env,
    homeDir: homedir(),
  });
}

void main();
