/**
 * A race's state changes (change_state: start, reset, end_round) and a
 * round's (update: start, finalize, reset), each read and checked inside its
 * one write. Out of order -> 422 naming the state, nothing written.
 */
import {
  RACE_STATE_CHANGES,
  type RaceStateChange,
  ROUND_STATE_CHANGES,
  type RoundStateChange,
} from "../../model/race.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { roundCount } from "../validation/race-settings.js";
import { currentRace, currentRound } from "./race-lookup.js";
import { beginRound, currentLap, finishRound, STATE_POINTER } from "./round-flow.js";

function readState<T extends string>(
  attributes: Record<string, unknown>,
  allowed: readonly T[],
): T {
  const state = attributes.state;
  if (typeof state !== "string" || !allowed.includes(state as T)) {
    throw unprocessable(
      `state must be one of ${allowed.map((s) => JSON.stringify(s)).join(", ")}, not ${JSON.stringify(state ?? null)}`,
      STATE_POINTER,
    );
  }
  return state as T;
}

function refuse(race: RaceRow, change: string, why: string): never {
  throw unprocessable(`cannot ${change}: the race is ${race.state}; ${why}`, STATE_POINTER);
}

/**
 * Under a race under way with no round under way (a round reset, or finalized by itself):
 * "round 2 is pending: start that round", the one to go on with; undefined otherwise.
 */
function pendingRound(service: ServiceContext, race: RaceRow): string | undefined {
  if (race.state !== "underway") return undefined;
  const all = service.race.rounds.list(race.id);
  if (all.some((r) => r.state === "underway")) return undefined;
  const next = all.find((r) => r.state === "pending");
  return next === undefined ? undefined : `round ${next.number} is pending: start that round`;
}

function startRace(service: ServiceContext, race: RaceRow): void {
  if (race.state !== "pending") {
    const pending = pendingRound(service, race);
    refuse(
      race,
      "start",
      pending === undefined ? "reset it first" : `${pending}, or reset the race`,
    );
  }
  if (race.participants_count < 1) {
    throw unprocessable(
      `cannot start race ${race.url}: it has no participants; add some first`,
      STATE_POINTER,
    );
  }
  const now = service.now();
  const { rounds, races } = service.race;
  if (rounds.count(race.id) !== roundCount(race.settings))
    rounds.replace(race.id, roundCount(race.settings), now);
  races.setState(race.id, "underway", now, { started: now, completed: null });
  beginRound(service, race, rounds.find(race.id, 1)!);
}

function resetRace(service: ServiceContext, race: RaceRow): void {
  if (race.state === "pending") refuse(race, "reset", "it has not started");
  const now = service.now();
  service.race.elapsedTimes.deleteByRace(race.id);
  service.race.rounds.resetAll(race.id, now);
  service.race.races.setState(race.id, "pending", now, { started: null, completed: null });
}

/**
 * Ends the round under way and starts the next; after the last, the race completes. With no
 * round under way (one reset, or finalized by itself) it is refused, naming the pending round
 * to start: before, it started that round, so `end-round` after a round reset began the round
 * instead of ending one.
 */
function endRound(service: ServiceContext, race: RaceRow): void {
  if (race.state !== "underway")
    refuse(race, "end_round", "only a race under way has rounds to end");
  const all = service.race.rounds.list(race.id);
  const lap = currentLap(all);
  if (lap?.state !== "underway")
    throw unprocessable(
      `cannot end_round: no round of race ${race.url} is under way; ${pendingRound(service, race) ?? "reset the race"}`,
      STATE_POINTER,
    );
  finishRound(service, race, lap);
  if (lap.number === all.length) return;
  const next = all.find((r) => r.number === lap.number + 1);
  if (next !== undefined) beginRound(service, race, next);
}

export function changeRaceState(
  service: ServiceContext,
  raceId: number,
  attributes: Record<string, unknown>,
): RaceRow {
  const change: RaceStateChange = readState(attributes, RACE_STATE_CHANGES);
  return service.write(() => {
    const race = currentRace(service, raceId);
    if (change === "start") startRace(service, race);
    else if (change === "reset") resetRace(service, race);
    else endRound(service, race);
    return service.race.races.findById(race.id)!;
  });
}

function roundRefusal(round: RoundRow, change: string, why: string): never {
  throw unprocessable(`cannot ${change} round ${round.number}: ${why}`, STATE_POINTER);
}

function startRound(service: ServiceContext, race: RaceRow, round: RoundRow): void {
  if (race.state !== "underway") refuse(race, `start round ${round.number}`, "start the race");
  if (round.state !== "pending") roundRefusal(round, "start", `it is ${round.state}`);
  const all = service.race.rounds.list(race.id);
  const busy = all.find((r) => r.state === "underway");
  if (busy !== undefined) roundRefusal(round, "start", `round ${busy.number} is under way`);
  const before = all.find((r) => r.number === round.number - 1);
  if (before !== undefined && before.state !== "completed")
    roundRefusal(round, "start", `round ${before.number} is ${before.state}; rounds run in order`);
  beginRound(service, race, round);
}

function resetRound(service: ServiceContext, race: RaceRow, round: RoundRow): void {
  if (round.state === "pending") roundRefusal(round, "reset", "it has not started");
  const later = service.race.rounds
    .list(race.id)
    .find((r) => r.number > round.number && r.state !== "pending");
  if (later !== undefined)
    roundRefusal(round, "reset", `round ${later.number} is ${later.state}; reset it first`);
  const now = service.now();
  service.race.elapsedTimes.deleteByRound(round.id);
  service.race.rounds.setState(round.id, "pending", { started: null, completed: null }, now);
  if (race.state === "completed")
    service.race.races.setState(race.id, "underway", now, { completed: null });
  else service.race.races.touch(race.id, now);
}

export function changeRoundState(
  service: ServiceContext,
  ids: { readonly race: number; readonly round: number },
  attributes: Record<string, unknown>,
): RoundRow {
  const change: RoundStateChange = readState(attributes, ROUND_STATE_CHANGES);
  return service.write(() => {
    const race = currentRace(service, ids.race);
    const round = currentRound(service, race, ids.round);
    if (change === "start") startRound(service, race, round);
    else if (change === "reset") resetRound(service, race, round);
    else if (round.state !== "underway") roundRefusal(round, "finalize", `it is ${round.state}`);
    else finishRound(service, race, round);
    return service.race.rounds.find(race.id, round.number)!;
  });
}
