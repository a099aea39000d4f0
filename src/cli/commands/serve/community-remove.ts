/** `tourney serve community remove <identifier>`: only a community without tournaments. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withCommunities } from "./keys.js";

export interface ServeCommunityRemoveOptions {
  readonly identifier: string;
  readonly db?: string | undefined;
}

export async function runServeCommunityRemove(
  f: Factory,
  o: ServeCommunityRemoveOptions,
): Promise<void> {
  await withCommunities(databaseFor(f, o.db), (admin) => admin.remove(o.identifier));
  f.printer().note(`Removed community ${o.identifier}`);
}

export function registerCommunityRemove(noun: Command, app: App): void {
  printsNoJson(noun.command("remove"), {
    prints: "a note on stderr",
    instead: "`tourney serve community list --json` shows the result",
  })
    .description("remove a community that holds no tournaments")
    .argument("<identifier>", "the community's identifier")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ["chess_club"] }))
    .action(async (identifier: string, flags: { db?: string }, command: Command) =>
      runServeCommunityRemove(app.factory(command), {
        identifier,
        db: dbOption(command, flags),
      }),
    );
}
