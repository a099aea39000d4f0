/**
 * `tourney attachment add <tournament> <match>`: a link (--url), a note
 * (--description) or a file (--file, at most 250 KB, checked before upload).
 */
import type { Command } from "commander";
import { RejectedError } from "../../../client/errors.js";
import type { App } from "../../app.js";
import { HintedError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, parseGroupRef } from "../match/match-ref.js";
import { matchIdOf } from "../station/station-ref.js";
import { readAttachmentFile } from "./attachment-file.js";
import { ATTACHMENT_FIELDS } from "./attachment-records.js";

export interface AttachmentAddFlags {
  readonly url?: string;
  readonly description?: string;
  readonly file?: string;
  readonly group?: string;
}

export interface AttachmentAddOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Match id or identifier. */
  readonly match: string;
  /** `--group`: the match's group, or `final` (match-ref.ts GROUP_REF_HELP). */
  readonly group?: string;
  readonly url?: string;
  readonly description?: string;
  /** Path of a file to upload. */
  readonly file?: string;
}

/**
 * Flags to options (no I/O): at least one of --url, --description, --file; an http(s) URL;
 * a --group as every match command reads it.
 */
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
  if (flags.group !== undefined) parseGroupRef(flags.group);
  return {
    tournament,
    match,
    ...(flags.group === undefined ? {} : { group: flags.group }),
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
  const match = await matchIdOf(client, o.tournament, o.match, o.group);
  const attributes = {
    ...(o.url === undefined ? {} : { url: o.url }),
    ...(o.description === undefined ? {} : { description: o.description }),
    ...(asset === undefined ? {} : { asset }),
  };
  const record = flatten(
    await client.attachments
      .create(o.tournament, match, attributes)
      .catch((e: unknown) => Promise.reject(withAcceptHint(e, o.tournament))),
  );
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Attached ${record.id} to match ${o.match}`);
  await printer.record(record, ATTACHMENT_FIELDS);
}

/** The service's refusal names the attribute; the CLI names the command that sets it. */
function withAcceptHint(error: unknown, tournament: string): unknown {
  if (!(error instanceof RejectedError)) return error;
  if (!error.errors.some((e) => /does not accept attachments/.test(e.detail))) return error;
  const t = /^[\w.-]+$/.test(tournament) ? tournament : `'${tournament.replaceAll("'", `'\\''`)}'`;
  return new HintedError(
    error,
    `\`tourney tournament update ${t} --accept-attachments\` lets its matches take them (in any state, underway too), then add it again`,
  );
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
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText(
      "after",
      `
A match holds at most 4 attachments, and takes them only when the tournament
accepts attachments (tourney tournament update T --accept-attachments; also
after the start).

Examples:
  tourney attachment add spring_cup C --url https://youtu.be/example --description "VOD"
  tourney attachment add spring_cup C --file score-sheet.png`,
    )
    .action(async (tournament: string, match: string, flags: AttachmentAddFlags, cmd: Command) =>
      runAttachmentAdd(app.factory(cmd), parseAttachmentAdd(tournament, match, flags)),
    );
}
