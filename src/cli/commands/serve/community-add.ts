/** `tourney serve community add <identifier>`: a community tournaments can be scoped to. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withCommunities } from "./keys.js";
import { printMade } from "./made.js";

export interface ServeCommunityAddOptions {
  readonly identifier: string;
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  /** API key labels that belong to it (they see it in GET /communities). */
  readonly members: readonly string[];
  readonly db?: string | undefined;
}

export async function runServeCommunityAdd(f: Factory, o: ServeCommunityAddOptions): Promise<void> {
  const db = databaseFor(f, o.db);
  // The fields asked for, checked before the community is added: a typo writes nothing.
  checkJsonFieldsOf(f, { identifier: null, name: null });
  const row = await withCommunities(db, (admin) => {
    const added = admin.add({
      identifier: o.identifier,
      ...(o.name === undefined ? {} : { name: o.name }),
      ...(o.description === undefined ? {} : { description: o.description }),
    });
    for (const member of o.members) admin.addMember(o.identifier, member);
    return added;
  });
  await printMade(f, `community ${row.identifier} added to ${db}`, undefined, () => {
    if (f.globals.json) f.printer().json({ identifier: row.identifier, name: row.name });
    else f.printer().note(`Added community ${row.identifier}`);
  });
}

export function registerCommunityAdd(noun: Command, app: App): void {
  noun
    .command("add")
    .description("add a community (tournaments are scoped to it with --community)")
    .argument("<identifier>", "letters, digits, - and _ (used in /communities/<identifier>/...)")
    .option("--name <text>", "display name (default: the identifier)")
    .option("--description <text>", "what the community is")
    .option(
      "--member <label>",
      "an API key label that belongs to it (repeatable)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ['chess_club --name "Chess Club" --member ada'] }))
    .action(
      async (
        identifier: string,
        flags: { name?: string; description?: string; member: string[]; db?: string },
        command: Command,
      ) =>
        runServeCommunityAdd(app.factory(command), {
          identifier,
          name: flags.name,
          description: flags.description,
          members: flags.member,
          db: dbOption(command, flags),
        }),
    );
}
