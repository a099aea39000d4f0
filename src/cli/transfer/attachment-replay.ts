/**
 * An export's attachments into the target: each match's attachments created
 * again with their url and description. The export holds a file's metadata
 * (name, type, size), not its bytes, and the v2.1 interface has no way to read
 * them: an attachment's file is not carried (one that is only a file, not at
 * all). The target's attachments with the same url and description count as
 * already there, so a re-run sends nothing twice.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { resourcePath } from "../../client/resource-path.js";
import type { ExportedAttachment, TournamentExport } from "../../model/tournament-export.js";
import { targetMatches } from "./target-matches.js";

const text = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));
const same = (a: Readonly<Record<string, unknown>>) =>
  JSON.stringify([text(a.url), text(a.description)]);

/** Whether the attachment has something the interface can carry: a url or a description. */
export function carried(a: ExportedAttachment): boolean {
  return text(a.attributes.url) !== null || text(a.attributes.description) !== null;
}

/**
 * The refusal of a target tournament `found` that does not accept attachments
 * (match_options.accept_attachments false there) when the file has some to send: the setting
 * shapes nothing the engine plays (settings-difference.ts leaves it out), but the file's
 * contents need it. Before, the import started the target, then the service refused the
 * first attachment (exit 5), and the setting could no longer change there ("match_options
 * cannot change while the tournament is underway"): every re-run failed the same. Since
 * bc3ca03 it may change in any state: the refusal names the update that lets it.
 */
export function attachmentsRefusal(doc: TournamentExport, found: ApiRecord): string | undefined {
  const wanted = doc.attachments.filter(carried).length;
  const options = (found.attributes.match_options ?? {}) as Record<string, unknown>;
  if (wanted === 0 || options.accept_attachments !== false) return undefined;
  const url = doc.tournament.url;
  const file = (doc.tournament.settings.match_options ?? {}) as Record<string, unknown>;
  return [
    `the target's tournament ${url} does not accept attachments, and the file has ${wanted} to send`,
    `  match_options.accept_attachments: file ${JSON.stringify(file.accept_attachments ?? true)}, target false`,
    `nothing was sent; let it accept them (tourney tournament update ${url} --accept-attachments: the setting may change in any state) and import again`,
  ].join("\n");
}

async function attachmentsOf(client: ApiClient, url: string, match: ApiRecord) {
  const path = resourcePath("tournaments", url, "matches", match.id, "attachments");
  return client.requester.listAll({ method: "GET", path });
}

/** Creates the attachments the target lacks; returns how many it created. */
export async function replayAttachments(client: ApiClient, doc: TournamentExport): Promise<number> {
  const wanted = doc.attachments.filter(carried);
  if (wanted.length === 0) return 0;
  const url = doc.tournament.url;
  const target = await targetMatches(client, url);
  let sent = 0;
  for (const key of new Set(wanted.map((a) => a.match))) {
    const match = target.get(key);
    if (match === undefined) continue;
    const there = (await attachmentsOf(client, url, match)).map((a) => same(a.attributes));
    for (const a of wanted.filter((w) => w.match === key)) {
      const at = there.indexOf(same(a.attributes));
      if (at >= 0) {
        there.splice(at, 1);
        continue;
      }
      const { url: link, description } = a.attributes;
      await client.attachments.create(url, match.id, {
        ...(text(link) === null ? {} : { url: link }),
        ...(text(description) === null ? {} : { description }),
      });
      sent++;
    }
  }
  return sent;
}
