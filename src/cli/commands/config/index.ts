/** `tourney config list|get|set|unset`: settings of a profile. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { targetProfile } from "./profile-name.js";

const KEYS_HELP =
  "\nKeys: active_profile, backend (embedded|remote), base_url, db_path, timeout (seconds)";

export function registerConfig(program: Command, app: App): void {
  const noun = program
    .command("config")
    .description("read and change settings (per profile)")
    .addHelpText("after", KEYS_HELP);
  noun
    .command("list")
    .description("every setting of the profile with its value")
    .action(async (_options: unknown, command: Command) => {
      const f = app.factory(command);
      const store = f.configStore();
      const entries = store.list(targetProfile(f, store));
      await f.printer().list(
        entries.map((e) => ({ id: e.key, key: e.key, value: e.value ?? null, source: e.source })),
        [
          { header: "KEY", value: "key" },
          { header: "VALUE", value: "value" },
          { header: "SOURCE", value: "source" },
        ],
      );
    });
  noun
    .command("get")
    .description("print one setting")
    .argument("<key>", "setting name")
    .action(async (key: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const store = f.configStore();
      const value = store.get(targetProfile(f, store), key);
      if (f.globals.json) f.printer().json({ key, value: value ?? null });
      else f.io.stdout.write(`${value ?? ""}\n`);
    });
  noun
    .command("set")
    .description("change one setting")
    .argument("<key>", "setting name")
    .argument("<value>", "new value")
    .action(async (key: string, value: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const store = f.configStore();
      const profile = targetProfile(f, store);
      await store.set(profile, key, value);
      f.printer().note(`Set ${key} for profile ${profile}`);
    });
  noun
    .command("unset")
    .description("remove a setting so its default applies")
    .argument("<key>", "setting name")
    .action(async (key: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const store = f.configStore();
      const profile = targetProfile(f, store);
      await store.unset(profile, key);
      f.printer().note(`Unset ${key} for profile ${profile}`);
    });
}
