/** Shared by reopen, mark-underway and unmark-underway: one match state change, then the match. */
import type { Command } from "commander";
import type { MatchStateChange, MatchStateOptions } from "../../../client/matches.js";
import type { App } from "../../app.js";
import { matchFields, matchRecord, rosterOf } from "./match-columns.js";
import { resolveMatch } from "./match-ref.js";

export async function changeMatchState(
  app: App,
  command: Command,
  args: { tournament: string; match: string; group?: string | undefined },
  state: MatchStateChange,
  options: MatchStateOptions = {},
): Promise<void> {
  const f = app.factory(command);
  const client = await f.client();
  const match = await resolveMatch(client, args.tournament, args.match, { group: args.group });
  const updated = matchRecord(
    await client.matches.changeState(args.tournament, match.id, state, options),
  );
  const printer = f.printer();
  if (printer.mode === "json") return printer.json(updated);
  const roster = rosterOf(await client.participants.listAll(args.tournament));
  await printer.record(updated, matchFields(roster));
}
