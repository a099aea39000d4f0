/**
 * `participants list` of a finished two-stage tournament (an outside review): final_rank is
 * the final stage's alone (DESIGN.md: "final_rank only for final-stage participants"), and
 * the players who did not leave the group stage had a blank FINAL RANK, half the field with
 * no word why. The table now says "out in group N" for them once the ranks are fixed; piped
 * rows and --json keep the service's value.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { betterSeed, EIGHT, GROUPS_OF_FOUR, playAll } from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("says 'out in group N' where the final stage gave no rank, once the ranks are fixed", async () => {
  const s = await createWith(sb, ["--name", "Cup", "--url", "cup", ...GROUPS_OF_FOUR], EIGHT);
  ok(await sb.run(["tournament", "start-group-stage", "cup"]));
  await playAll(sb, s, betterSeed);
  ok(await sb.run(["tournament", "finalize-group-stage", "cup"]));
  ok(await sb.run(["tournament", "start", "cup"]));
  // Before the end nobody has a rank: the cells stay blank.
  const during = ok(await sb.run(["participants", "list", "cup"], { tty: true })).stdout;
  expect(during).not.toContain("out in group");
  await playAll(sb, s, betterSeed);
  ok(await sb.run(["tournament", "finalize", "cup"]));

  const records = ok(await sb.run(["participants", "list", "cup", "--json"])).json();
  const out = records.filter((p: any) => p.final_rank === null);
  expect(out).toHaveLength(4);
  const table = ok(await sb.run(["participants", "list", "cup"], { tty: true })).stdout;
  for (const p of records) {
    const row = table.split("\n").find((l) => new RegExp(`\\b${p.name}\\b`).test(l));
    const said = p.final_rank === null ? `out in group ${p.group_id}` : String(p.final_rank);
    expect(row, p.name).toContain(said);
  }
  // Piped rows keep the service's value: no rank, an empty cell.
  const piped = ok(await sb.run(["participants", "list", "cup"])).stdout;
  expect(piped).not.toContain("out in group");
  expect(records.filter((p: any) => p.final_rank !== null)).toHaveLength(4);
});

it("participants view says 'out in group N' as the list does, once the tournament is complete", async () => {
  const s = await createWith(sb, ["--name", "Cup", "--url", "cup", ...GROUPS_OF_FOUR], EIGHT);
  ok(await sb.run(["tournament", "start-group-stage", "cup"]));
  await playAll(sb, s, betterSeed);
  ok(await sb.run(["tournament", "finalize-group-stage", "cup"]));
  ok(await sb.run(["tournament", "start", "cup"]));
  const records = ok(await sb.run(["participants", "list", "cup", "--json"])).json();
  const rankRow = (text: string) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
    (text.split("\n").find((l) => /final rank/.test(l)) ?? "").replace(/\x1b\[[\d;]*m/g, "");
  // Eliminated in the groups (the final stage's bracket holds 4 of the 8).
  const finalists = new Set(
    ok(await sb.run(["match", "list", "cup", "--group", "final", "--json"]))
      .json()
      .flatMap((m: any) => [m.player1_id, m.player2_id]),
  );
  const out = records.find((p: any) => !finalists.has(p.id) && !finalists.has(Number(p.id)));
  expect(out).toBeDefined();
  const during = ok(await sb.run(["participants", "view", "cup", out.name], { tty: true }));
  expect(rankRow(during.stdout)).not.toContain("out in group");
  await playAll(sb, s, betterSeed);
  ok(await sb.run(["tournament", "finalize", "cup"]));

  const view = ok(await sb.run(["participants", "view", "cup", out.name], { tty: true }));
  expect(rankRow(view.stdout)).toContain(`out in group ${out.group_id}`);
  const winner = records.find((p: any) => p.seed === 1);
  const top = ok(await sb.run(["participants", "view", "cup", winner.name], { tty: true }));
  expect(rankRow(top.stdout)).toMatch(/final rank\W+1\b/);
  // Piped and --json keep the service's value.
  const piped = ok(await sb.run(["participants", "view", "cup", out.name])).stdout;
  expect(piped).toContain("final rank\t-\n");
  const json = ok(await sb.run(["participants", "view", "cup", out.name, "--json"])).json();
  expect(json.final_rank).toBeNull();
});
