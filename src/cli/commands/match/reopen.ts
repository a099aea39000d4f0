/** `tourney match reopen <tournament> <match>`: a complete match open again, its result cleared. */
import type { Command } from "commander";
import { RejectedError } from "../../../client/errors.js";
import type { App } from "../../app.js";
import { HintedError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, type MatchTarget } from "./match-ref.js";
import { runMatchStateChange } from "./match-state.js";

export interface MatchReopenOptions extends MatchTarget {
  /** Also reset the dependent matches already complete (reset_dependents). */
  readonly cascade: boolean;
}

/** The service refused because dependent matches are complete. */
function blockedByDependents(error: unknown): error is RejectedError {
  return (
    error instanceof RejectedError && error.errors.some((e) => /reset_dependents/.test(e.detail))
  );
}

export async function runMatchReopen(f: Factory, o: MatchReopenOptions): Promise<void> {
  const { cascade, ...target } = o;
  try {
    await runMatchStateChange(f, {
      ...target,
      change: "reopen",
      changeOptions: cascade ? { reset_dependents: true } : {},
    });
  } catch (error) {
    if (cascade || !blockedByDependents(error)) throw error;
    throw new HintedError(error, "--cascade resets those matches too");
  }
}

export function registerReopen(noun: Command, app: App): void {
  noun
    .command("reopen")
    .description("reopen a complete match to correct its result")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .option(
      "--cascade",
      "also reset the matches that depend on it and are already complete (reset_dependents)",
    )
    .addHelpText(
      "after",
      `
The match's result and scores are cleared and it is open again; matches fed by it lose the players it
sent them. When one of those is already complete the service refuses, naming them, unless
--cascade resets them too. A finalized (complete) tournament cannot be changed.`,
    )
    .addHelpText("after", verbHelp({ examples: ["{t} C"] }))
    .action(
      async (
        tournament: string,
        match: string,
        flags: { cascade?: boolean; group?: string },
        command: Command,
      ) =>
        runMatchReopen(app.factory(command), {
          tournament,
          match,
          group: flags.group,
          cascade: flags.cascade === true,
        }),
    );
}
