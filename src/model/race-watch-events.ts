/**
 * A race's events (issue 19), derived as a tournament's are (watch-events.ts): by
 * comparing two snapshots of the race as the v2.1 interface answers it (its record,
 * participants, rounds, and the elapsed times of its rounds), so every backend
 * yields the same events with the same ids. Pure. Race events carry the race in
 * the `tournament` field (`{id, url, name}`), as docs/watching.md's schema says.
 */
import {
  diffTournament,
  type PlayerRef,
  type RecordLike,
  type TournamentSnapshot,
  type WatchEvent,
  type WatchEventType,
} from "./watch-events.js";
import { orderEvents } from "./watch-order.js";
import { num, obj, type SnapshotHead, snapshotHead, str } from "./watch-snapshot-head.js";

interface SnapRound {
  readonly number: number;
  readonly state: string;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
}

interface SnapTime {
  readonly id: string;
  readonly round: number;
  readonly participant: PlayerRef;
  readonly ms: number | null;
  readonly formatted: string | null;
  readonly updatedAt: string;
}

/** A race's snapshot; its head's `tournament` is the race, under the name every event carries. */
export interface RaceSnapshot extends SnapshotHead {
  readonly kind: "race";
  readonly rounds: ReadonlyMap<number, SnapRound>;
  /** Elapsed times by id, of the rounds read (a time not read is not told). */
  readonly times: ReadonlyMap<string, SnapTime>;
}

export type WatchSnapshot = TournamentSnapshot | RaceSnapshot;

/** The participant an elapsed time belongs to: its relationship, or the attribute some services send. */
function participantOf(record: RecordLike): string | null {
  const related = obj(obj(obj(obj(record).relationships).participant).data).id;
  const id = related ?? record.attributes.participantId ?? record.attributes.participant_id;
  return typeof id === "number" || (typeof id === "string" && id !== "") ? String(id) : null;
}

/** A snapshot of the race from its record, participants, rounds and the rounds' elapsed times. */
export function raceSnapshot(
  race: RecordLike,
  participants: readonly RecordLike[],
  rounds: readonly RecordLike[],
  times: readonly RecordLike[],
  seenAt: string,
): RaceSnapshot {
  const names = new Map(
    participants.map((p) => [p.id, str(p.attributes.name) ?? str(p.attributes.display_name)]),
  );
  const roundMap = new Map<number, SnapRound>();
  for (const r of rounds) {
    const t = obj(r.attributes.timestamps);
    const number = num(r.attributes.round) ?? Number(r.id);
    roundMap.set(number, {
      number,
      state: str(r.attributes.state) ?? "pending",
      startedAt: str(t.startsAt) ?? str(t.startedAt),
      completedAt: str(t.completedAt),
    });
  }
  const timeMap = new Map<string, SnapTime>();
  for (const t of times) {
    const who = participantOf(t) ?? "";
    timeMap.set(t.id, {
      id: t.id,
      round: num(t.attributes.round) ?? 0,
      participant: { id: who, name: names.get(who) ?? `#${who}` },
      ms: num(t.attributes.elapsedTime),
      formatted: str(t.attributes.formattedTime),
      updatedAt: str(obj(t.attributes.timestamps).updatedAt) ?? seenAt,
    });
  }
  return {
    kind: "race",
    ...snapshotHead(race, seenAt, "camelCase"),
    rounds: roundMap,
    times: timeMap,
  };
}

/** The race's own state changes; from nothing known, a finished race's history begins with its start. */
function raceStateEvents(prev: RaceSnapshot | undefined, next: RaceSnapshot): WatchEvent[] {
  const race = next.tournament;
  const events: WatchEvent[] = [];
  let previous = prev?.state ?? "pending";
  // Completed again (a round reset and run again between two looks): it was under way.
  if (
    previous === "completed" &&
    next.state === "completed" &&
    prev!.completedAt !== next.completedAt
  )
    previous = "underway";
  const step = (state: string, at: string) => {
    const id = `r${race.id}.state.${state}.${at}`;
    events.push({
      id,
      type: "race.state_changed",
      at,
      tournament: race,
      state,
      previous_state: previous,
    });
    previous = state;
  };
  if (prev === undefined && next.state === "completed" && next.startedAt !== null)
    step("underway", next.startedAt);
  if (next.state === previous) return events;
  if (next.state === "completed") step(next.state, next.completedAt ?? next.updatedAt);
  else if (next.state === "underway" && previous === "pending")
    step(next.state, next.startedAt ?? next.updatedAt);
  else step(next.state, next.updatedAt);
  return events;
}

function roundEvents(prev: RaceSnapshot | undefined, next: RaceSnapshot): WatchEvent[] {
  const race = next.tournament;
  const events: WatchEvent[] = [];
  const push = (type: WatchEventType, round: number, at: string, what: string) =>
    events.push({
      id: `r${race.id}.round${round}.${what}.${at}`,
      type,
      at,
      tournament: race,
      round,
    });
  for (const [n, round] of next.rounds) {
    const before = prev?.rounds.get(n);
    const started = round.state !== "pending" && round.startedAt !== null;
    if (started && round.startedAt !== (before?.startedAt ?? null))
      push("round.started", n, round.startedAt!, "started");
    const finished = round.state === "completed" && round.completedAt !== null;
    if (finished && round.completedAt !== (before?.completedAt ?? null))
      push("round.finished", n, round.completedAt!, "finished");
  }
  return events;
}

/**
 * When a time was entered, as near as the records tell: its updated_at, which the
 * round's finish re-ranking also moves on (a moment after the finish's own stamp),
 * so never after its round finished; times go into a round under way only.
 */
function recordedAt(t: SnapTime, round: SnapRound | undefined): string {
  const finished = round?.completedAt ?? null;
  return finished !== null && Date.parse(t.updatedAt) > Date.parse(finished)
    ? finished
    : t.updatedAt;
}

/** Times set (or changed, or taken back: ms null) since `prev`; a fresh round's empty ones are not. */
function timeEvents(prev: RaceSnapshot | undefined, next: RaceSnapshot): WatchEvent[] {
  const race = next.tournament;
  const events: WatchEvent[] = [];
  for (const [id, t] of next.times) {
    const round = next.rounds.get(t.round)?.startedAt ?? "";
    // A round run again since (reset, started anew) has new times, whatever their ids.
    const rerun = (prev?.rounds.get(t.round)?.startedAt ?? "") !== round;
    const before = rerun ? undefined : prev?.times.get(id);
    if (before === undefined ? t.ms === null : before.ms === t.ms) continue;
    const at = recordedAt(t, next.rounds.get(t.round));
    events.push({
      // Ends with its at: a time corrected back to an earlier value is a new id, later.
      id: `r${race.id}.round${t.round}.${round}.time${id}.${t.ms ?? "none"}.${at}`,
      type: "elapsed_time.recorded",
      at,
      tournament: race,
      round: t.round,
      participant: t.participant,
      elapsed_time: { id, ms: t.ms, formatted: t.ms === null ? null : t.formatted },
    });
  }
  return events;
}

/**
 * Order of a race's events of one instant: the start first, the end last; between
 * them round by round, a round's start, its times, its finish.
 */
const STEP: Readonly<Record<string, number>> = {
  "round.started": 0,
  "elapsed_time.recorded": 1,
  "round.finished": 2,
};
export function raceRank(e: Pick<WatchEvent, "type" | "state" | "round">): number {
  if (e.type === "race.state_changed") return e.state === "completed" ? Number.MAX_VALUE : -1;
  return (e.round ?? 0) * 3 + (STEP[e.type] ?? 0);
}

/** What happened in the race between `prev` (undefined: nothing known) and `next`, in order. */
export function diffRace(prev: RaceSnapshot | undefined, next: RaceSnapshot): WatchEvent[] {
  const events = [
    ...raceStateEvents(prev, next),
    ...roundEvents(prev, next),
    ...timeEvents(prev, next),
  ];
  const order = (e: WatchEvent) => Number(e.elapsed_time?.id) || 0;
  return orderEvents(events, order, raceRank);
}

/** The diff of either kind of snapshot (the two are always of one kind). */
export function diffSnapshots(prev: WatchSnapshot | undefined, next: WatchSnapshot): WatchEvent[] {
  if (next.kind === "race") return diffRace(prev?.kind === "race" ? prev : undefined, next);
  return diffTournament(prev?.kind === "tournament" ? prev : undefined, next);
}
