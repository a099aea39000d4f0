/** What command registration functions receive: a way to get the Factory for a command. */

import type { Command } from "commander";
import { NotFoundError } from "../client/errors.js";
import { DEFAULT_PROFILE } from "../config/settings.js";
import type { withNamingHint } from "./commands/naming/naming-hint.js";
import {
  CancelledError,
  InterruptedWorkError,
  OutputError,
  PrintedAfterWriteError,
  UsageError,
} from "./errors.js";
import { type HintContext, outcomeOf } from "./exit-codes.js";
import { type CliDeps, Factory, type GlobalOptions } from "./factory.js";
import { refuseOutputFlags } from "./json-form.js";
import { parseJsonFields } from "./output/json-fields.js";
import { visibleControls } from "./output/terminal-text.js";
import { isStdoutWriteError } from "./output-failure.js";
import { interruptedAfterWrites } from "./write-log.js";

export class App {
  private current: Factory | undefined;

  constructor(readonly deps: CliDeps) {}

  /** The Factory for the running command, built from its global options. */
  factory(command: Command): Factory {
    return this.factoryOf(command.optsWithGlobals());
  }

  /** The Factory for options as commander hands them over (`optsWithGlobals()`). */
  factoryOf(o: Record<string, unknown>): Factory {
    const jsonFields = parseJsonFields(o.json);
    const jq = typeof o.jq === "string" ? o.jq : undefined;
    const globals: GlobalOptions = {
      // `--json`, `--json=` (run.ts), `--json FIELDS`; --jq prints JSON too.
      json: (o.json !== undefined && o.json !== false) || jq !== undefined,
      ...(jsonFields === undefined ? {} : { jsonFields }),
      ...(jq === undefined ? {} : { jq }),
      verbose: o.verbose === true,
      ...(o.quiet === true ? { quiet: true } : {}),
      input: o.input !== false,
      yes: o.yes === true,
      color: o.color !== false,
      ...(typeof o.profile === "string" ? { profile: o.profile } : {}),
      ...(typeof o.baseUrl === "string" ? { baseUrl: o.baseUrl } : {}),
      ...(typeof o.community === "string" ? { community: o.community } : {}),
      ...(typeof o.limit === "number" ? { limit: o.limit } : {}),
    };
    this.current = new Factory(this.deps, globals);
    return this.current;
  }

  /** What error hints may name about the running command's profile (known once resolved). */
  hintContext(): HintContext {
    const profile = this.current?.resolvedProfile();
    if (profile === undefined) return {};
    return {
      ...(profile.name === DEFAULT_PROFILE ? {} : { profile: profile.name }),
      credentialSource: profile.credentialSource,
      ...(profile.credentialsFor === undefined ? {} : { credentialsFor: profile.credentialsFor }),
      ...(profile.withheldBecause === undefined
        ? {}
        : { withheldBecause: profile.withheldBecause }),
      ...(profile.baseUrl === undefined ? {} : { baseUrl: profile.baseUrl }),
    };
  }

  /**
   * Before the command's action (a preAction hook, run.ts): what the output flags say is
   * checked before anything is sent: flags the command cannot honour are refused
   * (json-form.ts), then `--jq` is compiled (jq loads only when given).
   */
  async checkOutputFlags(command: Command): Promise<void> {
    refuseOutputFlags(command);
    const o = command.optsWithGlobals() as Record<string, unknown>;
    const jq = o.jq;
    // --quiet prints nothing: never asked for JSON dropped unseen.
    if (o.quiet === true && ((o.json !== undefined && o.json !== false) || jq !== undefined))
      throw new UsageError(
        `--quiet and ${jq === undefined ? "--json" : "--jq"} cannot be used together: --quiet prints nothing`,
      );
    if (typeof jq === "string") await (await import("./output/jq.js")).checkJq(jq, this.deps.env);
  }

  /**
   * A failure to print after the command's writes succeeded (the output flags, or stdout
   * itself: a full disk) says they are done (exit 8); so
   * does a Ctrl-C that stopped --jq after them (exit 130, as main.ts says it for the others);
   * not one that stopped what is meant to be stopped (`bracket --web --share`'s viewer).
   */
  afterWrites(error: unknown): unknown {
    const writes = this.current?.writeLog.writes ?? [];
    if (writes.length === 0) return error;
    if (error instanceof InterruptedWorkError)
      return new CancelledError(interruptedAfterWrites(writes, writes.length));
    if (!(error instanceof OutputError) && !isStdoutWriteError(error)) return error;
    return new PrintedAfterWriteError(writes, error);
  }

  /**
   * A tournament or race not found: `hint` (naming-hint.ts, in its own script (noun-naming.js),
   * which run.ts's import loads then only) looks for what was meant
   * (its name for its url, a hyphen for an underscore, a race for a tournament) and adds a hint.
   */
  async withNamingHint(
    error: unknown,
    argv: readonly string[],
    hint: typeof withNamingHint,
  ): Promise<unknown> {
    if (!(error instanceof NotFoundError) || this.current === undefined) return error;
    const said = error.errors.map((e) => /^(tournament|race) (.+) not found$/.exec(e.detail));
    const m = said.find((found) => found !== null);
    if (m === undefined || m === null) return error;
    return hint(error, m[1] as "tournament" | "race", m[2]!, await this.current.client(), argv);
  }

  /** A command's failure told on stderr as exit-codes.ts words it; returns its exit code. */
  failed(error: unknown): number {
    const { io, env } = this.deps;
    const outcome = outcomeOf(this.afterWrites(error), this.hintContext());
    // A service's error detail is shown, never obeyed (terminal-text.ts).
    for (const line of outcome.lines) io.stderr.write(`${visibleControls(line)}\n`);
    if (env.TOURNEY_DEBUG && error instanceof Error && error.stack)
      io.stderr.write(`${error.stack}\n`);
    return outcome.code;
  }

  /** After the command's action: what --jq holds is filtered and written. */
  async flush(): Promise<void> {
    await this.current?.flush();
  }

  async close(): Promise<void> {
    await this.current?.close();
  }
}
