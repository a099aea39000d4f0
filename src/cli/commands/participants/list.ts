/** `tourney participants list <tournament>` (and `race participants list <race>`): by seed. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { raceScope } from "../../completion/names.js";
import { remember } from "../../completion/remember.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { addLimitOption, shownRecords } from "../limit-option.js";
import { verbHelp } from "../verb-help.js";
import { finalRankColumns } from "./final-rank-column.js";
import { seedColumns, showsSeeds } from "./hidden-seeds.js";
import {
  type OwnerKind,
  type ParticipantOwner,
  participantsCommand,
  TOURNAMENT_OWNER,
} from "./participant-owner.js";
import { nameRef } from "./participant-ref.js";

const FINAL_RANK_HELP = `
FINAL RANK is the final stage's (final_rank): in a two-stage tournament a player who did
not leave the group stage has none, and the table says "out in group N" once the ranks
are fixed (\`tourney tournament standings\` ranks them in their group).`;

export interface ParticipantsListOptions {
  /** Tournament id or url, or `{ race }`. */
  readonly owner: ParticipantOwner;
}

export async function runParticipantsList(f: Factory, o: ParticipantsListOptions): Promise<void> {
  const client = await f.client();
  const printer = f.printer();
  // In the service's order (by seed on serve, as the published list gives them): with -L N,
  // no page past the N-th record is read.
  const [{ records, whole }, seeds] = await Promise.all([
    shownRecords(f, client.participants.pages(o.owner)),
    showsSeeds(client, o.owner, printer.mode === "json"),
  ]);
  const owner = o.owner;
  const scope = typeof owner === "object" ? raceScope(String(owner.race)) : String(owner);
  remember(
    f,
    "participant",
    // A name that reads as an id, a seed or an option ("42", "#5", "-n") is offered as name:42.
    records.map((r) => {
      const name = r.attributes.name;
      return typeof name === "string" && name !== "" ? nameRef(name) : "";
    }),
    [scope],
    !whole,
  );
  const rows = records.map(flatten);
  const columns = seedColumns(PARTICIPANT_COLUMNS, seeds);
  await printer.list(
    rows,
    printer.mode === "table" ? finalRankColumns(columns, rows) : columns,
    `no participants yet: \`${participantsCommand(o.owner, "bulk-add")}\` adds some`,
  );
}

export function registerList(noun: Command, app: App, kind: OwnerKind = TOURNAMENT_OWNER): void {
  const command = addLimitOption(noun.command("list"))
    .alias("ls")
    .description(`list the participants of a ${kind.noun}, by seed`)
    .argument(kind.argument, kind.argumentHelp);
  if (kind === TOURNAMENT_OWNER) command.addHelpText("after", FINAL_RANK_HELP);
  command
    .addHelpText("after", verbHelp({ examples: ["{t}", "{t} --json id,name,seed"] }))
    .action(async (ref: string, _flags: unknown, command: Command) =>
      runParticipantsList(app.factory(command), { owner: kind.owner(ref) }),
    );
}
