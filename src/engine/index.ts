/**
 * The bracket engine's public API. Pure and deterministic: plain data in, plain
 * data out; no SQL, HTTP, clock or unseeded randomness. Every rule broken by
 * the inputs throws `EngineRuleError`.
 *
 * Typical use by the service:
 * 1. plan a stage once (`planSingleElimination`, `planDoubleElimination`,
 *    `planRoundRobin`) and store one row per `PlannedMatch`, with its slot sources;
 *    `openingMatches` lists the matches playable right away;
 * 2. per reported match, `advance(index, results, key, outcome)` with an index from
 *    `buildIndex` (built once per request from the stored rows): slot assignments,
 *    newly playable matches, the grand-final reset decision, stage completion;
 * 3. per reopened match, `reopenEffects`: dependents to reset and slots to clear;
 * 4. at the end, `eliminationRanks` for final ranks of an elimination stage.
 */

export {
  type DoubleEliminationOptions,
  type GrandFinalsModifier,
  planDoubleElimination,
} from "./double-elimination.js";
export { eliminationRanks } from "./elimination-ranks.js";
export { EngineRuleError } from "./errors.js";
export {
  type FreeForAllByeRule,
  type FreeForAllEntry,
  type FreeForAllMatchPlan,
  type FreeForAllReport,
  type FreeForAllRoundPlan,
  freeForAllFinalRanks,
  orderAdvancers,
  planFreeForAllRound,
  validateFreeForAllReport,
} from "./free-for-all.js";
export {
  assertGroupStageRules,
  type FinalStageEntrant,
  finalStageSeeds,
  groupCount,
  groupStageRuleErrors,
  keepGroupsApart,
  snakeGroups,
} from "./groups.js";
export { matchIdentifier } from "./identifiers.js";
export { placesOfKey } from "./placements.js";
export {
  type Advancement,
  advance,
  type BracketIndex,
  buildIndex,
  completed,
  dependentsOf,
  type Feed,
  indexSteps,
  isStageComplete,
  isUnneededReset,
  type MatchOutcome,
  openingMatches,
  type Reopening,
  type ResultLookup,
  reopenEffects,
  type SlotAssignment,
  type SlotName,
  slotParticipant,
} from "./progression.js";
export {
  bergerRounds,
  planRoundRobin,
  type RoundRobinOptions,
  roundRobinMatches,
} from "./round-robin.js";
export {
  type BracketSlot,
  bracketSizeFor,
  placeInBracket,
  sortBySeed,
  standardSeedOrder,
} from "./seeding.js";
export { planSingleElimination, type SingleEliminationOptions } from "./single-elimination.js";
export {
  computeStandings,
  type PointsOptions,
  type RankingOption,
  type StandingRow,
  type StandingsOptions,
  standingRanks,
  type TieBreakValue,
} from "./standings.js";
export {
  type FreeForAllRecord,
  freeForAllPoints,
  freeForAllRecords,
} from "./standings-free-for-all.js";
export {
  addResults,
  roundValue,
  type Tally,
  tallyResults,
} from "./standings-tally.js";
export { pairSwissRound, type SwissRound, swissRoundCount, swissStandings } from "./swiss.js";
export type { TieBreak } from "./tiebreaks.js";
export * from "./types.js";
