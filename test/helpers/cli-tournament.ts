/** Setting up and playing tournaments (and races) through the CLI itself (for test/cli). */
import { expect } from "vitest";
import type { CliResult, Sandbox } from "./cli.js";

/** Expects exit code 0, showing stderr when not. */
export function ok(result: CliResult): CliResult {
  expect(result.code, result.stderr).toBe(0);
  return result;
}

export interface Setup {
  /** The tournament's id, as a string for command lines. */
  readonly t: string;
  /** Participant ids by name. */
  readonly ids: ReadonlyMap<string, number>;
}

/** `tournament create <flags> --json`, then `participants bulk-add` of `names` (seeded in order). */
export async function createWith(
  sb: Sandbox,
  flags: readonly string[],
  names: readonly string[],
): Promise<Setup> {
  const created = ok(await sb.run(["tournament", "create", ...flags, "--json"])).json();
  const t = String(created.id);
  const added = ok(await sb.run(["participants", "bulk-add", t, ...names, "--json"])).json();
  return {
    t,
    ids: new Map(added.map((p: { id: number; name: string }) => [p.name, p.id])),
  };
}

export async function matchesJson(sb: Sandbox, t: string, state = "all"): Promise<any[]> {
  return ok(await sb.run(["match", "list", t, "--state", state, "--json"])).json();
}

export async function viewMatch(sb: Sandbox, t: string, match: string): Promise<any> {
  return ok(await sb.run(["match", "view", t, match, "--json"])).json();
}

export async function tournamentState(sb: Sandbox, t: string): Promise<string> {
  return ok(await sb.run(["tournament", "view", t, "--json"])).json().state;
}

/**
 * Reports every open match through `match report` until none is open: `pick`
 * names the winner's id; scores 2-0 for the winner, written from player 1's side.
 * Returns how many matches were reported.
 */
export async function playOut(
  sb: Sandbox,
  t: string,
  pick: (m: { player1_id: number; player2_id: number }) => number,
): Promise<number> {
  let reported = 0;
  for (let open = await matchesJson(sb, t, "open"); open.length > 0; ) {
    for (const m of open) {
      const winner = pick(m);
      const scores = winner === m.player1_id ? "2-0" : "0-2";
      ok(
        await sb.run([
          "match",
          "report",
          t,
          String(m.id),
          "--winner",
          String(winner),
          "--scores",
          scores,
        ]),
      );
      reported++;
    }
    open = await matchesJson(sb, t, "open");
  }
  return reported;
}

/**
 * `race create --type "grand prix" --rounds <rounds> <flags> --json` (flags: its
 * name, by default Spring GP), then `race participants bulk-add` of `racers`
 * (seeded in order): the race's id, as a string for command lines, and the racers as added.
 */
export async function createGrandPrix(
  sb: Sandbox,
  rounds: number,
  racers: readonly string[],
  flags: readonly string[] = ["--name", "Spring GP"],
): Promise<{ race: string; added: { id: number; name: string }[] }> {
  const create = ["race", "create", "--type", "grand prix", "--rounds", String(rounds), ...flags];
  const race = String(ok(await sb.run([...create, "--json"])).json().id);
  const added = ok(await sb.run(["race", "participants", "bulk-add", race, ...racers, "--json"]));
  return { race, added: added.json() };
}
