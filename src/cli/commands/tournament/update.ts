import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import {
  addAttributeFlags,
  asksThirdPlace,
  attributesFrom,
  checkThirdPlace,
} from "./attribute-flags.js";

export function registerUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("change a tournament's attributes")
    .argument("<tournament>", "tournament id or url");
  addAttributeFlags(command).action(
    async (tournament: string, options: Record<string, unknown>, cmd: Command) => {
      const f = app.factory(cmd);
      const attributes = attributesFrom(options);
      if (Object.keys(attributes).length === 0) {
        throw new UsageError(
          "nothing to change: pass at least one flag, e.g. --name or --set path=value",
        );
      }
      const client = await f.client();
      if (asksThirdPlace(attributes)) {
        const type =
          attributes.tournament_type ??
          (await client.tournaments.get(tournament)).attributes.tournament_type;
        checkThirdPlace(attributes, type);
      }
      const record = flatten(await client.tournaments.update(tournament, attributes));
      await f.printer().record(record, TOURNAMENT_FIELDS);
    },
  );
}
