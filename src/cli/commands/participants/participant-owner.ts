/**
 * The participant verbs serve a tournament's participants (`tourney participants
 * ...`) and a race's (`tourney race participants ...`): one verb each, told
 * whose participants by an OwnerKind at registration (the argument it takes,
 * the words it uses) and by a ParticipantOwner when it runs.
 */
import { isRace, type ParticipantOwner } from "../../../client/participant-owner.js";
import type { RecordKind } from "../../record-fields.js";

export type { ParticipantOwner } from "../../../client/participant-owner.js";

export interface OwnerKind {
  /** "tournament" or "race", for descriptions. */
  readonly noun: string;
  /** The first argument of every verb, e.g. "<tournament>". */
  readonly argument: string;
  readonly argumentHelp: string;
  /** The owner the argument names. */
  owner(ref: string): ParticipantOwner;
}

export const TOURNAMENT_OWNER: OwnerKind = {
  noun: "tournament",
  argument: "<tournament>",
  argumentHelp: "tournament id or url",
  owner: (ref) => ref,
};

export const RACE_OWNER: OwnerKind = {
  noun: "race",
  argument: "<race>",
  argumentHelp: "race id or url",
  owner: (ref) => ({ race: ref }),
};

/** "tournament cup" or "race gp", as typed. */
export function describeOwner(owner: ParticipantOwner): string {
  return isRace(owner) ? `race ${owner.race}` : `tournament ${owner}`;
}

/** `tourney participants VERB cup` or `tourney race participants VERB gp`. */
export function participantsCommand(owner: ParticipantOwner, verb: string): string {
  return isRace(owner)
    ? `tourney race participants ${verb} ${owner.race}`
    : `tourney participants ${verb} ${owner}`;
}

/** The command line that lists the owner's participants. */
export function listCommand(owner: ParticipantOwner): string {
  return participantsCommand(owner, "list");
}

/** The owner as JSON output names it: `{"tournament": "cup"}` or `{"race": "gp"}`. */
export function ownerJson(owner: ParticipantOwner): Record<string, unknown> {
  return isRace(owner) ? { race: owner.race } : { tournament: owner };
}

/** The record the owner's participants print (a race's have `race_id` too), for `--json` fields. */
export function participantRecord(owner: ParticipantOwner): RecordKind {
  return isRace(owner) ? "race_participant" : "participant";
}
