/**
 * The round a time belongs to (the one asked for, else the race's current
 * round, `currentLap`) and the elapsed times in it, with the participants'
 * names: what `race update`, `race times update|list|bulk-update` read before
 * they write or print.
 */
import type { ApiClient } from "../../../../client/api-client.js";
import { ApiError, NotFoundError } from "../../../../client/errors.js";
import type { ElapsedTimesApi } from "../../../../client/races.js";
import type { ResourceObject } from "../../../../model/resource.js";
import { StateRefusedError, UnknownReferenceError } from "../../../errors.js";
import { pick } from "../../../output/records.js";
import { findParticipant, resolveParticipant } from "../../participants/participant-ref.js";
import { lap, plannedRounds, relatedId } from "../race-records.js";

export interface RoundTimes {
  /** The race as read. */
  readonly race: ResourceObject;
  /** The race's id (a path segment that stays right if the url changes). */
  readonly raceId: string;
  /** The round's number. */
  readonly round: number;
  readonly times: readonly ResourceObject[];
  readonly participants: readonly ResourceObject[];
}

/**
 * The current round's number; once the race is over, its last round; before it starts, a
 * refusal saying how to start it; under way with no round under way (a round reset: the
 * race's current lap is then the last completed round, or none), a refusal naming the round
 * to start (roundToStart) rather than `race start`, which refuses a race under way.
 */
function currentRound(ref: string, race: ResourceObject): number {
  const a = race.attributes;
  const current = lap(a);
  if (a.state === "underway" && current === null) throw noRoundUnderway(ref, 1);
  if (current !== null) return current;
  if (a.state === "completed" || pick(a, "timestamps.completedAt")) return plannedRounds(a) ?? 1;
  throw new StateRefusedError(
    `race ${ref} has not started (it is ${String(a.state ?? "pending")}): \`tourney race start ${ref}\` starts it`,
  );
}

/** "race gp has no round under way (round 2 is pending): `tourney race round start gp 2` starts it" (exit 5). */
export function noRoundUnderway(ref: string, pending: number): StateRefusedError {
  return new StateRefusedError(
    `race ${ref} has no round under way (round ${pending} is pending): \`tourney race round start ${ref} ${pending}\` starts it`,
  );
}

/**
 * `--round N` asked of a round still pending (it has no times until it starts): refused
 * (exit 5) naming the round and the command that starts it, rather than blaming the racer
 * or the file for a time the round does not have yet. One GET of the round, made only when
 * the asked round gave no time to write; a round the service cannot read is left to the
 * caller's own message.
 */
export async function refusePendingRound(
  client: ApiClient,
  ref: string,
  race: ResourceObject,
  round: number | undefined,
): Promise<void> {
  if (round === undefined) return;
  const state = await client.races
    .rounds(race.id)
    .get(round)
    .then((r) => r.attributes.state)
    .catch(() => undefined);
  if (state === "pending")
    throw new StateRefusedError(
      `round ${round} of race ${ref} is pending (its times are made when it starts): \`tourney race round start ${ref} ${round}\` starts it`,
    );
}

/**
 * The round to start of `race` (as read) when it is under way with no round under way: 1
 * without a current lap, the one after it when the current lap is completed (one GET of
 * that round); undefined otherwise.
 */
export async function roundToStart(
  client: ApiClient,
  race: ResourceObject,
): Promise<number | undefined> {
  const a = race.attributes;
  if (a.state !== "underway") return undefined;
  const current = lap(a);
  if (current === null) return 1;
  const round = await client.races.rounds(race.id).get(current);
  return round.attributes.state === "completed" ? current + 1 : undefined;
}

/** The round (`round`, else the current one) with its times and the race's participants. */
export async function readRoundTimes(
  client: ApiClient,
  ref: string,
  round?: number,
): Promise<RoundTimes> {
  const race = await client.races.get(ref);
  const number = round ?? currentRound(ref, race);
  const [times, participants] = await Promise.all([
    client.races.elapsedTimes(race.id, number).listAll(),
    client.participants.listAll({ race: race.id }).catch(unlisted),
  ]);
  return {
    race,
    raceId: race.id,
    round: number,
    times,
    participants: participants ?? timed(times),
  };
}

/**
 * A write of times to the current round refused (422). The race is read again (the round
 * may have moved since it was read: `race end-round` alongside): when another round is now
 * under way, the refusal says the round read ended while the write was sent and that
 * `--round N` times the new one (exit 5; the write was bound to the round read, its number
 * in the path, so it never lands in the next one). When the round read is
 * completed and the next one pending (a round reset), it names the round to start instead
 * of the service's "round 1 ... is completed". Reads on a refusal only: a write that lands
 * costs no request more. Otherwise `error` as it is.
 */
export async function refusedWrite(
  client: ApiClient,
  ref: string,
  rt: { readonly race: ResourceObject; readonly round: number },
  asked: number | undefined,
  error: unknown,
): Promise<never> {
  if (asked !== undefined || !(error instanceof ApiError) || error.status !== 422) throw error;
  const race = await client.races.get(ref).catch(() => rt.race);
  const now = lap(race.attributes);
  if (now !== null && now !== rt.round && race.attributes.state === "underway") {
    const state = await client.races
      .rounds(race.id)
      .get(now)
      .then((r) => r.attributes.state)
      .catch(() => undefined);
    if (state === "underway") throw roundMoved(ref, rt.round, now);
  }
  const pending = await roundToStart(client, race).catch(() => undefined);
  throw pending === undefined ? error : noRoundUnderway(ref, pending);
}

/** "round 1 of race gp ended while this update was sent; ..." (exit 5). */
function roundMoved(ref: string, read: number, now: number): StateRefusedError {
  return new StateRefusedError(
    `round ${read} of race ${ref} ended while this update was sent; round ${now} is under way: add \`--round ${now}\` (\`tourney race times update\` or \`bulk-update\`) to time it there`,
  );
}

/**
 * A race's participants are not in the published description (`GET /races/{r}/participants`
 * is serve's): a service without them answers 404, and the times are read without names.
 */
function unlisted(error: unknown): undefined {
  if (error instanceof NotFoundError) return undefined;
  throw error;
}

/** The participants the times name, by id alone (no names), when the race's are not listed. */
function timed(times: readonly ResourceObject[]): ResourceObject[] {
  const ids = new Set(
    times.map((t) => relatedId(t, "participant")).filter((id) => id !== undefined),
  );
  return [...ids].map((id) => ({ id: String(id), type: "participant", attributes: {} }));
}

/** Participant id -> name. */
export function participantNames(participants: readonly ResourceObject[]): Map<number, string> {
  return new Map(participants.map((p) => [Number(p.id), String(p.attributes.name ?? "")]));
}

function noTime(participant: ResourceObject, round: number, raceRef: string) {
  return new UnknownReferenceError(
    `participant ${participant.id} "${String(participant.attributes.name)}" has no time in round ${round} of race ${raceRef} (joined after the round started?)`,
  );
}

/** The elapsed time of the participant `ref` names (id, #seed or name) in the round. */
export function timeOf(rt: RoundTimes, ref: string, raceRef: string): ResourceObject {
  const participant = findParticipant(rt.participants, { race: raceRef }, ref);
  const time = rt.times.find((t) => relatedId(t, "participant") === Number(participant.id));
  if (time === undefined) throw noTime(participant, rt.round, raceRef);
  return time;
}

/**
 * The racer's time in the round, or undefined: asked with `participant_id` (one record, not
 * the round); from a service that answers the round regardless, found in the whole list.
 * Here, not in the client, which every command loads (the tournament list's byte budget).
 */
async function racerTime(api: ElapsedTimesApi, participantId: string) {
  const answer = await api.list({ per_page: 1 }, { participant_id: participantId });
  const theirs = (t: ResourceObject) => String(relatedId(t, "participant")) === participantId;
  if (answer.data.every(theirs)) return answer.data[0];
  return (await api.listAll()).find(theirs);
}

/** One racer's time in a round, what `race update` and `race times update` change. */
export interface RacerTime {
  readonly race: ResourceObject;
  readonly raceId: string;
  readonly round: number;
  readonly time: ResourceObject;
  /** Participant id -> name, of this racer at least. */
  readonly names: Map<number, string>;
}

/**
 * The time of the racer `participantRef` names in the round (`round`, else the current one):
 * the racer found among the race's participants (resolveParticipant: `id:N` is one GET),
 * then their time alone (ofParticipant: `participant_id`), not the round's every time. A
 * service that lists no race participants (404) is read as before: the round's times.
 * Before, every call listed the round's times. `race update` on a round of 4,000 racers,
 * every one timed (node bench/race-update.mjs --against <f17f6d6 built> --runs 11, embedded,
 * medians, load ~15 on 2 cores): 0.78 -> 0.45 s wall and 200 -> 130 ms CPU (a second run
 * 0.96 -> 0.59 s, 200 -> 140 ms).
 */
export async function readRacerTime(
  client: ApiClient,
  ref: string,
  participantRef: string,
  round?: number,
): Promise<RacerTime> {
  const race = await client.races.get(ref);
  const number = round ?? currentRound(ref, race);
  let participant: ResourceObject;
  try {
    participant = await resolveParticipant(client, { race: ref }, participantRef);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    const rt = await readRoundTimes(client, ref, round);
    if (rt.times.length === 0) await refusePendingRound(client, ref, race, round);
    const time = timeOf(rt, participantRef, ref);
    return { ...rt, time, names: participantNames(rt.participants) };
  }
  const time = await racerTime(client.races.elapsedTimes(race.id, number), participant.id);
  if (time === undefined) {
    await refusePendingRound(client, ref, race, round);
    throw noTime(participant, number, ref);
  }
  return { race, raceId: race.id, round: number, time, names: participantNames([participant]) };
}
