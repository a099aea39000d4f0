/**
 * What an import would send (`publish --dry-run`), read from the target
 * without writing: the tournament to create, the participants to add, the
 * state changes, the results to report and those already there.
 */
import type { ApiClient } from "../../client/api-client.js";
import { NotFoundError } from "../../client/errors.js";
import { matchKey, type TournamentExport } from "../../model/tournament-export.js";

async function targetState(client: ApiClient, doc: TournamentExport) {
  const url = doc.tournament.url;
  try {
    const t = await client.tournaments.get(url);
    const names = (await client.participants.listAll(url)).map((p) => String(p.attributes.name));
    const complete = (await client.matches.listAll(url, { state: "complete" })).map((m) =>
      matchKey({
        group: m.attributes.group_id === null ? null : Number(m.attributes.group_id),
        identifier: String(m.attributes.identifier),
      }),
    );
    return {
      state: String(t.attributes.state),
      names: new Set(names),
      complete: new Set(complete),
    };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return undefined;
  }
}

/** One line per step the import would take, nothing sent. */
export async function planImport(client: ApiClient, doc: TournamentExport): Promise<string[]> {
  const t = doc.tournament;
  const found = await targetState(client, doc);
  const lines: string[] = [];
  if (found === undefined)
    lines.push(`create tournament ${t.url} (${t.name}, ${t.tournament_type})`);
  else lines.push(`tournament ${t.url} is there (${found.state}): continue it`);
  const missing = doc.participants.filter((p) => found?.names.has(p.name) !== true);
  if (missing.length > 0)
    lines.push(`add ${missing.length} participants: ${missing.map((p) => p.name).join(", ")}`);
  const played = doc.matches.filter((m) => m.state === "complete");
  const there = played.filter((m) => found?.complete.has(matchKey(m)) === true).length;
  if (found === undefined || found.state === "pending") {
    if (t.state !== "pending" && played.some((m) => m.group !== null))
      lines.push("start the group stage");
    else if (t.state !== "pending") lines.push("start");
  }
  lines.push(`report ${played.length - there} results (${there} already there)`);
  if (t.state === "complete" && found?.state !== "complete") lines.push("finalize");
  lines.push("dry run: nothing was sent");
  return lines;
}
