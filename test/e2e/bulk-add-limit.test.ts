/**
 * Issue 24, item 12, as an organiser meets it with the built CLI on a remote
 * profile (the built `serve` on loopback): a roster past the participant limit
 * went in 20-name requests for 46 s before serve refused one, and every name was
 * then deleted again, one request each. Now it is refused before a name is sent
 * (exit 5, the limit named, "nothing was sent"), and a refusal after names had
 * gone in says they were removed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PARTICIPANTS, MAX_SWISS_PARTICIPANTS } from "../../src/model/limits.js";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}\n`).join("");

describe.runIf(BUILT)("a remote bulk add past the participant limit", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("bulk-limit");
  });
  afterAll(() => sb.close());

  const count = async (t: string) =>
    JSON.parse((await runBinary(["tournament", "view", t, "--json"], sb.remote)).stdout)
      .participants_count;

  async function tournament(url: string, type: string) {
    const r = await runBinary(
      ["tournament", "create", "--name", url, "--url", url, "--type", type],
      sb.remote,
    );
    expect(r.code, r.stderr).toBe(0);
  }

  it("is refused before a name is sent: 65,537 names for a single elimination", async () => {
    await tournament("huge", "single elimination");
    const r = await runBinary(
      ["participants", "bulk-add", "huge"],
      sb.remote,
      names(MAX_PARTICIPANTS + 1),
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      "error: a single elimination takes at most 65,536 participants: the tournament has 0 participants and cannot take 65,537 more; nothing was sent\n",
    );
    expect(await count("huge")).toBe(0);
  });

  it("counts those already in: a swiss of 40 takes no 8,192 more", async () => {
    await tournament("swiss8k", "swiss");
    const some = await runBinary(["participants", "bulk-add", "swiss8k"], sb.remote, names(40));
    expect(some.code, some.stderr).toBe(0);
    const r = await runBinary(
      ["participants", "bulk-add", "swiss8k"],
      sb.remote,
      names(MAX_SWISS_PARTICIPANTS).replace(/P(\d+)/g, "Q$1"),
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(
      "a swiss takes at most 8,192 participants: the tournament has 40 participants and cannot take 8,192 more; nothing was sent",
    );
    expect(await count("swiss8k")).toBe(40);
  });

  it("says the names it had added were removed when a later request is refused", async () => {
    await tournament("cup", "single elimination");
    expect((await runBinary(["participants", "bulk-add", "cup", "P45"], sb.remote)).code).toBe(0);
    const r = await runBinary(
      ["participants", "bulk-add", "cup", "--no-skip-present"],
      sb.remote,
      names(50),
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: line 45: name "P45" is already taken in this tournament\n' +
        "error: the 40 participant(s) this bulk add had added before the refusal were removed again: the roster is not half added\n",
    );
    expect(await count("cup")).toBe(1);
  });
});
