/** `tourney community list`: the communities the current user administers. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import type { Column } from "../../output/printer.js";
import { flatten } from "../../output/records.js";
import { addLimitOption } from "../limit-option.js";
import { verbHelp } from "../verb-help.js";

export const COMMUNITY_COLUMNS: readonly Column[] = [
  { header: "IDENTIFIER", value: "identifier" },
  { header: "NAME", value: "name" },
  { header: "SUBDOMAIN", value: "subdomain" },
  { header: "PERMALINK", value: "permalink" },
  { header: "DESCRIPTION", value: "description" },
];

export async function runCommunityList(f: Factory): Promise<void> {
  const client = await f.client();
  const communities = (await client.communities.list()).map(flatten);
  await f.printer().list(communities, COMMUNITY_COLUMNS, "no communities");
}

export function registerCommunityList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list the communities you administer (their identifiers go to --community)")
    .addHelpText(
      "after",
      `
Columns: IDENTIFIER, NAME, SUBDOMAIN, PERMALINK, DESCRIPTION. --json prints the
service's records (id plus attributes).

A tournament command works in a community with --community IDENTIFIER (or
TOURNEY_COMMUNITY, or \`tourney config set community IDENTIFIER\`). On the embedded
service, \`tourney serve community add\` creates communities.`,
    )
    .addHelpText("after", verbHelp({ examples: ["", "--json"] }))
    .action(async (_flags: unknown, command: Command) => runCommunityList(app.factory(command)));
}
