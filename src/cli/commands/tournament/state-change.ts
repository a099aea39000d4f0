/**
 * Tournament state changes (PUT /tournaments/{t}/change_state), shared by the
 * verbs named after each change value and the generic `change-state`. Resets confirm first.
 */
import type { Command } from "commander";
import { STATE_CHANGES, type StateChange } from "../../../model/tournament.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import { withGroupStageHint } from "./group-stage-hint.js";

export interface StateVerb {
  readonly verb: string;
  readonly change: StateChange;
  readonly description: string;
}

/** What a destructive change asks before it runs. */
const CONFIRM: Partial<Record<StateChange, string>> = {
  reset:
    " back to before its start, removing every match and result (participants and check-ins are kept)",
  reset_group_stage: "'s group stage, removing its group matches and results",
};

/** A change_state value as typed (`reset-group-stage` too); no I/O. */
export function parseStateChange(value: string): StateChange {
  const change = value.trim().toLowerCase().replaceAll("-", "_");
  if (!STATE_CHANGES.includes(change as StateChange))
    throw new UsageError(
      `state must be one of ${STATE_CHANGES.join(", ")}, not ${JSON.stringify(value)}`,
    );
  return change as StateChange;
}

export interface TournamentStateChangeOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  readonly change: StateChange;
}

export async function runTournamentStateChange(
  f: Factory,
  o: TournamentStateChangeOptions,
): Promise<void> {
  checkJsonFields(f, "tournament");
  const client = await f.client();
  let target = o.tournament;
  const effect = CONFIRM[o.change];
  if (effect !== undefined && !f.globals.yes) {
    const record = await client.tournaments.get(o.tournament);
    target = record.id;
    const name = JSON.stringify(String(record.attributes.name));
    // Results are lost: its name is typed, not just "y" (a pending one has none to lose).
    const started = record.attributes.state !== "pending";
    await f.confirm(
      `Reset tournament ${o.tournament} ${name}${effect}?`,
      started ? String(record.attributes.name) : undefined,
    );
  }
  const changed = await client.tournaments.changeState(target, o.change).catch((error) => {
    throw withGroupStageHint(error, o.tournament);
  });
  const record = flatten(changed);
  const printer = f.printer();
  // The published description's Tournament has no state: the hosted service's answer may not
  // say it (before: "Tournament cup is undefined").
  if (printer.mode === "table")
    printer.note(
      typeof record.state === "string"
        ? `Tournament ${o.tournament} is ${record.state}`
        : `Tournament ${o.tournament}: ${o.change} accepted (the service's answer gives no state)`,
    );
  await printer.record(record, TOURNAMENT_FIELDS);
}

/** Declares `tourney tournament <verb> <tournament>` sending one change_state value. */
export function registerStateVerb(noun: Command, app: App, spec: StateVerb): void {
  noun
    .command(spec.verb)
    .description(spec.description)
    .argument("<tournament>", "tournament id or url")
    .addHelpText(
      "after",
      `\nSends change_state with state ${spec.change}.${
        CONFIRM[spec.change] === undefined
          ? ""
          : " Asks for confirmation first; --yes skips it (needed without a terminal)."
      }`,
    )
    .addHelpText("after", verbHelp({ examples: ["{t}"] }))
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runTournamentStateChange(app.factory(command), { tournament, change: spec.change }),
    );
}
