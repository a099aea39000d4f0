/**
 * Process entry point: wires the real streams, environment and home directory
 * into the CLI. `--version` and `__complete` (shell completion) answer before the
 * CLI core is loaded.
 */

import { processArgumentBytes } from "./argument-bytes.js";
import { ELSEWHERE, scriptFor } from "./command-script.js";
import { completeNames } from "./completion/complete.js";
import { builtScript, loadCore, loadCoreList } from "./core-loader.js";
import type { CliDeps } from "./factory.js";
import { releaseHungUpTerminals, stdoutWriter } from "./stdio.js";
import { VERSION } from "./version.js";
import { doneAfterWrites, interruptedAfterWrites } from "./write-log.js";

const argv = process.argv.slice(2);

// `tourney ... | head -1`: the reader left; stop quietly.
const readerLeft = (): never => process.exit(0);

// Output lost (EIO from a terminal that has gone, ...) that no write has thrown (stdio.ts):
// the command fails late, as for a rejection no one handled (below), exit 1 or 8. Once any
// output was lost, a terminal that hung up is let go of at the exit (Node would abort there).
let outputLost = false;
const onLost = () => {
  if (outputLost) return;
  outputLost = true;
  process.once("exit", releaseHungUpTerminals);
};
const stdout = stdoutWriter(1, () => process.stdout, readerLeft, failedLate, onLost);

/**
 * os.homedir() is $HOME whenever it is set (libuv's uv_os_homedir): node:os only without it
 * (loading it took 0.5-0.9 ms of the list's start, timed around getBuiltinModule).
 */
const homeDir = (): string => process.env.HOME || process.getBuiltinModule("node:os").homedir();

/**
 * Once a command is done and nothing is left to run (no handle, request or timer keeps the
 * process), it exits at once: the natural end tears the whole heap and Node's environment
 * down first. Measured on `tournament list --json` into a socket, this build against the
 * same with the exit disabled (task-clock of all threads, medians of 21 alternated runs,
 * load ~6): 1 tournament 165.5 -> 159.1 ms of CPU, 1,000 196.2 -> 187.2 ms; an earlier
 * trial (beforeExit -> exit, load ~3) 7 ms of wall time. stdout is written synchronously
 * (stdio.ts, and Node's own stdout on Linux); anything still pending keeps the natural end.
 *
 * The check runs once the command's promise callbacks are done, before the event loop turns
 * again (process.nextTick), no longer at the next turn (setImmediate): what V8 posted meanwhile
 * runs at that turn, and a command's start posts a scavenge of the young heap once its
 * allocations pass 80 % of it (the list of 1: ~3 ms of collecting right before the exit,
 * --trace-gc "Scavenge ... task", CPU profile). CPU from the entry point's start to the exit,
 * medians of 31 alternated runs of `tournament list --json` (1 tournament, load 3.4): 45.9 ->
 * 41.0 ms. When something is still pending then, the next turn checks again.
 * Node looks at unhandled promise rejections only once its nextTick queue is empty, in the
 * order they were made, still before the loop turns: so the exit is itself such a rejection
 * (IDLE_EXIT), made last, and one the command's last round of promise callbacks left is
 * reported first (unhandledRejection below), no longer lost to an exit that came before.
 * Whatever Node's --unhandled-rejections mode (on the command line or in NODE_OPTIONS), IDLE_EXIT
 * ends in an exit with the command's code: `strict` raises it as an uncaught exception first,
 * which the uncaughtExceptionMonitor below sees before Node prints or exits; every other mode
 * hands it to the unhandledRejection handler. No flag is read.
 */
function exitWhenIdle(): void {
  const idle = () => process.getActiveResourcesInfo().length === 0;
  process.nextTick(() => {
    // After a write, a Ctrl-C that came during it (an embedded write is synchronous) is seen
    // only at the next turn: it must still say the change was made (exit 130, SIGINT above).
    if (writes.count === 0 && idle()) {
      void Promise.reject(IDLE_EXIT);
      return;
    }
    setImmediate(() => {
      if (idle()) process.exit();
    });
  });
}

/**
 * The exit when idle, as a rejection: Node gets to it after the command's own (see above). An
 * Error, so that `--unhandled-rejections=strict` raises this very object, not a wrapper.
 */
const IDLE_EXIT = new Error("exit when idle");

// Under --unhandled-rejections=strict, IDLE_EXIT comes here first (then Node would crash).
process.on("uncaughtExceptionMonitor", (error) => {
  if (error === IDLE_EXIT) process.exit();
});

// A promise rejected with no handler is a failure of the command (exit 1, "other failure"),
// said as other errors are; TOURNEY_DEBUG adds its stack. After accepted writes the change
// was made: that is said first and the exit is 8, as for a result that failed to print
// (exit-codes.ts), so that a script does not run the write again; a command that has said
// what became of its writes itself (exit 8, or 130, 143, 129 after writes: stopped by Ctrl-C,
// SIGTERM, SIGHUP) keeps its code. Before, 143 and 129 were not: an import stopped by SIGTERM
// ("run the same command again to continue") then said "done: ... do not run the command
// again" and exited 8.
process.on("unhandledRejection", (reason) => {
  if (reason === IDLE_EXIT) process.exit();
  failedLate(reason);
});

/** The exit codes of a command that said what became of its writes (see above). */
const SAID = new Set([8, 130, 143, 129]);

function failedLate(reason: unknown): never {
  const message = reason instanceof Error ? reason.message : String(reason);
  const said = SAID.has(Number(process.exitCode));
  if (writes.count > 0 && !said)
    process.stderr.write(`${doneAfterWrites(writes.first, writes.count)}\n`);
  process.stderr.write(`error: ${message}\n`);
  if (process.env.TOURNEY_DEBUG && reason instanceof Error && reason.stack)
    process.stderr.write(`${reason.stack}\n`);
  if (writes.count === 0) process.exit(1);
  process.exit(said ? process.exitCode : 8);
}

/** The writes the backend has accepted so far (the CLI's WriteLog tells them as they land). */
const writes = { first: [] as string[], count: 0 };
const noteWrite = (write: string): void => {
  if (writes.count++ < 3) writes.first.push(write);
};

/**
 * Ctrl-C, SIGTERM (`kill`, `timeout`, a CI runner stopping a job) and SIGHUP (the terminal
 * closed) end the command with 128 + the signal's number (130, 143, 129), unless a command
 * (serve) handles the signal itself. An embedded write runs synchronously, so a signal during
 * it is seen only once it is committed: say so. Before, SIGTERM and SIGHUP kept their default
 * action: the process ended silently (its change made or not), or in the middle of a
 * transaction (rolled back by SQLite, nothing said either).
 */
const stopOn = (signal: NodeJS.Signals, code: number): void => {
  process.on(signal, () => {
    // The terminal gone, the exit lets go of it (stdio.ts) also after a command's own undo.
    if (code === 129) process.once("exit", releaseHungUpTerminals);
    if (process.listenerCount(signal) !== 1) return;
    try {
      if (writes.count > 0)
        process.stderr.write(`${interruptedAfterWrites(writes.first, writes.count)}\n`);
    } catch {
      // A terminal that has gone (SIGHUP): the exit code still says it.
    }
    // Node restores a terminal's settings at the exit and aborts on one hung up (stdio.ts).
    if (code === 129) releaseHungUpTerminals();
    process.exit(code); // EXIT.hungUp, interrupted, terminated (exit-codes.ts)
  });
};
stopOn("SIGINT", 130);
if (process.platform !== "win32") {
  stopOn("SIGTERM", 143);
  stopOn("SIGHUP", 129);
}

async function main(): Promise<void> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    stdout.write(`${VERSION}\n`);
    return;
  }
  if (argv[0] === "__complete") {
    // Shell completion (completion/complete.ts): the cache only, before the core loads.
    for (const name of completeNames(argv.slice(1), process.env, homeDir()))
      stdout.write(`${name}\n`);
    return;
  }
  const options = { exactNames: Boolean(process.env.TOURNEY_DEBUG) };
  const deps: CliDeps = {
    io: {
      stdout,
      // Reading process.stderr and process.stdin creates the streams; most commands need neither.
      get stderr() {
        // Its text explains a code already chosen: a reader that has gone (EPIPE: `2>&1 |
        // head -1`) loses the text, not the code. Before, the stream's 'error' had no
        // listener: an uncaught exception, exit 1 in place of 3, 4, ... (review I #23). The
        // writes of failedLate and stopOn exit before the stream reports anything.
        const stream = process.stderr;
        if (stream.listenerCount("error") === 0)
          stream.on("error", (error: NodeJS.ErrnoException) => {
            if (error.code !== "EPIPE") throw error;
          });
        return stream;
      },
      get stdin() {
        return process.stdin;
      },
    },
    env: process.env,
    homeDir: homeDir(),
    onWrite: noteWrite,
    argumentBytes: processArgumentBytes,
  };
  // `tournament list` runs in the core for that command (core-list.ts), which hands any other
  // command line back before it reads or writes anything: the core runs it then.
  const lean =
    scriptFor(argv, process.env) === "./core-list.js"
      ? await loadCoreList(builtScript("./core-list.js"), options).run(argv, deps)
      : ELSEWHERE;
  process.exitCode =
    lean !== ELSEWHERE ? lean : await loadCore(builtScript("./core.js"), options).run(argv, deps);
  exitWhenIdle();
}

void main();
