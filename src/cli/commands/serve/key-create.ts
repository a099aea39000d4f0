/** `tourney serve key create`: a new API key, printed once. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withCommunities, withKeys } from "./keys.js";

export interface ServeKeyCreateOptions {
  /** What the key is for. */
  readonly label: string;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
  /** Communities the key's label belongs to (each must exist: `serve community add`). */
  readonly communities?: readonly string[] | undefined;
}

export async function runServeKeyCreate(f: Factory, o: ServeKeyCreateOptions): Promise<void> {
  const db = databaseFor(f, o.db);
  const communities = o.communities ?? [];
  // Every community checked before the key is made: an unknown one writes nothing.
  if (communities.length > 0)
    await withCommunities(db, (admin) => {
      const known = new Set(admin.list().map((c) => c.identifier.toLowerCase()));
      const unknown = communities.find((c) => !known.has(c.toLowerCase()));
      if (unknown !== undefined) admin.addMember(unknown, o.label); // refused: not found (exit 3)
    });
  const key = await withKeys(db, (keys) => keys.create(o.label));
  if (communities.length > 0)
    await withCommunities(db, (admin) => {
      for (const c of communities) admin.addMember(c, o.label);
    });
  if (f.globals.json) f.printer().json({ api_key: key, label: o.label });
  else f.io.stdout.write(`${key}\n`);
}

export function registerKeyCreate(noun: Command, app: App): void {
  noun
    .command("create")
    .description("create an API key and print it (shown once)")
    .option("--label <text>", "what the key is for", "key")
    .option("--db <file>", "database file (default: the profile's)")
    .option(
      "--community <identifier>",
      "a community the key's label belongs to (repeatable)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .action(async (flags: { label: string; db?: string; community: string[] }, command: Command) =>
      runServeKeyCreate(app.factory(command), {
        label: flags.label,
        db: dbOption(command, flags),
        communities: flags.community,
      }),
    );
}
