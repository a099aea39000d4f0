/** `tourney profile list`: every profile, the active one marked. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { rememberNames } from "../../completion/names.js";
import type { Factory } from "../../factory.js";
import { addLimitOption } from "../limit-option.js";
import { verbHelp } from "../verb-help.js";

export async function runProfileList(f: Factory): Promise<void> {
  const profiles = f.configStore().listProfiles();
  // Completion offers these names, and the active one's tournaments when no profile is named.
  rememberNames(f.env, f.deps.homeDir, {
    profile: profiles.find((p) => p.active)?.name ?? "local",
    active: true,
    kind: "profile",
    names: profiles.map((p) => p.name),
  });
  const records = profiles.map((p) => ({
    id: p.name,
    name: p.name,
    active: p.active,
    backend: p.backend,
    location: p.baseUrl ?? p.dbPath ?? null,
    credentials: p.hasCredentials,
  }));
  await f.printer().list(records, [
    { header: "", value: (r) => (r.active ? "*" : "") },
    { header: "NAME", value: "name" },
    { header: "BACKEND", value: "backend" },
    { header: "LOCATION", value: "location" },
    { header: "CREDENTIALS", value: (r) => (r.credentials ? "stored" : "") },
  ]);
}

export function registerList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list profiles (* marks the active one)")
    .addHelpText("after", verbHelp({ examples: ["", "--json"] }))
    .action(async (_flags: unknown, command: Command) => runProfileList(app.factory(command)));
}
