/**
 * A bulk add on the embedded backend goes in requests of 1,000 inside one
 * transaction. Past the signup cap or the participant limit the service refused
 * the request that crossed it, counting the names of the earlier requests, which
 * the refusal then rolled back: "the tournament has 1000 participants" while none
 * were stored. Now the roster is checked first, inside the transaction, against
 * what is stored: the count is the stored one and the message says nothing was sent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_PARTICIPANTS } from "../../src/model/limits.js";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

const names = (n: number, prefix = "P") =>
  Array.from({ length: n }, (_, i) => `${prefix}${i + 1}\n`).join("");

describe.runIf(BUILT)("an embedded bulk add over the cap counts what is stored", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-bulk-cap-"));
  const env = binaryEnv(home);
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  const count = async (t: string) =>
    JSON.parse((await runBinary(["tournament", "view", t, "--json"], env)).stdout)
      .participants_count;

  it("signup_cap 1200: 1,500 names are refused as 0 stored, nothing added; 1,200 then fit", async () => {
    const made = await runBinary(
      ["tournament", "create", "--name", "S", "--url", "s", "--signup-cap", "1200"],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    const r = await runBinary(["participants", "bulk-add", "s"], env, names(1500));
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      "error: signup_cap is 1,200: the tournament has 0 participants and cannot take 1,500 more; nothing was sent\n",
    );
    expect(await count("s")).toBe(0);
    const some = await runBinary(["participants", "bulk-add", "s"], env, names(300, "Q"));
    expect(some.code, some.stderr).toBe(0);
    const again = await runBinary(["participants", "bulk-add", "s"], env, names(1000));
    expect(again.code).toBe(5);
    // one request: the service's own words, the stored count
    expect(again.stderr).toBe(
      "error: signup_cap is 1,200: the tournament has 300 participants and cannot take 1,000 more; nothing was added (/data/attributes/participants)\n",
    );
    const fits = await runBinary(["participants", "bulk-add", "s"], env, names(900));
    expect(fits.code, fits.stderr).toBe(0);
    expect(await count("s")).toBe(1200);
  });

  it("65,537 names for a single elimination: the tournament has 0, not 65,000", async () => {
    const made = await runBinary(["tournament", "create", "--name", "Big", "--url", "big"], env);
    expect(made.code, made.stderr).toBe(0);
    const r = await runBinary(
      ["participants", "bulk-add", "big"],
      env,
      names(MAX_PARTICIPANTS + 1),
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      "error: a single elimination takes at most 65,536 participants: the tournament has 0 participants and cannot take 65,537 more; nothing was sent\n",
    );
    expect(await count("big")).toBe(0);
  });
});
