/**
 * Where every command's JSON goes (Printer.json and its lists, `tourney api`): the one
 * place `--json FIELDS` and `--jq EXPR` apply. Without --jq a value is written at once
 * (indented at a terminal, compact when piped); with it, the values wait for `flush()`,
 * at the end of the command, which runs jq over all of them (each a jq input) and writes
 * its results.
 */
import type { Env, OutputStream } from "../io.js";
import { selectFields } from "./json-fields.js";

export interface JsonSelection {
  /** `--json id,name`: only these fields of each record. */
  readonly fields?: readonly string[] | undefined;
  /** `--jq EXPR`. */
  readonly jq?: string | undefined;
}

export class JsonOutput {
  private readonly held: string[] = [];

  constructor(
    private readonly stdout: OutputStream,
    readonly selection: JsonSelection = {},
    /** Where jq's own messages go (its `debug` and `stderr`), and its environment. */
    private readonly jqContext: { readonly stderr?: OutputStream; readonly env?: Env } = {},
  ) {}

  /** Whether output is held for jq (lists are then gathered rather than streamed). */
  get filtering(): boolean {
    return this.selection.jq !== undefined;
  }

  private get pretty(): boolean {
    return this.stdout.isTTY === true;
  }

  /** A value's text: its fields picked (--json FIELDS); indented at a terminal. */
  text(value: unknown): string {
    const fields = this.selection.fields;
    const selected = fields === undefined ? value : selectFields(value, fields);
    return this.pretty ? JSON.stringify(selected, null, 2) : JSON.stringify(selected);
  }

  /** Writes the value (or holds it for jq). */
  write(value: unknown): void {
    this.writeText(this.text(value));
  }

  /**
   * Writes (or holds for jq) a list whose records have exactly the --json fields, in their
   * order (made so, null where a record lacks one): what `write` writes of the whole
   * records, without choosing the fields again (a list of 1,000 made ~300 KB of young heap
   * more, and a scavenge, choosing them).
   */
  writeChosen(records: readonly object[]): void {
    this.writeText(this.pretty ? JSON.stringify(records, null, 2) : JSON.stringify(records));
  }

  /** Whether a value is written as `JSON.stringify` makes it: no fields picked, no jq, not indented. */
  get plain(): boolean {
    return this.selection.fields === undefined && !this.filtering && !this.pretty;
  }

  /**
   * The bytes of `write(value)`'s text made elsewhere (see `plain`), written as they are (in
   * parts that each end where a character does); false once the reader has gone.
   */
  writeBytes(parts: readonly Uint8Array[]): boolean {
    if (!this.plain) throw new Error("JsonOutput.writeBytes: the output is not plain JSON");
    if (this.stdout.writeBytes !== undefined) return this.stdout.writeBytes(parts) !== false;
    this.stdout.write(Buffer.concat(parts).toString("utf8"));
    return true;
  }

  /** JSON text as it is (a response body): held for jq, else written with a line break. */
  writeText(text: string): void {
    if (this.filtering) this.held.push(text);
    else this.stdout.write(`${text}\n`);
  }

  /** Runs jq over `text` now (one input) and writes its results: a page of `api --paginate`. */
  async filterNow(text: string): Promise<void> {
    this.held.push(text);
    await this.flush();
  }

  /** Runs jq over what was held, and writes its results. */
  async flush(): Promise<void> {
    const expression = this.selection.jq;
    if (expression === undefined || this.held.length === 0) return;
    const input = this.held.splice(0).join("\n");
    const { runJq } = await import("./jq.js");
    const { stderr, env } = this.jqContext;
    const messages = (text: string) => stderr?.write(text);
    // As jq: the results before a failure are printed, then the failure is told.
    const printed = (text: string) => this.stdout.write(text);
    const options = { compact: !this.pretty, messages, printed, env };
    this.stdout.write(await runJq(input, expression, options));
  }
}
