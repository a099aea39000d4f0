/**
 * `--json FIELDS` on the match verbs that write (report, reopen, mark-underway,
 * unmark-underway) is checked against the match's own record before the write, as `match
 * view` checks it against the record it prints: `participant_ids` is a field of a
 * free-for-all match only, so on a one-on-one match it is refused (exit 2, nothing
 * changed). Before, the write was made, then printing failed (exit 8, "do not run the
 * command again").
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("a one-on-one match", () => {
  it("refuses --json participant_ids before writing, as match view does", async () => {
    const { t } = await createWith(sb, ["--name", "Cup"], ["Ada", "Bob", "Cy", "Dee"]);
    ok(await sb.run(["tournament", "start", t]));
    ok(await sb.run(["match", "report", t, "B", "--winner", "Bob", "--scores", "2-0"]));
    const view = await sb.run(["match", "view", t, "A", "--json", "participant_ids"]);
    expect(view.code).toBe(2);
    const before = await viewMatch(sb, t, "B");
    const underway = ["match", "mark-underway", t, "A"];
    for (const args of [
      ["match", "report", t, "A", "--winner", "Ada"],
      ["match", "report", t, "A", "--scores", "1-0"],
      underway,
      ["match", "reopen", t, "B"],
    ]) {
      const r = await sb.run([...args, "--json", "id,participant_ids"]);
      expect(r.stderr, args.join(" ")).toContain('unknown JSON field "participant_ids"');
      expect(r.stderr, args.join(" ")).not.toContain("the change was made");
      expect(r.code, args.join(" ")).toBe(2);
    }
    ok(await sb.run(underway));
    const r = await sb.run(["match", "unmark-underway", t, "A", "--json", "participant_ids"]);
    expect(r.code).toBe(2);
    const after = [await viewMatch(sb, t, "A"), await viewMatch(sb, t, "B")];
    expect(after[0]).toMatchObject({ state: "open", winner_id: null, score_in_sets: [] });
    expect(after[0].underway_at).not.toBeNull();
    expect(after[1]).toEqual(before);
    // The fields a one-on-one match has still print.
    const done = ok(
      await sb.run(["match", "report", t, "A", "--winner", "Ada", "--json", "state"]),
    );
    expect(done.json()).toEqual({ state: "complete" });
  });
});

describe("a free-for-all match", () => {
  it("prints participant_ids from every writing verb", async () => {
    const flags = ["--name", "Pile", "--type", "free for all"];
    const { t, ids } = await createWith(sb, flags, ["Ada", "Bob", "Cy"]);
    ok(await sb.run(["tournament", "start", t]));
    const [match] = ok(await sb.run(["match", "list", t, "--json"])).json();
    const all = [...ids.values()].sort((a, b) => a - b);
    const players = (r: { json(): any }) => [...r.json().participant_ids].sort((a, b) => a - b);
    const field = ["--json", "participant_ids"];
    const m = String(match.id);
    expect(players(ok(await sb.run(["match", "mark-underway", t, m, ...field])))).toEqual(all);
    expect(players(ok(await sb.run(["match", "unmark-underway", t, m, ...field])))).toEqual(all);
    const ranks = ["--ranks", "Ada=1,Bob=2,Cy=3"];
    expect(players(ok(await sb.run(["match", "report", t, m, ...ranks, ...field])))).toEqual(all);
    expect(players(ok(await sb.run(["match", "reopen", t, m, ...field])))).toEqual(all);
  });
});
