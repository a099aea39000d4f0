/**
 * The text fields of an export file (names, misc, station and attachment texts) checked
 * against the rules the service reads them with (model/text-rules.ts, one copy for both), before
 * anything is sent. Before, a name of 300 characters, one with a tab, or an attachment's ftp://
 * link was refused by the service half-way through the import: the tournament was created (a
 * station's name: filled, checked in and started) and the import stopped, exit 5.
 */
import { normalParticipantName, participantNameKey } from "../../model/participant-name.js";
import {
  ATTACHMENT_DESCRIPTION,
  ATTACHMENT_URL,
  PARTICIPANT_MISC,
  PARTICIPANT_NAME,
  STATION_DETAILS,
  STATION_NAME,
  STATION_STREAM_URL,
  type TextRule,
  textRuleProblem,
} from "../../model/text-rules.js";

type Doc = Record<string, unknown>;
/** export-contents.ts's Problem, as far as these checks use it (no import back: no cycle). */
interface Problem {
  fail(where: string, what: string): never;
}

/** `value` at `where` under `rule`; `skip` values are not sent, so not checked. */
function checkText(
  p: Problem,
  where: string,
  rule: TextRule,
  value: unknown,
  skip: readonly unknown[] = [null, undefined],
): void {
  if (skip.includes(value)) return;
  const problem = textRuleProblem(rule, value);
  if (problem !== undefined) p.fail(where, problem);
}

/** A participant's (or racer's) name and misc, `where` being its place ("participants[1]"). */
export function checkParticipantText(p: Problem, where: string, x: Doc): void {
  checkText(p, `${where}.name`, PARTICIPANT_NAME, x.name, []);
  // The service stores names trimmed, and refuses one that is white space alone.
  if (normalParticipantName(x.name as string) === "")
    p.fail(`${where}.name`, "can't be blank (it is white space alone)");
  checkText(p, `${where}.misc`, PARTICIPANT_MISC, x.misc);
}

/**
 * `name` (participants[`i`]'s) against the names before it (`keys`, by the service's key:
 * "Eve" and "eve" are one name there, model/participant-name.ts); then kept there.
 */
export function checkNameKey(
  p: Problem,
  where: string,
  name: string,
  keys: Map<string, number>,
  i: number,
): void {
  const other = keys.get(participantNameKey(name));
  if (other !== undefined)
    p.fail(
      where,
      `${JSON.stringify(name)} is participants[${other}]'s name too, as the service compares names (A to Z in any case, white space around them left out; names are unique)`,
    );
  keys.set(participantNameKey(name), i);
}

/** A station's name and the attributes the import sends with it (stream url, details). */
export function checkStationText(p: Problem, where: string, s: Doc): void {
  checkText(p, `${where}.name`, STATION_NAME, s.name, []);
  if ((s.name as string).trim() === "")
    p.fail(`${where}.name`, "can't be blank (it is white space alone)");
  const attributes = s.attributes;
  if (attributes === null || typeof attributes !== "object" || Array.isArray(attributes)) return;
  const a = attributes as Doc;
  checkText(p, `${where}.attributes.stream_url`, STATION_STREAM_URL, a.stream_url);
  checkText(p, `${where}.attributes.details`, STATION_DETAILS, a.details);
}

/** An attachment's url and description, each sent only when it is not empty. */
export function checkAttachmentText(p: Problem, where: string, a: Doc): void {
  const attributes = a.attributes;
  if (attributes === null || typeof attributes !== "object" || Array.isArray(attributes)) return;
  const x = attributes as Doc;
  const empty = [null, undefined, ""];
  checkText(p, `${where}.attributes.url`, ATTACHMENT_URL, x.url, empty);
  checkText(p, `${where}.attributes.description`, ATTACHMENT_DESCRIPTION, x.description, empty);
}
