/**
 * A tournament's standings made a part at a time (issue 24): what GET
 * /tournaments/{t}/standings answers (standings.ts), for the bracket page's snapshot,
 * whose builder runs each `step()` as one unit of serve's work gate. At 50,000 players
 * the standings in one piece were about 100 ms during which no other request was
 * answered: here the participants are read PART at a time (through the seed index),
 * an elimination stage's played matches tallied PART at a time, its standings made and
 * sorted in runs of PART, then merged. A round-robin, swiss or free-for-all stage too
 * (issue 27; tableInParts): its rows grouped and read, its results tallied, its ranking's
 * values, mini-leagues (`match wins vs tied`, each participant never compared by one in a
 * single pass over the results, not a pass each) and median Buchholz, its rows made, PART a
 * step, its sorts in runs then merged (engine computeStandingsSteps; the route drains the
 * same steps at once, so the parts give its rows). A group of a group stage, smaller than a
 * part, is one step, as before. Measured (`node bench/standings-load.mjs --format F --players
 * N --played all --crowd 8 --rounds 2 --seconds 8 --against /work/start17`, 8 clients asking
 * at once after each report on another tournament, load 14-19 on 2 cores; serve's longest
 * loop hold in CPU time, bench/loop-holds.cjs, medians of 2 alternated rounds): a 512-player
 * round robin, all 130,816 matches played, 478 -> 77 ms during the first GET and 433 -> 55
 * ms after (wall 1,623 -> 445 and 1,812 -> 556 ms), another client's reads p99 1,853 -> 395
 * ms; a 4,096-player swiss after 8 rounds 184 -> 27 ms during the first GET; an 8,192-player
 * one 311 -> 33 ms; a free for all of 16,384 201 -> 53 ms. What is left: the store's first
 * list of a tournament's rows after serve reads them (41 ms of CPU at 130,816 rows), and each
 * answer's envelope made and serialized in one unit (an 8,192-player swiss's 2.7 MB, a
 * 16,384-player free for all's: 200-280 ms of CPU at that load, in both builds).
 *
 * Between two parts other requests run, writes among them: the standings of a version
 * written meanwhile may mix rows from before and after it, as the snapshot's pages may
 * (snapshot-build.ts). Such a snapshot is labelled with the revision before its reads,
 * so the next look builds it again; parts that fail on such a mix (a result naming a
 * participant since removed) are made again whole, in one unit. With no write between
 * them, the parts give exactly what the route answers.
 */
import type { RankMap, Tally } from "../../engine/index.js";
import { addResults, tallyResults } from "../../engine/index.js";
import { due, sortedInParts as engineSortedInParts, pace } from "../../engine/steps.js";
import type { MatchRow } from "../../store/match-rows.js";
import type { NameAndSeed, SeedPlace } from "../../store/participants-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { freeForAllStandings } from "./free-for-all-standings.js";
import { matchResultOf, playersOf } from "./match-codec.js";
import { roundRobinStandingsSteps, swissRanksSteps } from "./ranks.js";
import { loadStage } from "./stage-io.js";
import type { StageParticipant, StageState } from "./stage-state.js";
import {
  eliminationOrder,
  eliminationRanks,
  eliminationStanding,
  entrantsOf,
  isEliminationStageSteps,
  isPlayed,
  type People,
  type StageRows,
  type Standing,
  stageParticipantsOf,
  standingDocument,
  standingOf,
  standingStagesSteps,
  tournamentStandings,
} from "./standings.js";

/**
 * Participants read, matches tallied, standings made or sorted in one step. 1,000, not
 * 5,000: at 50,000 players a step of 5,000 was 40-100 ms of serve's event loop (the
 * participants' read 60-83 ms, the tallies' 50 ms, in a CPU profile of bench/public-load.mjs);
 * the snapshot's unit runs as many steps as fit in a few ms, so small steps cost little.
 */
export const PART = 1000;

export type StandingDocuments = ReturnType<typeof standingDocument>[];

/** What one step gives: the documents once done (null: the tournament is gone or its standings failed). */
export type StandingsStep =
  | { readonly done: false }
  | { readonly done: true; readonly value: StandingDocuments | null };

type Parts<T> = Generator<void, T>;

function* peopleInParts(service: ServiceContext, t: TournamentRow, part: number): Parts<People> {
  const people = new Map<number, NameAndSeed>();
  let after: SeedPlace = { seed: Number.MIN_SAFE_INTEGER, id: Number.MIN_SAFE_INTEGER };
  for (;;) {
    const read = service.participants.namesAfter(t.id, after, part);
    for (const p of read) people.set(p.id, p);
    if (read.length < part) return people;
    after = read[read.length - 1]!;
    yield;
  }
}

/**
 * `items` sorted by `order`, runs of PART a step, then merged a pair a step (a whole level
 * a step was up to every item in one step): engine `sortedInParts`, a stable merge sort.
 */
export const sortedInParts = <T>(
  items: readonly T[],
  order: (x: T, y: T) => number,
  part = PART,
): Parts<T[]> => engineSortedInParts(items, order, part);

/** The empty tallies of the entrants `ids` names, in seed order (tallyResults' order), `part` a unit. */
function* talliesInParts(
  people: People,
  ids: ReadonlySet<number>,
  part: number,
): Parts<Map<number, Tally>> {
  const tallies = new Map<number, Tally>();
  let batch: { id: number; seed: number }[] = [];
  const flush = () => {
    for (const [id, tally] of tallyResults(batch, [])) tallies.set(id, tally);
    batch = [];
  };
  for (const entrant of entrantsOf(people, ids)) {
    batch.push(entrant);
    if (batch.length < part) continue;
    flush();
    yield;
  }
  flush();
  return tallies;
}

function* eliminationInParts(
  service: ServiceContext,
  t: TournamentRow,
  { ref, rows }: StageRows,
  people: People,
  participants: () => readonly StageParticipant[],
  part: number,
): Parts<Standing[]> {
  const ids = new Set<number>();
  const played: MatchRow[] = [];
  for (let at = 0; at < rows.length; at += 4 * part) {
    for (const row of rows.slice(at, at + 4 * part)) {
      for (const id of playersOf(row)) ids.add(id);
      if (isPlayed(row)) played.push(row);
    }
    yield;
  }
  const tallies = yield* talliesInParts(people, ids, part);
  for (let at = 0; at < played.length; at += part) {
    addResults(tallies, played.slice(at, at + part).map(matchResultOf));
    yield;
  }
  const ranks: RankMap = eliminationRanks(loadStage(service, t, ref, participants), rows);
  yield;
  const all = [...tallies.values()];
  const standings: Standing[] = [];
  for (let at = 0; at < all.length; at += part) {
    for (const tally of all.slice(at, at + part))
      standings.push(eliminationStanding(tally, ref, people, ranks));
    yield;
  }
  return yield* sortedInParts(standings, eliminationOrder(people), part);
}

/**
 * A round-robin, swiss or free-for-all stage's standings (standings.ts stageStandings) a
 * part at a time: the rows read, the results tallied, the tie-breaks and the rows made,
 * PART a step, the sort in runs then merged (engine computeStandingsSteps; the route drains
 * the same steps at once). A group of a group stage is small: one step, as before.
 */
function* tableInParts(
  state: StageState,
  { ref, rows }: StageRows,
  people: People,
  part: number,
): Parts<Standing[]> {
  // Small stages (a group of 4) in one step: their parts would only add turns.
  const p = pace(rows.length < part ? Number.POSITIVE_INFINITY : part);
  if (state.format === "free for all") return yield* freeForAllStandings(state, rows, people, p);
  const table =
    state.format === "swiss"
      ? yield* swissRanksSteps(state, p)
      : yield* roundRobinStandingsSteps(state, p);
  const standings: Standing[] = [];
  for (const row of table) {
    standings.push(standingOf(row, ref, people, row.rank, row.points));
    if (due(p)) yield;
  }
  return standings;
}

function* standingsInParts(
  service: ServiceContext,
  id: number,
  part: number,
): Parts<StandingDocuments | null> {
  const t = service.tournaments.findById(id);
  if (t === undefined) return null;
  const stages = yield* standingStagesSteps(service, t, pace(4 * part));
  yield;
  const people = yield* peopleInParts(service, t, part);
  // Every stage reads the participants read above, not the whole list again (issue 27).
  const participants = stageParticipantsOf(people);
  const all: Standing[] = [];
  for (const stage of stages) {
    const state = loadStage(service, t, stage.ref, participants);
    const elimination = yield* isEliminationStageSteps(state, stage.rows, pace(4 * part));
    const rows = elimination
      ? yield* eliminationInParts(service, t, stage, people, participants, part)
      : yield* tableInParts(state, stage, people, part);
    for (const row of rows) all.push(row);
    yield;
  }
  const documents: StandingDocuments = [];
  for (let at = 0; at < all.length; at += part) {
    for (const row of all.slice(at, at + part)) documents.push(standingDocument(row));
    if (at + part < all.length) yield;
  }
  return documents;
}

/** The whole at once: what the route answers. */
function standingsAtOnce(service: ServiceContext, id: number): StandingDocuments | null {
  const t = service.tournaments.findById(id);
  return t === undefined ? null : tournamentStandings(service, t).map(standingDocument);
}

/**
 * The standings of tournament `id` made a step at a time (each step one unit of work).
 * `consistent` (the API's job, public/standings-answer.ts): a write landing between two
 * steps (the tournament's revision moved) stops the job, `moved` and no documents, instead
 * of going on with parts that may mix rows from before and after it.
 */
export class StandingsJob {
  #parts: Parts<StandingDocuments | null> | undefined;
  #revision: number | undefined;
  /** Whether the parts failed under a write and the whole was made at once (what the tests look at). */
  wholeAfterWrite = false;
  /** Consistent: whether the job stopped because the revision moved between its steps. */
  moved = false;

  constructor(
    private readonly service: ServiceContext,
    readonly id: number,
    private readonly revisionOf: (id: number) => number | undefined,
    /** Participants, matches or standings per part (PART; the tests make it small). */
    private readonly part = PART,
    private readonly consistent = false,
  ) {}

  /** The tournament's revision when the first step began (undefined before it). */
  get revision(): number | undefined {
    return this.#revision;
  }

  /** One part; the standings' documents once the last is done. */
  step(): StandingsStep {
    return this.service.inRequest(() => {
      if (this.#parts === undefined) {
        this.#revision = this.revisionOf(this.id);
        this.#parts = standingsInParts(this.service, this.id, this.part);
      } else if (this.consistent && this.revisionOf(this.id) !== this.#revision) {
        this.moved = true;
        return { done: true, value: null };
      }
      try {
        const next = this.#parts.next();
        return next.done === true ? { done: true, value: next.value } : { done: false };
      } catch {
        return { done: true, value: this.#afterError() };
      }
    });
  }

  /**
   * Parts that failed: if a write landed since the first (a participant gone whom a
   * result names), the whole is made at once, as the route would (consistent: the job
   * stops, moved); otherwise, as the route's error answer was, no standings.
   */
  #afterError(): StandingDocuments | null {
    if (this.revisionOf(this.id) === this.#revision) return null;
    this.moved = this.consistent;
    if (this.moved) return null;
    this.wholeAfterWrite = true;
    try {
      return standingsAtOnce(this.service, this.id);
    } catch {
      return null;
    }
  }
}
