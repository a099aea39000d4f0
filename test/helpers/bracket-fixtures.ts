/**
 * The tournaments `tourney bracket`'s snapshots are drawn from, set up and
 * played through the CLI on the embedded backend with fixed results: the
 * same command lines give the same bracket every time.
 */
import type { Sandbox } from "./cli.js";
import { createWith, matchesJson, ok, type Setup } from "./cli-tournament.js";

export const EIGHT = ["Ada", "Bea", "Cyd", "Dot", "Eli", "Fay", "Gus", "Hal"];
export const SIXTEEN = [...EIGHT, "Ivy", "Jon", "Kit", "Lou", "Max", "Ned", "Oda", "Pip"];

export interface OpenMatch {
  readonly id: number;
  readonly identifier: string;
  readonly bracket: string;
  readonly round: number;
  readonly player1_id: number;
  readonly player2_id: number;
  /** Its group in a group stage; null in the final stage. */
  readonly group_id: number | null;
}

/** The winner's seat (1 or 2) and the sets from the winner's side ("11-7,8-11,11-9"). */
export type Pick = (m: OpenMatch, seed: (id: number) => number) => { seat: 1 | 2; sets: string };

/** The better seed wins, in three sets, or two when the seeds are far apart. */
export const betterSeed: Pick = (m, seed) => {
  const [a, b] = [seed(m.player1_id), seed(m.player2_id)];
  return { seat: a < b ? 1 : 2, sets: Math.abs(a - b) > 3 ? "11-4,11-6" : "11-7,8-11,11-9" };
};

function fromPlayer1(sets: string, seat: 1 | 2): string {
  if (seat === 1) return sets;
  return sets
    .split(",")
    .map((s) => s.split("-").reverse().join("-"))
    .join(",");
}

/** Reports every match open now (one pass); returns them. */
export async function reportOpen(sb: Sandbox, s: Setup, pick: Pick): Promise<OpenMatch[]> {
  const seeds = new Map([...s.ids.values()].map((id, i) => [id, i + 1]));
  const seed = (id: number) => seeds.get(id) ?? 99;
  const open: OpenMatch[] = await matchesJson(sb, s.t, "open");
  for (const m of open) {
    const { seat, sets } = pick(m, seed);
    const winner = seat === 1 ? m.player1_id : m.player2_id;
    ok(
      await sb.run([
        "match",
        "report",
        s.t,
        String(m.id),
        "--winner",
        String(winner),
        "--scores",
        fromPlayer1(sets, seat),
      ]),
    );
  }
  return open;
}

export async function playAll(sb: Sandbox, s: Setup, pick: Pick): Promise<void> {
  while ((await reportOpen(sb, s, pick)).length > 0);
}

/** 8 players, single elimination with a third-place match, started. */
export async function singleEliminationEight(sb: Sandbox): Promise<Setup> {
  const s = await createWith(
    sb,
    ["--name", "Spring Cup", "--type", "single elimination", "--third-place"],
    EIGHT,
  );
  ok(await sb.run(["tournament", "start", s.t]));
  return s;
}

/** Seed 4 upsets seed 1 in the semifinal; otherwise the better seed wins. */
export const springCupResults: Pick = (m, seed) => {
  const seeds = [seed(m.player1_id), seed(m.player2_id)];
  if (seeds.includes(1) && seeds.includes(4) && m.bracket === "winners")
    return { seat: seeds[0] === 4 ? 1 : 2, sets: "9-11,11-8,12-10" };
  return betterSeed(m, seed);
};

/** 8 players, double elimination (grand final with a reset), started. */
export async function doubleEliminationEight(sb: Sandbox): Promise<Setup> {
  const s = await createWith(sb, ["--name", "Autumn Open", "--type", "double elimination"], EIGHT);
  ok(await sb.run(["tournament", "start", s.t]));
  return s;
}

/** The losers-bracket finalist wins the grand final and its reset. */
export const resetResults: Pick = (m, seed) =>
  m.bracket === "grand_final" ? { seat: 2, sets: "11-9,11-9" } : betterSeed(m, seed);

/** `tournament create` flags: round robin groups of 4, two advancing from each to a single elimination. */
export const GROUPS_OF_FOUR: readonly string[] = [
  "--type",
  "single elimination",
  "--group-stage",
  "--stage-type",
  "round robin",
  "--group-size",
  "4",
  "--advance-per-group",
  "2",
];

/** 16 players in 4 round robin groups of 4 (two advance), then single elimination; group stage started. */
export async function fourGroups(sb: Sandbox): Promise<Setup> {
  const s = await createWith(sb, ["--name", "Club League", ...GROUPS_OF_FOUR], SIXTEEN);
  ok(await sb.run(["tournament", "start-group-stage", s.t]));
  return s;
}
