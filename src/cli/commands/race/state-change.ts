/**
 * Race state changes (PUT /races/{r}/change_state), one verb per value: `start`,
 * `reset` (confirms first: it removes the rounds and their times), `end-round`.
 */
import type { Command } from "commander";
import type { ApiClient } from "../../../client/api-client.js";
import { RejectedError } from "../../../client/errors.js";
import type { RaceStateChange } from "../../../client/races.js";
import type { App } from "../../app.js";
import { HintedError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import type { FlatRecord } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import { flattenRace, lap, plannedRounds, RACE_FIELDS } from "./race-records.js";
import { roundToStart } from "./times/round-times.js";

export interface RaceStateVerb {
  readonly verb: string;
  readonly change: RaceStateChange;
  readonly description: string;
}

export interface RaceStateChangeOptions {
  /** Race id or url. */
  readonly race: string;
  readonly change: RaceStateChange;
}

/** "Race gp is underway, round 2 of 3" (what the table shows first, on stderr). */
function stateNote(race: string, r: FlatRecord): string {
  const state = typeof r.state === "string" ? ` is ${r.state}` : "";
  const number = lap(r);
  const round = number === null ? "" : `, round ${number} of ${plannedRounds(r)}`;
  return `Race ${race}${state}${round}`;
}

export async function runRaceStateChange(f: Factory, o: RaceStateChangeOptions): Promise<void> {
  checkJsonFields(f, "race");
  const client = await f.client();
  let target = o.race;
  if (o.change === "reset" && !f.globals.yes) {
    const record = await client.races.get(o.race);
    target = record.id;
    const name = JSON.stringify(String(record.attributes.name));
    // Underway or ended: its name is typed, not just "y".
    const started = record.attributes.state !== "pending";
    await f.confirm(
      `Reset race ${o.race} ${name} to pending, removing its rounds and times?`,
      started ? String(record.attributes.name) : undefined,
    );
  }
  const changed = await client.races.changeState(target, o.change).catch(async (error) => {
    throw await withRoundHint(client, o, error);
  });
  const record = flattenRace(changed);
  const printer = f.printer();
  if (printer.mode === "table") printer.note(stateNote(o.race, record));
  await printer.record(record, RACE_FIELDS);
}

/**
 * A refused `start` or `end-round` of a race under way with no round under way (a round was
 * reset): the refusal, with the command that goes on, `tourney race round start RACE N` (the
 * service names the round, not the CLI's verb). One read more, on a refusal only.
 */
async function withRoundHint(
  client: ApiClient,
  o: RaceStateChangeOptions,
  error: unknown,
): Promise<unknown> {
  if (!(error instanceof RejectedError) || o.change === "reset") return error;
  const race = await client.races.get(o.race).catch(() => undefined);
  const next =
    race === undefined ? undefined : await roundToStart(client, race).catch(() => undefined);
  if (next === undefined) return error;
  return new HintedError(
    error,
    `\`tourney race round start ${o.race} ${next}\` starts round ${next}`,
  );
}

/** Declares `tourney race <verb> <race>` sending one change_state value. */
export function registerRaceStateVerb(noun: Command, app: App, spec: RaceStateVerb): void {
  noun
    .command(spec.verb)
    .description(spec.description)
    .argument("<race>", "race id or url")
    .addHelpText(
      "after",
      `\nSends change_state with state ${spec.change}.${
        spec.change === "reset"
          ? " Asks for confirmation first; --yes skips it (needed without a terminal)."
          : ""
      }`,
    )
    .addHelpText("after", verbHelp({ examples: ["{t}"] }))
    .action(async (race: string, _flags: unknown, command: Command) =>
      runRaceStateChange(app.factory(command), { race, change: spec.change }),
    );
}
