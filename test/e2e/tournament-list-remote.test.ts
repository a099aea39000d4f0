/**
 * `tournament list` filters on a remote profile against the built binary's `tourney serve`
 * on loopback: what the remote backend now sends for the published interface (a finer state
 * as its group, kept by the records' state; dates as mm/dd/yyyy) still lists exactly what the
 * embedded backend lists from the same tournaments (serve takes both forms). And `match list`,
 * which asks for stations only where the matches carry a station_id, still shows serve's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.runIf(BUILT)("tournament list filters through serve", () => {
  let sb: ServedSandbox;
  const run = async (...args: string[]) => {
    const r = await runBinary(args, sb.remote);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  const names = async (...flags: string[]) =>
    JSON.parse(await run("tournament", "list", "--json", "name", ...flags)).map(
      (t: { name: string }) => t.name,
    );

  beforeAll(async () => {
    sb = await servedSandbox("list-filters");
    await run("tournament", "create", "--name", "Waiting");
    await run("tournament", "create", "--name", "Playing");
    await run("participants", "bulk-add", "playing", "Ada", "Bob", "Cy", "Di");
    await run("tournament", "start", "playing");
  }, 120_000);
  afterAll(async () => {
    await sb?.close();
  });

  it("--state underway, in_progress, pending, all", async () => {
    expect(await names("--state", "underway")).toEqual(["Playing"]);
    expect(await names("--state", "in_progress")).toEqual(["Playing"]);
    expect(await names("--state", "awaiting_review")).toEqual([]);
    expect(await names("--state", "pending")).toEqual(["Waiting"]);
    expect((await names("--state", "all")).sort()).toEqual(["Playing", "Waiting"]);
  });

  it("--created-after/--created-before as dates", async () => {
    const now = Date.now();
    expect((await names("--created-after", iso(now - DAY))).sort()).toEqual(["Playing", "Waiting"]);
    expect(await names("--created-after", iso(now + DAY))).toEqual([]);
    expect(await names("--created-before", iso(now - DAY))).toEqual([]);
  });

  it("match list through serve: a STATION column once the tournament has stations", async () => {
    const columns = async () =>
      (await run("match", "list", "playing", "--state", "open")).split("\n")[0]!.split("\t").length;
    expect(await columns()).toBe(10);
    await run("station", "create", "playing", "Table 1");
    expect(await columns()).toBe(11);
  });
});
