/**
 * v1 matches: index (state, participant_id), show, update (scores_csv from
 * player 1's side, winner_id or "tie"), mark_as_underway, unmark_as_underway,
 * reopen, over the v2.1 match routes' functions (routes/matches.ts) and the
 * match report the v2.1 update takes (bracket/match-actions.ts).
 */
import { MAX_SCORE_SETS, withSeparators } from "../../model/limits.js";
import { decodeSets } from "../../store/match-json.js";
import type { MatchRow } from "../../store/match-rows.js";
import { reportMatch } from "../bracket/match-actions.js";
import type { ServiceContext } from "../context.js";
import { currentTournament } from "../lookup.js";
import type { Router } from "../router.js";
import { changeMatchState, findMatch, readMatchFilter } from "../routes/matches.js";
import type { MatchReport, ReportEntry } from "../validation/match-report.js";
import type { V1Record } from "./params.js";
import { wrappedMatch } from "./records.js";
import { v1Tournament } from "./tournaments.js";
import { V1_PREFIX, type V1Call, v1Error, v1Handler } from "./transport.js";
import { readV1Value, recordParam, textParam } from "./values.js";

/** What `match[...]` asks: sets from player 1's side (undefined: unchanged), and who won. */
export interface V1MatchUpdate {
  readonly sets: readonly (readonly [number, number])[] | undefined;
  /** A participant id, "tie", or undefined (scores only). */
  readonly winner: number | "tie" | undefined;
}

const SET = /^(-?\d+)-(-?\d+)$/;

/** "3-1,1-3,3-0" -> [[3,1],[1,3],[3,0]], or a 422 naming the set that does not parse. */
export function parseScoresCsv(text: string): [number, number][] {
  if (text.trim() === "") return [];
  const parts = text.split(",");
  if (parts.length > MAX_SCORE_SETS) {
    throw v1Error(
      422,
      `match[scores_csv] holds ${withSeparators(parts.length)} sets; a match takes at most ${MAX_SCORE_SETS}`,
    );
  }
  return parts.map((part, i) => {
    const set = SET.exec(part.trim());
    const scores = set === null ? [] : [Number(set[1]), Number(set[2])];
    if (set === null || !scores.every(Number.isSafeInteger)) {
      throw v1Error(
        422,
        `match[scores_csv] ${JSON.stringify(text.slice(0, 80))} does not parse: set ${i + 1} (${JSON.stringify(part.slice(0, 20))}) must be two whole numbers like 3-1, player 1's first`,
      );
    }
    return [scores[0]!, scores[1]!];
  });
}

const KNOWN = new Set(["scores_csv", "winner_id"]);

export function readMatchUpdate(input: V1Record): V1MatchUpdate {
  const unknown = Object.keys(input).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) {
    throw v1Error(
      422,
      ...unknown.map((k) => `match[${k}] is not a v1 match field that can be set`),
    );
  }
  const csv = Object.hasOwn(input, "scores_csv")
    ? readV1Value("string", input.scores_csv!)
    : undefined;
  if (csv !== undefined && "problem" in csv) throw v1Error(422, `match[scores_csv] ${csv.problem}`);
  const sets = csv === undefined ? undefined : parseScoresCsv(String(csv.ok));
  const raw = Object.hasOwn(input, "winner_id") ? input.winner_id : undefined;
  let winner: number | "tie" | undefined;
  if (raw !== undefined && raw !== null && raw !== "") {
    const text = typeof raw === "object" ? "" : String(raw).trim();
    if (text === "tie") winner = "tie";
    else if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) winner = Number(text);
    else throw v1Error(422, 'match[winner_id] must be a participant id or "tie"');
  }
  if (sets === undefined && winner === undefined) {
    throw v1Error(422, "match[scores_csv] or match[winner_id] is required");
  }
  return { sets, winner };
}

/** The v2.1 report of a v1 update, on the match as it stands inside the write. */
export function toReport(row: MatchRow, update: V1MatchUpdate): MatchReport {
  if (row.side === "free_for_all") {
    throw v1Error(422, `match ${row.id} is a free-for-all match: v1 reports two players; use v2.1`);
  }
  const { player1_id: one, player2_id: two } = row;
  if (one === null || two === null) {
    throw v1Error(422, `match ${row.id} does not have both players yet; it is ${row.state}`);
  }
  const { winner } = update;
  if (typeof winner === "number" && winner !== one && winner !== two) {
    throw v1Error(
      422,
      `match[winner_id] ${winner} is not a player of match ${row.id} (players ${one} and ${two})`,
    );
  }
  // Scores left out keep what was reported before (v1 sends the winner alone at times).
  const sets = update.sets ?? decodeSets(row.score_sets);
  const entry = (id: number, side: 0 | 1): ReportEntry => ({
    participantId: id,
    sets: sets.map((s) => s[side]),
    keepsScores: false,
    rank: undefined,
    advancing: winner === id,
  });
  return { entries: [entry(one, 0), entry(two, 1)], tie: winner === "tie" };
}

function filterOf(call: V1Call): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ["state", "participant_id"]) {
    const value = textParam(call.params, name);
    if (value !== undefined) query.set(name, value);
  }
  return query;
}

export function registerV1MatchRoutes(router: Router, service: ServiceContext): void {
  const path = `${V1_PREFIX}/tournaments/:tournament/matches`;
  const route = (fn: (call: V1Call) => unknown) => v1Handler(service, fn);
  const present = (row: MatchRow) => wrappedMatch(service, row);
  router.get(
    path,
    route((call) => {
      const t = v1Tournament(service, call);
      return service.matches.list(t.id, readMatchFilter(filterOf(call))).map(present);
    }),
  );
  router.get(
    `${path}/:match`,
    route((call) =>
      present(findMatch(service, v1Tournament(service, call), call.request.params.match!)),
    ),
  );
  router.put(
    `${path}/:match`,
    route((call) => {
      const t = v1Tournament(service, call);
      const id = t.id;
      findMatch(service, t, call.request.params.match!); // 404 before the parameters are read
      const update = readMatchUpdate(recordParam(call.params, "match", true));
      return present(
        service.write(() => {
          const t = currentTournament(service, id);
          const row = findMatch(service, t, call.request.params.match!);
          reportMatch(service, t, row, toReport(row, update));
          return service.matches.find(t.id, row.id)!;
        }),
      );
    }),
  );
  for (const state of ["mark_as_underway", "unmark_as_underway", "reopen"]) {
    router.post(
      `${path}/:match/${state}`,
      route((call) => {
        const id = v1Tournament(service, call).id;
        return present(
          service.write(() => {
            const t = currentTournament(service, id);
            const row = findMatch(service, t, call.request.params.match!);
            changeMatchState(service, t, row, { state, reset_dependents: true });
            return service.matches.find(t.id, row.id)!;
          }),
        );
      }),
    );
  }
}
