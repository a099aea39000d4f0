/**
 * `--jq EXPR`: the JSON a command prints, filtered by jq itself (jq compiled to
 * WebAssembly, the jq-web package), as `gh --jq` does: strings print raw, other
 * results as JSON, indented at a terminal and compact when piped. jq loads only
 * when the flag is given. A bad expression, or one that fails on the data, is a
 * usage error (exit 2) carrying jq's own message; the program is compiled before the
 * command sends anything (`checkJq`), so a typo never follows a write. As jq prints:
 * no result prints nothing, each result ends its own line.
 *
 * jq-web is required from node_modules when the flag is given, not bundled: its module
 * is a promise of the runtime (which reads jq.wasm beside it), and a promise is no
 * module namespace an `import()` can hand over.
 */
import { createRequire } from "node:module";
import { OutputError, UsageError } from "../errors.js";

/**
 * jq-web's runtime: `jq FLAGS FILTER` over `input`; throws (with `stderr`) when jq fails.
 * It returns undefined, not "", when jq prints nothing.
 */
interface JqRuntime {
  raw(input: string, filter: string, flags?: string[]): string | undefined;
}

let loading: Promise<JqRuntime> | undefined;

function loadJq(): Promise<JqRuntime> {
  loading ??= Promise.resolve().then(
    () => createRequire(import.meta.url)("jq-web") as Promise<JqRuntime>,
  );
  return loading;
}

/** jq's message without the wrapper's "Non-zero exit code" line. */
function jqMessage(error: unknown): string {
  const stderr = (error as { stderr?: unknown } | null)?.stderr;
  const text =
    typeof stderr === "string" && stderr.trim() !== ""
      ? stderr
      : error instanceof Error
        ? error.message.replace(/^Non-zero exit code: \d+\n?/, "")
        : String(error);
  return text.trim() === "" ? "jq failed" : text.trim();
}

/**
 * Compiles `expression` without running it: `limit(0; f)` never evaluates f, so
 * `input`, `repeat(.)` and errors on data stay unrun. A program that does not compile
 * is a usage error with jq's message about the program itself (compiled again alone,
 * so that the message quotes it as written).
 */
export async function checkJq(expression: string): Promise<void> {
  const jq = await loadJq();
  try {
    jq.raw("null", `limit(0; (${expression}\n))`, ["-n"]);
  } catch (wrapped) {
    let error = wrapped;
    try {
      jq.raw("null", expression, ["-n"]);
    } catch (alone) {
      error = alone;
    }
    throw new UsageError(`--jq: ${jqMessage(error)}`);
  }
}

export interface JqOptions {
  /** One result per line (piped); otherwise results are indented. */
  readonly compact: boolean;
}

/**
 * Runs `expression` over `input` (JSON texts, one after another: jq reads each as an input)
 * and returns what jq prints, each result ending with a line break ("" when none).
 */
export async function runJq(
  input: string,
  expression: string,
  options: JqOptions,
): Promise<string> {
  const jq = await loadJq();
  let output: string | undefined;
  try {
    output = jq.raw(input, expression, options.compact ? ["-r", "-c"] : ["-r"]);
  } catch (error) {
    throw new OutputError(`--jq: ${jqMessage(error)}`);
  }
  return output === undefined || output === "" ? "" : `${output}\n`;
}
