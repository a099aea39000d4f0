/**
 * `--jq EXPR`: the JSON a command prints, filtered by jq itself (jq compiled to
 * WebAssembly, the jq-web package), as `gh --jq` does: strings print raw, other
 * results as JSON, indented at a terminal and compact when piped. jq loads only
 * when the flag is given. A bad expression, or one that fails on the data, is a
 * usage error (exit 2) carrying jq's own message; the program is compiled before the
 * command sends anything (`checkJq`), so a typo never follows a write. As jq prints:
 * no result prints nothing, each result ends its own line, bytes as jq wrote them (a
 * NUL inside a string included), and the results before a failure on the data are
 * printed, then the failure told. `halt_error(N)` writes its message as jq does; N = 0
 * ends well (exit 0), any other N as a failure of --jq (exit 2; 8 after a write).
 *
 * jq's runtime is dist/vendor/jq.cjs, which the build makes from jq-web's (see
 * build/jq-runtime.mjs): it holds what jq prints in byte buffers bounded by a limit
 * (JQ_OUTPUT_LIMIT), so that an endless program (`range(1e9)`) ends with a usage error
 * instead of exhausting Node's heap; Ctrl-C stops jq (exit 130). It is required when the
 * flag is given, not bundled.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { InterruptedWorkError, OutputError, UsageError } from "../errors.js";
import type { Env } from "../io.js";

/** The most bytes jq may print (and, apart, write as messages) for one command: 256 MiB. */
export const JQ_OUTPUT_LIMIT = 256 * 1024 * 1024;

/** One run of jq (build/jq-runtime.mjs, tourneyRun). */
interface JqRun {
  readonly exitCode: number;
  /** What ended jq's main by throwing (the limit, an abort): the runtime is then spent. */
  readonly failure?: unknown;
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
}

interface JqRuntime {
  tourneyRun(input: string, filter: string, flags: string[], limit: number): JqRun;
}

type JqFactory = (options: {
  printErr(text: string): void;
  /** The program's name in jq's messages. */
  thisProgram: string;
  /** jq's environment (`$ENV`, `env`). */
  tourneyEnv: Record<string, string>;
}) => Promise<JqRuntime>;

/**
 * dist/vendor/jq.cjs: beside the bundle, or, run from the sources (tests: this file is
 * src/cli/output/jq.ts), in dist/. A bundle never looks outside its own folder.
 */
function runtimeFile(): string {
  const fromSources = import.meta.url.endsWith("/src/cli/output/jq.ts");
  const relative = fromSources ? "../../../dist/vendor/jq.cjs" : "./vendor/jq.cjs";
  const file = fileURLToPath(new URL(relative, import.meta.url));
  if (!existsSync(file))
    throw new Error(`--jq: jq's runtime is missing (${file}); run \`npm run build\``);
  return file;
}

/** The runtime, made for one environment (jq reads it when it starts). */
let loaded: { readonly key: string; readonly runtime: Promise<JqRuntime> } | undefined;

function loadJq(env: Env): Promise<JqRuntime> {
  const tourneyEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined) tourneyEnv[name] = value;
  const key = JSON.stringify(tourneyEnv);
  if (loaded?.key !== key) {
    const factory = () => createRequire(import.meta.url)(runtimeFile()) as JqFactory;
    // emscripten's own notes (its abort's "Aborted()") would go to the process's stderr.
    const options = { printErr: () => {}, thisProgram: "jq", tourneyEnv };
    loaded = { key, runtime: Promise.resolve().then(() => factory()(options)) };
  }
  return loaded.runtime;
}

const decoder = new TextDecoder();

/**
 * The program stopped itself with `halt_error(N)`, N > 0: its message went to stderr as jq
 * writes it (a string raw, else JSON and a line break), and no "error:" line follows (told),
 * unless a write came before: exit 2, as any --jq failure (8 after a write).
 */
class JqHaltedError extends OutputError {
  override readonly told = true;
}

/** What failed, as a usage error's message (without the "--jq: " it gets). */
class JqFailed extends Error {}

const CALL = Symbol.for("tourney.jq.call");
let callScript: Script | undefined;

/**
 * `call()`, stopped by a Ctrl-C: a jq program runs synchronously for as long as it likes
 * (`last(range(1e10))`), so the CLI's SIGINT handler (main.ts) could not run and Ctrl-C did
 * nothing. Run through vm's `breakOnSigint`, V8 stops it (WebAssembly included) and this
 * throws InterruptedWorkError (exit 130): the runtime, stopped mid-run, is dropped.
 */
function interruptible<T>(call: () => T): T {
  callScript ??= new Script(`globalThis[Symbol.for("tourney.jq.call")]()`);
  const global = globalThis as { [CALL]?: () => T };
  global[CALL] = call;
  try {
    return callScript.runInThisContext({ breakOnSigint: true }) as T;
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ERR_SCRIPT_EXECUTION_INTERRUPTED") throw error;
    loaded = undefined;
    throw new InterruptedWorkError("");
  } finally {
    delete global[CALL];
  }
}

/** Runs jq; its stdout as text and its messages (`debug`, `stderr`), or JqFailed. */
async function run(input: string, filter: string, flags: string[], limit: number, env: Env) {
  const runtime = await loadJq(env);
  // "--": a program starting with "-" (`-first(f)`) is no option of jq's.
  const result = interruptible(() => runtime.tourneyRun(input, filter, [...flags, "--"], limit));
  const stderr = decoder.decode(result.stderr).trim();
  if (result.failure !== undefined) {
    loaded = undefined;
    const failure = result.failure as { name?: unknown; message?: unknown; stream?: unknown };
    if (failure?.name === "JqOutputLimit") {
      const what = failure.stream === "messages" ? " of messages (debug, stderr)" : "";
      throw new JqFailed(
        `jq printed more than ${limit / 1024 / 1024} MiB${what}, the most tourney holds; ` +
          "narrow the expression (first(f), limit(n; f), select(...))",
      );
    }
    throw new JqFailed(`jq stopped: ${stderr || String(failure?.message ?? failure)}`);
  }
  return {
    exitCode: result.exitCode,
    output: decoder.decode(result.stdout),
    messages: decoder.decode(result.stderr),
  };
}

/** `run`, where any exit but 0 is JqFailed with jq's message (a program that does not compile). */
async function compile(filter: string, env: Env): Promise<void> {
  const { exitCode, messages } = await run("null", filter, ["-n"], JQ_OUTPUT_LIMIT, env);
  if (exitCode !== 0) throw new JqFailed(messages.trim() || `jq failed (exit ${exitCode})`);
}

/**
 * jq's errors on the data (`error(x)`, `.a` of a number) exit 5, each told on a line of
 * jq's own, "jq: error (at <stdin>:1): ...", and jq goes on with the next input; other
 * exits are halt_error's (its message printed as it is) or jq's own failures.
 */
function failedOnData(exitCode: number, messages: string): boolean {
  const lines = messages.trimEnd().split("\n");
  return exitCode === 5 && /^jq: error\b/.test(lines[lines.length - 1] ?? "");
}

/**
 * Compiles `expression` without running it: `limit(0; f)` never evaluates f, so
 * `input`, `repeat(.)` and errors on data stay unrun. A program that does not compile
 * is a usage error with jq's message about the program itself (compiled again alone,
 * so that the message quotes it as written).
 */
export async function checkJq(expression: string, env: Env = {}): Promise<void> {
  try {
    await compile(`limit(0; (${expression}\n))`, env);
  } catch (wrapped) {
    if (!(wrapped instanceof JqFailed)) throw wrapped;
    let error = wrapped;
    try {
      await compile(expression, env);
    } catch (alone) {
      if (!(alone instanceof JqFailed)) throw alone;
      error = alone;
    }
    throw new UsageError(`--jq: ${error.message}`);
  }
}

export interface JqOptions {
  /** One result per line (piped); otherwise results are indented. */
  readonly compact: boolean;
  /** The most bytes jq may print (JQ_OUTPUT_LIMIT unless a test says less). */
  readonly limit?: number;
  /** Where jq's messages go (`debug`, `stderr`: jq writes them on its stderr). */
  readonly messages?: ((text: string) => void) | undefined;
  /** Where the results jq printed before it failed go, before the failure is thrown. */
  readonly printed?: ((text: string) => void) | undefined;
  /** jq's environment (`$ENV`, `env`): the command's. */
  readonly env?: Env | undefined;
}

/**
 * Runs `expression` over `input` (JSON texts, one after another: jq reads each as an input)
 * and returns what jq prints, each result ending with a line break ("" when none). A
 * failure on the data, or halt_error(N > 0), hands the results before it to `printed`
 * (as jq prints them), then is thrown (an OutputError).
 */
export async function runJq(
  input: string,
  expression: string,
  options: JqOptions,
): Promise<string> {
  const flags = options.compact ? ["-r", "-c"] : ["-r"];
  let ran: Awaited<ReturnType<typeof run>>;
  try {
    ran = await run(input, expression, flags, options.limit ?? JQ_OUTPUT_LIMIT, options.env ?? {});
  } catch (error) {
    if (error instanceof JqFailed) throw new OutputError(`--jq: ${error.message}`);
    throw error;
  }
  const { exitCode, output, messages } = ran;
  if (exitCode === 0) {
    // halt_error(0) (or halt) ends well: its message, if any, is one of jq's messages.
    if (messages !== "") options.messages?.(messages);
    return output;
  }
  if (output !== "") options.printed?.(output);
  if (failedOnData(exitCode, messages)) throw new OutputError(`--jq: ${messages.trim()}`);
  options.messages?.(messages);
  throw new JqHaltedError(`--jq: the program stopped with halt_error (exit status ${exitCode})`);
}
