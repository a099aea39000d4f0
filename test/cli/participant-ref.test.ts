/**
 * Participants named like an id or a seed ("42", "#5"), through the CLI on the embedded
 * service (participant-ref.ts): `name:TEXT` reaches them; a bare `42` or `#5` that is both
 * someone's id or seed and someone else's name is refused as ambiguous (exit 2), naming
 * both; one that finds no such id or seed says who has that name (exit 3). Before, `view 42`
 * said "participant 42 not found", and `#5` silently gave seed 5.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { completeNames } from "../../src/cli/completion/complete.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createGrandPrix, createWith, ok, type Setup } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const view = (t: string, ref: string) => sb.run(["participants", "view", t, ref, "--json"]);

/**
 * P1..P41, then "#5" (id 42), "42" (id 43) and "99" (id 44): "42" is an id and a name,
 * "#5" a seed and a name, 99 only a name.
 */
async function collidingRoster(flags: readonly string[] = []): Promise<Setup> {
  const names = [...Array.from({ length: 41 }, (_, i) => `P${i + 1}`), "#5", "42", "99"];
  const setup = await createWith(
    sb,
    ["--name", "Cup", "--type", "single elimination", ...flags],
    names,
  );
  // The collisions the tests are about (a fresh database numbers participants from 1).
  expect([setup.ids.get("#5"), setup.ids.get("42"), setup.ids.get("99")]).toEqual([42, 43, 44]);
  return setup;
}

describe("participants named like an id or a seed", () => {
  it("name:TEXT, id:N and seed:N always mean the name, the id and the seed", async () => {
    const { t } = await collidingRoster();
    expect(ok(await view(t, "name:42")).json()).toMatchObject({ id: 43, name: "42" });
    expect(ok(await view(t, "name:#5")).json()).toMatchObject({ id: 42, name: "#5" });
    expect(ok(await view(t, "NAME:99")).json()).toMatchObject({ id: 44, name: "99" });
    expect(ok(await view(t, "id:42")).json()).toMatchObject({ id: 42, name: "#5" });
    expect(ok(await view(t, "seed:5")).json()).toMatchObject({ id: 5, name: "P5" });
    expect(ok(await view(t, "name:p7")).json()).toMatchObject({ id: 7 });
  });

  it("refuses a bare id or #seed that is also another participant's name (exit 2), naming both", async () => {
    const { t } = await collidingRoster();
    const id = await view(t, "42");
    expect(id.code).toBe(2);
    expect(id.stderr).toBe(
      `error: participant 42 is ambiguous in tournament ${t}: "#5" (seed 42) has id 42 and "42" (id 43) has that name; write id:42 for "#5" or name:42 for "42"\n`,
    );
    expect(id.stdout).toBe("");
    const seed = await view(t, "#5");
    expect(seed.code).toBe(2);
    expect(seed.stderr).toBe(
      `error: participant #5 is ambiguous in tournament ${t}: "P5" (id 5) has seed 5 and "#5" (id 42) has that name; write seed:5 for "P5" or name:#5 for "#5"\n`,
    );
    // A bare id or seed no one has for a name is taken as before.
    expect(ok(await view(t, "7")).json().name).toBe("P7");
    expect(ok(await view(t, "#7")).json().name).toBe("P7");
  });

  it("an id or seed that finds nobody says who has that name (exit 3)", async () => {
    const { t } = await collidingRoster();
    const r = await view(t, "99");
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `error: no participant with id 99 in tournament ${t}; a participant is named "99": write name:99\n`,
    );
    const plain = await view(t, "98");
    expect(plain.code).toBe(3);
    expect(plain.stderr).toBe(
      `error: no participant with id 98 in tournament ${t}; \`tourney participants list ${t}\` shows them\n`,
    );
    const prefixed = await view(t, "id:99");
    expect(prefixed.code).toBe(3);
    expect(prefixed.stderr).toContain(`no participant with id 99 in tournament ${t}`);
  });

  it("id: or seed: without a whole number is a mistake in the reference (exit 2)", async () => {
    const { t } = await collidingRoster();
    const bare = await view(t, "id:");
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe(
      'error: participant "id:": id: takes a whole number, like id:42; no participant is named so either (name:id: names one)\n',
    );
    const signed = await view(t, "seed:+2");
    expect(signed.code).toBe(2);
    expect(signed.stderr).toContain("seed: takes a whole number, like seed:3");
  });

  it("update and delete by name:, and refuse the ambiguous form before writing", async () => {
    const { t } = await collidingRoster();
    const refused = await sb.run(["participants", "update", t, "42", "--misc", "x"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("is ambiguous");
    expect(ok(await view(t, "id:42")).json().misc).toBeNull();
    expect(ok(await view(t, "id:43")).json().misc).toBeNull();

    const updated = ok(await sb.run(["participants", "update", t, "name:42", "--misc", "x"]));
    expect(updated.stdout).toContain("misc\tx");
    expect(ok(await view(t, "id:43")).json().misc).toBe("x");

    expect((await sb.run(["participants", "delete", t, "#5", "--yes"])).code).toBe(2);
    ok(await sb.run(["participants", "delete", t, "name:#5", "--yes"]));
    expect((await view(t, "id:42")).code).toBe(3);
    expect(ok(await view(t, "#5")).json().name).toBe("P5");
    // Id 42 is gone: the bare 42 now finds nobody by id, and says who is named "42".
    const gone = await view(t, "42");
    expect(gone.code).toBe(3);
    expect(gone.stderr).toContain('a participant is named "42": write name:42');
  });

  it("completion offers a name that reads as an id or a seed as name:NAME", async () => {
    const { t } = await createWith(sb, ["--name", "Cup"], ["Ada", "42", "#5", "seed:2"]);
    ok(await sb.run(["participants", "list", t]));
    const offered = completeNames(["participant", "--tournament", t], sb.env, join(sb.dir, "home"));
    expect(offered).toEqual(["Ada", "name:42", "name:#5", "name:seed:2"]);
    for (const ref of offered)
      expect(ok(await view(t, ref)).json().name).toBe(ref.replace(/^name:/, ""));
  });

  it("match report --winner and match list --participant: name:, and the ambiguity refused", async () => {
    const { t } = await collidingRoster();
    ok(await sb.run(["tournament", "start", t]));
    const listed = ok(
      await sb.run(["match", "list", t, "--participant", "name:42", "--json"]),
    ).json();
    expect(listed).toHaveLength(1);
    const match = listed[0];
    expect([match.player1_id, match.player2_id]).toContain(43);
    expect((await sb.run(["match", "list", t, "--participant", "42"])).code).toBe(2);

    // "42" plays this match; id 42 ("#5") does not: still refused, not read as either.
    const ambiguous = await sb.run(["match", "report", t, String(match.id), "--winner", "42"]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(`participant 42 is ambiguous in tournament ${t}`);
    const byIdentifier = await sb.run(["match", "report", t, match.identifier, "--winner", "42"]);
    expect(byIdentifier.code).toBe(2);
    expect(ok(await sb.run(["match", "view", t, String(match.id), "--json"])).json().state).toBe(
      "open",
    );

    ok(await sb.run(["match", "report", t, match.identifier, "--winner", "name:42"]));
    const after = ok(await sb.run(["match", "view", t, String(match.id), "--json"])).json();
    expect(after.winner_id).toBe(43);
  });
});

describe("race participants named like an id or a seed", () => {
  it("race update and times bulk-update: name:, the ambiguity and the hint", async () => {
    const { race } = await createGrandPrix(sb, 2, ["Ada", "1", "#1"]);
    ok(await sb.run(["race", "start", race]));
    const refused = await sb.run(["race", "update", race, "1", "--time", "1:00"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `error: participant 1 is ambiguous in race ${race}: "Ada" (seed 1) has id 1 and "1" (id 2) has that name; write id:1 for "Ada" or name:1 for "1"\n`,
    );
    ok(await sb.run(["race", "update", race, "name:1", "--time", "1:01"]));
    ok(await sb.run(["race", "update", race, "name:#1", "--time", "1:02"]));
    ok(await sb.run(["race", "update", race, "id:1", "--time", "1:03"]));
    const times = ok(await sb.run(["race", "times", "list", race, "--json"])).json();
    expect(
      times.map((x: { name: string; elapsedTime: number }) => [x.name, x.elapsedTime]),
    ).toEqual([
      ["1", 61_000],
      ["#1", 62_000],
      ["Ada", 63_000],
    ]);

    const bad = await sb.run(["race", "times", "bulk-update", race], {
      stdin: "#1,1:00\n7,1:00\nname:#1,1:05\n",
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      'line 1: participant #1 is ambiguous: "Ada" (id 1) has seed 1 and "#1" (id 3) has that name; write seed:1 for "Ada" or name:#1 for "#1"',
    );
    expect(bad.stderr).toContain('line 2: no participant "7" in the race');
    expect(bad.stderr).not.toContain("line 3");
  });
});
