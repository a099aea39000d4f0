/** `tourney serve app list`: the registered OAuth applications (never their secrets). */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withApps } from "./keys.js";

export interface ServeAppListOptions {
  readonly db?: string | undefined;
}

export async function runServeAppList(f: Factory, o: ServeAppListOptions): Promise<void> {
  const rows = await withApps(databaseFor(f, o.db), (apps) => apps.list());
  await f.printer().list(
    rows.map((r) => ({
      // Records are keyed by `id` (--json): an application's is its client id.
      id: r.client_id,
      name: r.name,
      type: r.confidential ? "confidential" : "public",
      user: r.user,
      redirect_uris: r.redirect_uris.join(" "),
      scopes: r.scopes.join(" "),
      created_at: r.created_at,
    })),
    [
      { header: "CLIENT ID", value: "id" },
      { header: "NAME", value: "name" },
      { header: "TYPE", value: "type" },
      { header: "USER", value: "user" },
      { header: "REDIRECT URIS", value: "redirect_uris" },
      { header: "SCOPES", value: "scopes" },
      { header: "CREATED", value: "created_at" },
    ],
    "no applications",
  );
}

export function registerAppList(noun: Command, app: App): void {
  noun
    .command("list")
    .description("list the registered OAuth applications (never their secrets)")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ["", "--json"] }))
    .action(async (flags: { db?: string }, command: Command) =>
      runServeAppList(app.factory(command), { db: dbOption(command, flags) }),
    );
}
