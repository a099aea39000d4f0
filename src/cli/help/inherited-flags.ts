/**
 * Every verb's help lists the global flags it takes from `tourney` (issue 26, item 8), as
 * gh's "INHERITED FLAGS": `--json`, `--jq`/`-q`, `--yes`, `--profile`, ... in a section of
 * their own after the verb's options, so the flags its own examples use are explained on
 * the page. commander's showGlobalOptions, under this project's heading; `--version`
 * belongs to `tourney` alone and is left out, and so are `--json` and `--jq` where the
 * command prints no JSON.
 */
import { Help, type HelpConfiguration, type Option } from "commander";
import { jsonFormOf } from "../json-form.js";

export const INHERITED_HEADING = "Inherited flags:";

export const INHERITED_FLAGS_HELP: HelpConfiguration = {
  showGlobalOptions: true,
  visibleGlobalOptions(this: Help, command): Option[] {
    // A command that prints no JSON refuses --json and --jq (json-form.ts): not offered.
    const noJson = jsonFormOf(command) === "none";
    return Help.prototype.visibleGlobalOptions
      .call(this, command)
      .filter((option) => option.long !== "--version")
      .filter((option) => !(noJson && (option.long === "--json" || option.long === "--jq")));
  },
  formatItemList(this: Help, heading, items, helper): string[] {
    const shown = heading === "Global Options:" ? INHERITED_HEADING : heading;
    return Help.prototype.formatItemList.call(this, shown, items, helper);
  },
};
