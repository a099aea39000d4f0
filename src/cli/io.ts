/** The streams and environment a command runs with, injected from the entry point. */
import { decodeInput, MAX_INPUT_BYTES, tooMuchInput } from "./utf8-input.js";

export interface OutputStream {
  write(chunk: string): unknown;
  /**
   * Bytes written as they are, in order (UTF-8 text made elsewhere, in parts); without it,
   * they are decoded and written. False once the reader has gone (cli/stdio.ts).
   */
  writeBytes?(parts: readonly Uint8Array[]): unknown;
  readonly isTTY?: boolean;
  /** The terminal's width, when a terminal says it. */
  readonly columns?: number | undefined;
}

export interface InputStream extends AsyncIterable<Buffer | string> {
  readonly isTTY?: boolean;
}

export interface IOStreams {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly stdin: InputStream;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** All of `stream` as text: bytes that are not UTF-8 are a usage error naming the line. */
export async function readAll(stream: InputStream): Promise<string> {
  // Decoded once whole: a character split across two chunks stays one character.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    size += bytes.length;
    // Stop at the bound, not at the end: `yes | tourney participants bulk-add cup` grew to
    // 4.6 GB in 11 s (an outside review).
    if (size > MAX_INPUT_BYTES) throw tooMuchInput("stdin");
    chunks.push(bytes);
  }
  return decodeInput(Buffer.concat(chunks), "stdin");
}

/** Whether prompts may be shown: terminals on both ends, and nobody said no. */
export function canPrompt(io: IOStreams, env: Env, noInput: boolean): boolean {
  if (noInput) return false;
  if (env.CI !== undefined && env.CI !== "" && env.CI !== "false") return false;
  if (env.TOURNEY_PROMPT_DISABLED !== undefined && env.TOURNEY_PROMPT_DISABLED !== "") return false;
  return io.stdin.isTTY === true && io.stdout.isTTY === true;
}

export function colorEnabled(io: IOStreams, env: Env, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return io.stdout.isTTY === true;
}

/**
 * Whether a terminal shows characters beyond ASCII (box drawing, `…`): stdout a terminal, TERM
 * not `dumb`, and the locale (LC_ALL, else LC_CTYPE, else LANG, the first set) UTF-8 or not
 * set at all. Under `LANG=C` or `LC_ALL=POSIX` a terminal may show UTF-8's bytes as `â€¦`, so
 * tables cut a cell with `~` and the bracket draws in ASCII there, as when piped.
 */
export function unicodeEnabled(io: IOStreams, env: Env): boolean {
  if (io.stdout.isTTY !== true || env.TERM === "dumb") return false;
  const locale = [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== "");
  return locale === undefined || /utf-?8/i.test(locale);
}

/** The terminal's width: COLUMNS, then what the terminal says; undefined when piped without COLUMNS. */
export function terminalWidth(io: IOStreams, env: Env): number | undefined {
  const fromEnv = Number(env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  if (io.stdout.isTTY !== true) return undefined;
  const columns = io.stdout.columns;
  return typeof columns === "number" && columns > 0 ? columns : 80;
}
