/** `tourney serve community list`: the communities of the served database. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withCommunities } from "./keys.js";

export interface ServeCommunityListOptions {
  readonly db?: string | undefined;
}

export async function runServeCommunityList(
  f: Factory,
  o: ServeCommunityListOptions,
): Promise<void> {
  const rows = await withCommunities(databaseFor(f, o.db), (admin) => admin.list());
  await f.printer().list(
    rows.map((r) => ({
      id: r.id,
      identifier: r.identifier,
      name: r.name,
      tournaments: r.tournaments_count,
      members: r.members.join(","),
      created_at: r.created_at,
    })),
    [
      { header: "ID", value: "id" },
      { header: "IDENTIFIER", value: "identifier" },
      { header: "NAME", value: "name" },
      { header: "TOURNAMENTS", value: "tournaments" },
      { header: "MEMBERS", value: "members" },
      { header: "CREATED", value: "created_at" },
    ],
    "no communities",
  );
}

export function registerCommunityList(noun: Command, app: App): void {
  noun
    .command("list")
    .description("list communities")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: [""] }))
    .action(async (flags: { db?: string }, command: Command) =>
      runServeCommunityList(app.factory(command), { db: dbOption(command, flags) }),
    );
}
