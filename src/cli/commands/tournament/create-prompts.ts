/**
 * `tournament create` at a terminal without --name: asks the name, the type from the
 * list of types (unless --type was given), then the options that type has (those no
 * flag gave). An empty answer to a number keeps the service's default.
 */
import { MAX_REPORT_ENTRIES } from "../../../model/limits.js";
import {
  GRAND_FINALS_MODIFIERS,
  RANKINGS,
  TOURNAMENT_TYPES,
  type TournamentType,
} from "../../../model/tournament.js";
import type { FullPrompter } from "../../prompter.js";
import type { TournamentAttributes } from "./attribute-flags.js";

type Path = readonly [string, string];

interface Question {
  /** Where the answer goes (the attribute an --option flag would set). */
  readonly path: Path;
  /** undefined: keep the default. */
  ask(p: FullPrompter): Promise<unknown>;
}

/**
 * A whole number from `min` to `max` (the service's bounds), or empty: anything else is
 * asked again with the reason, rather than refused by the service after the prompts.
 */
const wholeNumber =
  (min: number, max: number) =>
  (value: string): true | string => {
    const text = value.trim();
    if (text === "") return true;
    const n = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    return (n >= min && n <= max) || `a whole number from ${min} to ${max}, or empty`;
  };

/** A number question: an empty answer keeps the default. */
function count(path: Path, message: string, min: number, max: number): Question {
  return {
    path,
    async ask(p) {
      const valid = wholeNumber(min, max);
      const answer = (await p.input(`${message} (empty: the default)`, valid)).trim();
      return valid(answer) === true && answer !== "" ? Number(answer) : undefined;
    },
  };
}

const GRAND_FINALS_NAMES: Readonly<Record<string, string>> = {
  "": "a reset match if the losers bracket's finalist wins (default)",
  "single match": "one match, no reset",
  skip: "no grand final: each bracket has its winner",
};

/** The consolation ranks offered (--consolation-rank takes 17, 33, ... too): 0 is none. */
const PLACEMENTS = [
  { name: "none: the semi-final losers share third place", value: 0 },
  { name: "a third-place match", value: 3 },
  { name: "third place, and 5th to 8th", value: 5 },
  { name: "third place, 5th to 8th, and 9th to 16th", value: 9 },
];

/** The options each type has, in the order they are asked. */
const QUESTIONS: Readonly<Record<TournamentType, readonly Question[]>> = {
  "single elimination": [
    {
      path: ["match_options", "consolation_matches_target_rank"],
      ask: async (p) => (await p.select("Placement matches:", PLACEMENTS)) || undefined,
    },
  ],
  "double elimination": [
    {
      path: ["double_elimination_options", "grand_finals_modifier"],
      ask: (p) =>
        p.select(
          "Grand final:",
          GRAND_FINALS_MODIFIERS.map((value) => ({ name: GRAND_FINALS_NAMES[value]!, value })),
        ),
    },
    {
      path: ["double_elimination_options", "split_participants"],
      ask: async (p) =>
        (await p.confirm("Start the bottom half of the seeds in the losers bracket?")) || undefined,
    },
  ],
  "round robin": [
    count(["round_robin_options", "iterations"], "Times each pair meets", 1, 10),
    {
      path: ["round_robin_options", "ranking"],
      ask: (p) =>
        p.select(
          "Rank by:",
          RANKINGS.map((value) => ({ name: value, value })),
        ),
    },
  ],
  swiss: [count(["swiss_options", "rounds"], "Number of rounds", 1, 64)],
  "free for all": [
    count(
      ["free_for_all_options", "max_participants"],
      "Participants per match",
      2,
      MAX_REPORT_ENTRIES,
    ),
  ],
};

function given(attributes: TournamentAttributes, [group, key]: Path): boolean {
  const options = attributes[group] as Record<string, unknown> | undefined;
  return options?.[key] !== undefined;
}

/** The attributes with what was asked: name, type (when `askType`), the type's options. */
export async function askCreate(
  p: FullPrompter,
  attributes: TournamentAttributes,
  askType: boolean,
): Promise<TournamentAttributes> {
  const name = await p.input("Tournament name:", (v) => v.trim() !== "" || "a name is required");
  const type = askType
    ? await p.select(
        "Type:",
        TOURNAMENT_TYPES.map((value) => ({ name: value, value })),
      )
    : (attributes.tournament_type as TournamentType);
  const answered: Record<string, unknown> = {
    ...attributes,
    name: name.trim(),
    tournament_type: type,
  };
  for (const question of QUESTIONS[type] ?? []) {
    if (given(attributes, question.path)) continue;
    const value = await question.ask(p);
    if (value === undefined) continue;
    const [group, key] = question.path;
    answered[group] = { ...(answered[group] as object | undefined), [key]: value };
  }
  return answered;
}
