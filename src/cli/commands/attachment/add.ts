/**
 * `tourney attachment add <tournament> <match>`: a link (--url), a note
 * (--description) or a file (--file, at most 250 KB, checked before upload).
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { MATCH_REF_HELP } from "../match/match-ref.js";
import { matchIdOf } from "../station/station-ref.js";
import { readAttachmentFile } from "./attachment-file.js";
import { ATTACHMENT_FIELDS } from "./attachment-records.js";

export interface AttachmentAddFlags {
  readonly url?: string;
  readonly description?: string;
  readonly file?: string;
}

export interface AttachmentAddOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Match id or identifier. */
  readonly match: string;
  readonly url?: string;
  readonly description?: string;
  /** Path of a file to upload. */
  readonly file?: string;
}

/** Flags to options (no I/O): at least one of --url, --description, --file; an http(s) URL. */
export function parseAttachmentAdd(
  tournament: string,
  match: string,
  flags: AttachmentAddFlags,
): AttachmentAddOptions {
  const given = (v: string | undefined) =>
    v === undefined || v.trim() === "" ? undefined : v.trim();
  const [url, description, file] = [given(flags.url), given(flags.description), given(flags.file)];
  if (url === undefined && description === undefined && file === undefined)
    throw new UsageError("an attachment needs --url, --description or --file");
  if (url !== undefined && !/^https?:\/\/\S+$/i.test(url))
    throw new UsageError(`--url needs an http:// or https:// URL, not ${JSON.stringify(url)}`);
  if (url !== undefined && file !== undefined)
    throw new UsageError("an attachment is a link (--url) or a file (--file), not both");
  return {
    tournament,
    match,
    ...(url === undefined ? {} : { url }),
    ...(description === undefined ? {} : { description }),
    ...(file === undefined ? {} : { file }),
  };
}

export async function runAttachmentAdd(f: Factory, o: AttachmentAddOptions): Promise<void> {
  // The file first: one over 250 KB is refused before any request.
  const asset = o.file === undefined ? undefined : readAttachmentFile(o.file);
  checkJsonFields(f, "attachment");
  const client = await f.client();
  const match = await matchIdOf(client, o.tournament, o.match);
  const attributes = {
    ...(o.url === undefined ? {} : { url: o.url }),
    ...(o.description === undefined ? {} : { description: o.description }),
    ...(asset === undefined ? {} : { asset }),
  };
  const record = flatten(await client.attachments.create(o.tournament, match, attributes));
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Attached ${record.id} to match ${o.match}`);
  await printer.record(record, ATTACHMENT_FIELDS);
}

export function registerAttachmentAdd(noun: Command, app: App): void {
  noun
    .command("add")
    .description("attach a link, a note or a file (up to 250 KB) to a match")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--url <url>", "a link (http:// or https://), e.g. the match's VOD")
    .option("--description <text>", "what it is")
    .option("--file <path>", "a file to upload (at most 250 KB; checked before upload)")
    .addHelpText(
      "after",
      `
A match holds at most 4 attachments, and takes them only when the tournament
accepts attachments (tourney tournament update T --set match_options.accept_attachments=true).

Examples:
  tourney attachment add spring_cup C --url https://youtu.be/example --description "VOD"
  tourney attachment add spring_cup C --file score-sheet.png`,
    )
    .action(async (tournament: string, match: string, flags: AttachmentAddFlags, cmd: Command) =>
      runAttachmentAdd(app.factory(cmd), parseAttachmentAdd(tournament, match, flags)),
    );
}
