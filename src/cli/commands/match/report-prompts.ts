/**
 * `match report` at a terminal with something missing: without a match, the open
 * matches to pick one from; without a result, the winner (or a tie, or none yet)
 * and the set scores. Without a terminal, what is missing is a usage error.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ResourceObject } from "../../../model/resource.js";
import { StateRefusedError, UsageError } from "../../errors.js";
import type { FullPrompter } from "../../prompter.js";
import { nameOf, playerIds, type Roster, rosterOf } from "./match-columns.js";
import type { ParticipantLookup } from "./match-players.js";
import { parseScores, type ResultCheck, resultProblem } from "./report-input.js";
import { selectedMatches } from "./selected.js";

/** What `match report` is told when it cannot ask. */
export const NO_MATCH = "missing <match>: pass the match's identifier (A, B, ...) or id";
export const NO_RESULT = "nothing to report: pass --winner, --tie, --scores, or --ranks";

/** A one-on-one result as the prompt gathers it (report.ts's OneOnOneResult). */
export interface AskedResult {
  readonly kind: "one-on-one";
  readonly winner?: string;
  readonly tie: boolean;
  readonly scores?: { readonly text: string; readonly sets: ReturnType<typeof parseScores> };
  readonly force: boolean;
}

function label(match: ResourceObject, roster: Roster): string {
  const a = match.attributes;
  const [p1, p2] = playerIds(match);
  const round = a.round === undefined ? "" : `round ${String(a.round)}: `;
  return `${String(a.identifier)}  ${round}${nameOf(roster, p1)} vs ${nameOf(roster, p2)}`;
}

/** The open matches of `tournament`, one picked at the prompt. */
export async function pickOpenMatch(
  p: FullPrompter,
  client: ApiClient,
  tournament: string,
  lookup: ParticipantLookup,
): Promise<ResourceObject> {
  // The open matches by their records too: a service may ignore ?state= (selected.ts).
  const [open, everyone] = await Promise.all([
    selectedMatches(client, tournament, { state: "open" }),
    lookup.all(),
  ]);
  if (open.length === 0)
    throw new StateRefusedError(`tournament ${tournament} has no open match to report`);
  const roster = rosterOf(everyone);
  const choices = open.map((match) => ({ name: label(match, roster), value: match }));
  return p.select("Match:", choices);
}

/**
 * The scores' answer checked as the flags are (resultProblem): a wrong one is asked again
 * with the reason, never ended with "pass --force" (an empty answer records no scores).
 */
const scoresValid =
  (result: Omit<ResultCheck, "sets">, required: boolean) =>
  (text: string): true | string => {
    if (text.trim() === "") return required ? "scores are needed without a winner" : true;
    try {
      const problem = resultProblem({ ...result, sets: parseScores(text) });
      return problem === undefined ? true : `${problem}; type them again, or leave empty`;
    } catch (error) {
      return (error as Error).message;
    }
  };

/**
 * The brackets whose matches may end in a tie: the service refuses one in an elimination
 * match (winners, losers, grand final, third place: its isEliminationMatch), whose winner
 * moves on; a free-for-all match is reported by ranks.
 */
const TIE_BRACKETS: ReadonlySet<unknown> = new Set(["round_robin", "swiss"]);

/**
 * The winner, a tie (offered where the match can take one) or no winner yet, then the
 * scores from player 1's side.
 */
export async function askResult(
  p: FullPrompter,
  match: ResourceObject,
  roster: Roster,
): Promise<AskedResult> {
  const [p1, p2] = playerIds(match);
  if (p1 === null || p2 === null) {
    if ((match.attributes.participant_ids as unknown[] | undefined)?.length)
      throw new UsageError("a free-for-all match: pass --ranks (and --advancing)");
    throw new StateRefusedError(
      `match ${String(match.attributes.identifier)}: its players are not both known yet`,
    );
  }
  const one = nameOf(roster, p1);
  // Before, the tie was offered in every match: an elimination match took every answer,
  // then ended in the service's refusal (exit 5).
  const tie = TIE_BRACKETS.has(match.attributes.bracket)
    ? [{ name: "a tie (round robin and swiss)", value: "tie" }]
    : [];
  const winner = await p.select<string>("Winner:", [
    { name: one, value: String(p1) },
    { name: nameOf(roster, p2), value: String(p2) },
    ...tie,
    { name: "no winner yet: record scores only", value: "none" },
  ]);
  const decided = winner !== "none";
  const names = [one, nameOf(roster, p2)] as const;
  const side = winner === String(p1) ? 0 : winner === String(p2) ? 1 : undefined;
  const winnerSide: 0 | 1 | undefined = side;
  const check = { names, winnerSide, tie: winner === "tie" };
  const text = (
    await p.input(
      `Scores from ${one}'s side (3-1,2-3,3-0)${decided ? ", or empty" : ""}:`,
      scoresValid(check, !decided),
    )
  ).trim();
  return {
    kind: "one-on-one",
    tie: winner === "tie",
    force: false,
    ...(decided && winner !== "tie" ? { winner } : {}),
    ...(text === "" ? {} : { scores: { text, sets: parseScores(text) } }),
  };
}
