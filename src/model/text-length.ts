/**
 * The part of model/text-rules.ts a roster's check before bulk-add reads too (cli/commands/
 * participants/roster.ts): a text rule, a participant's fields and a text's length in
 * characters. Apart so that the participants noun and `import` share these few lines, not the
 * whole of text-rules.ts, in the core every command loads (build/noun-split.mjs: a module two
 * nouns use moves into the core).
 */
import { normalParticipantName } from "./participant-name.js";

export interface TextRule {
  readonly maxLength: number;
  readonly pattern?: RegExp;
  readonly patternHint?: string;
  /** Line breaks and tabs allowed (a description); other control characters never are. */
  readonly multiline?: boolean;
  /**
   * The form the value is stored in, when not as given: its length is the stored form's. A
   * name is stored NFC and trimmed, so 200 × "e" plus a combining accent (NFD, as text
   * pasted from macOS) is 200 characters; it was refused as "400 characters; at most 255".
   */
  readonly stored?: (value: string) => string;
}

/** A participant's (or racer's) name. */
export const PARTICIPANT_NAME: TextRule = { maxLength: 255, stored: normalParticipantName };
/** A participant's misc (free text a client keeps with them). */
export const PARTICIPANT_MISC: TextRule = { maxLength: 255 };

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * "is too long (300 characters; at most 255)" when `value` is past the rule's length, else
 * undefined: the one count of every path (the service, `import`, a roster's check before
 * bulk-add, which counted UTF-16 units and refused 130 emoji as "longer than 255").
 * Characters are code points: an emoji is one, not its two UTF-16 units (255 emoji were
 * "510 characters; at most 255", a review found). Counted only past the units' limit, in the
 * stored form (the service counted a name before NFC).
 */
export function lengthProblem(rule: TextRule, given: string): string | undefined {
  const value = rule.stored === undefined ? given : rule.stored(given);
  if (value.length <= rule.maxLength) return undefined;
  const count = codePoints(value);
  return count > rule.maxLength
    ? `is too long (${count} characters; at most ${rule.maxLength})`
    : undefined;
}
