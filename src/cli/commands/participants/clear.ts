/** `tourney participants clear <tournament>`: confirms, then removes every participant. */
import type { Command } from "commander";
import { isRace } from "../../../client/participant-owner.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";
import {
  describeOwner,
  type OwnerKind,
  ownerJson,
  type ParticipantOwner,
  TOURNAMENT_OWNER,
} from "./participant-owner.js";

export interface ParticipantsClearOptions {
  /** Tournament id or url, or `{ race }`. */
  readonly owner: ParticipantOwner;
}

export async function runParticipantsClear(f: Factory, o: ParticipantsClearOptions): Promise<void> {
  const printed = { ...ownerJson(o.owner), cleared: true };
  checkJsonFieldsOf(f, printed);
  const client = await f.client();
  // Looked up before asking: one that is not there exits 3, not "pass --yes" (review I #13).
  if (!f.globals.yes)
    await (isRace(o.owner) ? client.races.get(o.owner.race) : client.tournaments.get(o.owner));
  await f.confirm(`Remove every participant of ${describeOwner(o.owner)}?`);
  await client.participants.clear(o.owner);
  const printer = f.printer();
  if (printer.mode === "json") printer.json(printed);
  else printer.note(`Removed every participant of ${describeOwner(o.owner)}`);
}

export function registerClear(noun: Command, app: App, kind: OwnerKind = TOURNAMENT_OWNER): void {
  noun
    .command("clear")
    .description(`remove every participant of a pending ${kind.noun}`)
    .argument(kind.argument, kind.argumentHelp)
    .addHelpText("after", verbHelp({ examples: ["{t} --yes"], confirms: CONFIRMS }))
    .action(async (ref: string, _flags: unknown, command: Command) =>
      runParticipantsClear(app.factory(command), { owner: kind.owner(ref) }),
    );
}
