/**
 * Every verb's help lists the global flags it takes from `tourney` (issue 26, item 8), as
 * gh's "INHERITED FLAGS": `--json`, `--jq`/`-q`, `--yes`, `--profile`, ... in a section of
 * their own after the verb's options, so the flags its own examples use are explained on
 * the page. commander's showGlobalOptions, under this project's heading; `--version`
 * belongs to `tourney` alone and is left out.
 */
import { Help, type HelpConfiguration, type Option } from "commander";

export const INHERITED_HEADING = "Inherited flags:";

export const INHERITED_FLAGS_HELP: HelpConfiguration = {
  showGlobalOptions: true,
  visibleGlobalOptions(this: Help, command): Option[] {
    return Help.prototype.visibleGlobalOptions
      .call(this, command)
      .filter((option) => option.long !== "--version");
  },
  formatItemList(this: Help, heading, items, helper): string[] {
    const shown = heading === "Global Options:" ? INHERITED_HEADING : heading;
    return Help.prototype.formatItemList.call(this, shown, items, helper);
  },
};
