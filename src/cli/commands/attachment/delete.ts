/** `tourney attachment delete <tournament> <match> <attachment>`: confirms, then deletes it. */
import type { Command } from "commander";
import type { ApiClient } from "../../../client/api-client.js";
import { nextPage } from "../../../client/pagination.js";
import { MAX_PER_PAGE } from "../../../model/resource.js";
import type { App } from "../../app.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, parseGroupRef } from "../match/match-ref.js";
import { matchIdOf } from "../station/station-ref.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";

export interface AttachmentDeleteOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Match id or identifier. */
  readonly match: string;
  /** The attachment's id, as `attachment list` shows it. */
  readonly attachment: string;
  /** `--group`: the match's group, or `final` (match-ref.ts GROUP_REF_HELP). */
  readonly group?: string;
}

/** Arguments to options (no I/O): the attachment is named by its id; --group read alike. */
export function parseAttachmentDelete(
  tournament: string,
  match: string,
  attachment: string,
  group?: string,
): AttachmentDeleteOptions {
  if (!/^\d+$/.test(attachment.trim()))
    throw new UsageError(
      `<attachment> is an attachment id as \`attachment list\` shows it, not ${JSON.stringify(attachment)}`,
    );
  if (group !== undefined) parseGroupRef(group);
  return {
    tournament,
    match,
    attachment: attachment.trim(),
    ...(group === undefined ? {} : { group }),
  };
}

/**
 * Before asking: the tournament, the match and the attachment looked up (one page of the
 * match's attachments, as large as allowed), so that one not there exits 3, not "pass --yes"
 * (review I #13). An attachment past that page is asked about as before.
 */
async function checkAttachment(
  client: ApiClient,
  o: AttachmentDeleteOptions,
  match: number,
): Promise<void> {
  const list = await client.attachments.list(o.tournament, match, { per_page: MAX_PER_PAGE });
  if (list.data.some((a) => String(a.id) === o.attachment)) return;
  if (nextPage(list, 1, MAX_PER_PAGE) !== undefined) return;
  throw new UnknownReferenceError(
    `attachment ${o.attachment} not found on match ${o.match} of tournament ${o.tournament}`,
  );
}

export async function runAttachmentDelete(f: Factory, o: AttachmentDeleteOptions): Promise<void> {
  checkJsonFields(f, "deleted");
  const client = await f.client();
  const match = await matchIdOf(client, o.tournament, o.match, o.group);
  if (!f.globals.yes) await checkAttachment(client, o, match);
  await f.confirm(`Delete attachment ${o.attachment} of match ${o.match}?`);
  await client.attachments.delete(o.tournament, match, o.attachment);
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ id: Number(o.attachment), deleted: true });
  else printer.note(`Deleted attachment ${o.attachment} of match ${o.match}`);
}

export function registerAttachmentDelete(noun: Command, app: App): void {
  noun
    .command("delete")
    .alias("rm")
    .description("delete one of a match's attachments")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .argument("<attachment>", "attachment id, as `attachment list` shows it")
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} C 7 --yes"], confirms: CONFIRMS }))
    .action(
      async (
        tournament: string,
        match: string,
        attachment: string,
        o: { group?: string },
        cmd: Command,
      ) =>
        runAttachmentDelete(
          app.factory(cmd),
          parseAttachmentDelete(tournament, match, attachment, o.group),
        ),
    );
}
