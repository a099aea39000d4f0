import type { Command } from "commander";
import type { App } from "../../app.js";

export function registerList(noun: Command, app: App): void {
  noun
    .command("list")
    .alias("ls")
    .description("list profiles (* marks the active one)")
    .action(async (_options: unknown, command: Command) => {
      const f = app.factory(command);
      const profiles = f.configStore().listProfiles();
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
    });
}
