/**
 * The tournaments the viewer's browser tests open: one of each format the
 * engine plays, set up and partly or wholly played through the CLI
 * (in-process, on the sandbox's database file, which `serve` then serves).
 */

import {
  betterSeed,
  doubleEliminationEight,
  EIGHT,
  fourGroups,
  playAll,
  reportOpen,
  resetResults,
  SIXTEEN,
  singleEliminationEight,
  springCupResults,
} from "../helpers/bracket-fixtures.js";
import type { Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok, type Setup } from "../helpers/cli-tournament.js";

export type Format =
  | "single-elimination"
  | "double-elimination"
  | "round-robin"
  | "swiss"
  | "groups"
  | "free-for-all";

export const FORMATS: readonly Format[] = [
  "single-elimination",
  "double-elimination",
  "round-robin",
  "swiss",
  "groups",
  "free-for-all",
];

/** A station on the first open match, and that match marked underway: both show. */
async function stationAndUnderway(sb: Sandbox, s: Setup): Promise<void> {
  const open = await matchesJson(sb, s.t, "open");
  if (open.length === 0) return;
  ok(await sb.run(["station", "create", s.t, "Table 1"]));
  ok(await sb.run(["station", "assign", s.t, "Table 1", String(open[0].id)]));
  ok(await sb.run(["match", "mark-underway", s.t, String(open[0].id)]));
}

async function roundRobin(sb: Sandbox): Promise<Setup> {
  const s = await createWith(
    sb,
    ["--name", "Club Night", "--type", "round robin"],
    EIGHT.slice(0, 6),
  );
  ok(await sb.run(["tournament", "start", s.t]));
  // Round 1 played, the later rounds open (a round robin opens every match at once).
  const first = (await matchesJson(sb, s.t, "open")).filter((m) => m.round === 1);
  for (const m of first) {
    const args = ["--winner", String(m.player1_id), "--scores", "11-7,11-9"];
    ok(await sb.run(["match", "report", s.t, String(m.id), ...args]));
  }
  return s;
}

async function swiss(sb: Sandbox): Promise<Setup> {
  const s = await createWith(sb, ["--name", "Swiss Open", "--type", "swiss"], EIGHT);
  ok(await sb.run(["tournament", "start", s.t]));
  await reportOpen(sb, s, betterSeed);
  await reportOpen(sb, s, betterSeed);
  return s;
}

async function groups(sb: Sandbox): Promise<Setup> {
  const s = await fourGroups(sb);
  await playAll(sb, s, betterSeed);
  ok(await sb.run(["tournament", "finalize-group-stage", s.t]));
  ok(await sb.run(["tournament", "start", s.t]));
  await reportOpen(sb, s, betterSeed);
  return s;
}

async function freeForAll(sb: Sandbox): Promise<Setup> {
  const s = await createWith(sb, ["--name", "Kart Heat", "--type", "free for all"], EIGHT);
  ok(await sb.run(["tournament", "start", s.t]));
  const [first] = await matchesJson(sb, s.t, "open");
  const ids: number[] = first.participant_ids;
  const ranks = ids.map((id, i) => `${id}=${i + 1}`).join(",");
  const advancing = ids.slice(0, Math.ceil(ids.length / 2)).join(",");
  ok(
    await sb.run([
      "match",
      "report",
      s.t,
      String(first.id),
      "--ranks",
      ranks,
      "--advancing",
      advancing,
    ]),
  );
  return s;
}

/** Each format, set up; the double elimination is the 8-player fixture played to the end. */
export async function setUpFormats(sb: Sandbox): Promise<Record<Format, Setup>> {
  const se = await singleEliminationEight(sb);
  await playAll(sb, se, springCupResults);
  const de = await doubleEliminationEight(sb);
  await playAll(sb, de, resetResults);
  const rr = await roundRobin(sb);
  await stationAndUnderway(sb, rr);
  const sw = await swiss(sb);
  const gr = await groups(sb);
  const ffa = await freeForAll(sb);
  return {
    "single-elimination": se,
    "double-elimination": de,
    "round-robin": rr,
    swiss: sw,
    groups: gr,
    "free-for-all": ffa,
  };
}

/** A started double elimination of `players` players ("P0001", ...). */
export async function largeDoubleElimination(sb: Sandbox, players: number): Promise<Setup> {
  const names = Array.from({ length: players }, (_, i) => `P${String(i + 1).padStart(4, "0")}`);
  const s = await createWith(
    sb,
    ["--name", `Big ${players}`, "--type", "double elimination"],
    names,
  );
  ok(await sb.run(["tournament", "start", s.t]));
  return s;
}

export { EIGHT, SIXTEEN };
