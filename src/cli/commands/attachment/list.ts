/** `tourney attachment list <tournament> <match>`: a match's attachments (links, notes, files). */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { flatten } from "../../output/records.js";
import { addLimitOption } from "../limit-option.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, type MatchTarget } from "../match/match-ref.js";
import { matchIdOf } from "../station/station-ref.js";
import { verbHelp } from "../verb-help.js";
import { ATTACHMENT_COLUMNS } from "./attachment-records.js";

export type AttachmentListOptions = MatchTarget;

export async function runAttachmentList(f: Factory, o: AttachmentListOptions): Promise<void> {
  const client = await f.client();
  const match = await matchIdOf(client, o.tournament, o.match, o.group);
  const list = await client.attachments.list(o.tournament, match);
  await f
    .printer()
    .list(list.data.map(flatten), ATTACHMENT_COLUMNS, `match ${o.match} has no attachments`);
}

export function registerAttachmentList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list a match's attachments")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText(
      "after",
      "\nColumns: ID, DESCRIPTION, URL, FILE (an uploaded file's name), CREATED.\n--json prints the service's records (id plus attributes).",
    )
    .addHelpText("after", verbHelp({ examples: ["{t} C"] }))
    .action(async (tournament: string, match: string, o: { group?: string }, command: Command) =>
      runAttachmentList(app.factory(command), { tournament, match, group: o.group }),
    );
}
