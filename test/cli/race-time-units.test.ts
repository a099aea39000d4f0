/**
 * Issue 26, item 13: `--time 59` was 59 milliseconds, silently. A number without a unit
 * is refused with the forms that say it (59s, 0:59.000, 59000ms); units are read
 * (s, ms, m, h); after a colon two digits are needed, so `1:2.3` is refused rather
 * than read as 1:02.300. A times file still reads whole numbers as milliseconds.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createGrandPrix, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const timeOf = async (race: string, who: string) =>
  ok(await sb.run(["race", "times", "list", race, "--json"]))
    .json()
    .find((t: { name: string }) => t.name === who).elapsedTime;

it("refuses a bare number with a hint, reads units, refuses 1:2.3", async () => {
  const { race } = await createGrandPrix(sb, 2, ["Ada", "Bob", "Cy", "Dee", "Eve"]);
  ok(await sb.run(["race", "start", race]));
  const bare = await sb.run(["race", "update", race, "Ada", "--time", "59"]);
  expect(bare.code).toBe(2);
  expect(bare.stderr).toBe(
    'error: --time: "59" has no unit: 59 seconds is 59s, 0:59.000 or 59000ms (59 milliseconds is 59ms)\n',
  );
  expect(await timeOf(race, "Ada")).toBeNull();
  const oneTwo = await sb.run(["race", "update", race, "Ada", "--time", "1:2.3"]);
  expect(oneTwo.code).toBe(2);
  expect(oneTwo.stderr).toContain("needs two digits of seconds after the minutes (1:02.3, say)");
  for (const [who, time, ms] of [
    ["Ada", "59s", 59_000],
    ["Bob", "59000ms", 59_000],
    ["Cy", "1m2.5s", 62_500],
    ["Dee", "1:02.3", 62_300],
  ] as const) {
    ok(await sb.run(["race", "update", race, who, "--time", time]));
    expect(await timeOf(race, who), time).toBe(ms);
  }
  ok(await sb.run(["race", "times", "bulk-update", race], { stdin: "Eve,61000\n" }));
  expect(await timeOf(race, "Eve")).toBe(61_000);
});
