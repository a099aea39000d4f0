import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok, tournamentState } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** starts_at five minutes ahead with a 30-minute check-in: the window is open now. */
function checkInFlags(extra: readonly string[] = []): string[] {
  const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
  return ["--starts-at", startsAt, "--check-in-duration", "30", ...extra];
}

async function checkedIn(t: string): Promise<Record<string, [boolean, boolean]>> {
  const list = ok(await sb.run(["participants", "list", t, "--json"])).json();
  return Object.fromEntries(list.map((p: any) => [p.name, [p.states.active, p.states.checked_in]]));
}

describe("check-in", () => {
  it("checks participants in by name, seed or id; process-checkin deactivates the others", async () => {
    const { t, ids } = await createWith(
      sb,
      ["--name", "Evening Cup", ...checkInFlags()],
      ["Ada", "Grace", "Linus", "Alan"],
    );
    expect(await tournamentState(sb, t)).toBe("checking_in");

    const ada = ok(await sb.run(["participants", "check-in", t, "Ada", "--json"])).json();
    expect(ada.states).toEqual({ active: true, checked_in: true });
    ok(await sb.run(["participants", "check-in", t, "#2"]));
    ok(await sb.run(["participants", "check-in", t, String(ids.get("Linus"))]));
    const undone = ok(await sb.run(["participants", "undo-check-in", t, "grace"]));
    expect(undone.stdout).toContain("checked in\tfalse\n");
    expect(await checkedIn(t)).toEqual({
      Ada: [true, true],
      Grace: [true, false],
      Linus: [true, true],
      Alan: [true, false],
    });

    const processed = ok(await sb.run(["tournament", "process-checkin", t, "--json"])).json();
    expect(processed.state).toBe("checked_in");
    expect(await checkedIn(t)).toEqual({
      Ada: [true, true],
      Grace: [false, false],
      Linus: [true, true],
      Alan: [false, false],
    });
    const late = await sb.run(["participants", "check-in", t, "Alan"]);
    expect(late.code).toBe(5);
    expect(late.stderr).toContain("check-in is not open");

    ok(await sb.run(["tournament", "start", t]));
    const matches = await matchesJson(sb, t);
    expect(matches.map((m) => [m.player1_id, m.player2_id].sort())).toEqual([
      [ids.get("Ada"), ids.get("Linus")].sort(),
    ]);
  });

  it("refuses check-in when the tournament has none (exit 5)", async () => {
    const { t } = await createWith(sb, ["--name", "No Window"], ["Ada", "Grace"]);
    const r = await sb.run(["participants", "check-in", t, "Ada"]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("has no check-in");
    const unknown = await sb.run(["participants", "check-in", t, "Nobody"]);
    expect(unknown.code).toBe(3);
  });

  it("abort-checkin answers pending with every check-in undone", async () => {
    const { t } = await createWith(sb, ["--name", "Aborted", ...checkInFlags()], ["Ada", "Grace"]);
    ok(await sb.run(["participants", "check-in", t, "Ada"]));
    const aborted = ok(await sb.run(["tournament", "abort-checkin", t, "--json"])).json();
    expect(aborted.state).toBe("pending");
    expect(await checkedIn(t)).toEqual({ Ada: [true, false], Grace: [true, false] });
  });

  // The window is still open after abort_checkin: the tournament must not
  // drift back to checking_in until starts_at or the duration changes.
  it("abort-checkin keeps the tournament pending afterwards, until the window is moved", async () => {
    const { t } = await createWith(sb, ["--name", "Aborted", ...checkInFlags()], ["Ada", "Grace"]);
    ok(await sb.run(["tournament", "abort-checkin", t]));
    expect(await tournamentState(sb, t)).toBe("pending");
    ok(await sb.run(["tournament", "update", t, "--name", "Aborted again"]));
    expect(await tournamentState(sb, t)).toBe("pending");
    ok(await sb.run(["tournament", "update", t, "--check-in-duration", "45"]));
    expect(await tournamentState(sb, t)).toBe("checking_in");
  });
});

describe("check-in after a reset", () => {
  // The reviewer's sequence: Cy and Dee, set aside by the first processing, stayed inactive
  // after the reset; Cy checked in again and was still left out of the bracket.
  it("brings back whoever the processing set aside, keeps check-ins, and lets a late check-in play", async () => {
    const { t, ids } = await createWith(
      sb,
      ["--name", "Club Night", ...checkInFlags()],
      ["Ada", "Bob", "Cy", "Dee"],
    );
    ok(await sb.run(["participants", "check-in", t, "Ada"]));
    ok(await sb.run(["participants", "check-in", t, "Bob"]));
    ok(await sb.run(["tournament", "process-checkin", t]));
    ok(await sb.run(["tournament", "start", t]));

    const reset = ok(await sb.run(["tournament", "reset", t, "--yes", "--json", "state"])).json();
    expect(reset).toEqual({ state: "checking_in" });
    expect(await checkedIn(t)).toEqual({
      Ada: [true, true],
      Bob: [true, true],
      Cy: [true, false],
      Dee: [true, false],
    });

    const cy = ok(await sb.run(["participants", "check-in", t, "Cy", "--json", "states"])).json();
    expect(cy).toEqual({ states: { active: true, checked_in: true } });
    ok(await sb.run(["tournament", "process-checkin", t]));
    expect(await checkedIn(t)).toEqual({
      Ada: [true, true],
      Bob: [true, true],
      Cy: [true, true],
      Dee: [false, false],
    });
    ok(await sb.run(["tournament", "start", t]));
    const players = (await matchesJson(sb, t)).flatMap((m) => [m.player1_id, m.player2_id]);
    expect(new Set(players.filter((p) => p !== null))).toEqual(
      new Set([ids.get("Ada"), ids.get("Bob"), ids.get("Cy")]),
    );
  });
});

describe("register me / unregister me", () => {
  it("registers the signed-in user on an open-signup tournament, up to signup_cap", async () => {
    const { t } = await createWith(
      sb,
      ["--name", "Open Cup", "--open-signup", "--signup-cap", "3"],
      ["Ada", "Grace"],
    );
    const me = ok(await sb.run(["participants", "register", t, "--json"])).json();
    expect(me).toMatchObject({ name: "owner", username: "owner", seed: 3 });
    const twice = await sb.run(["participants", "register", t]);
    expect(twice.code).toBe(5);
    expect(twice.stderr).toContain("owner is already registered");

    const unconfirmed = await sb.run(["participants", "unregister", t]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("--yes");
    const gone = ok(await sb.run(["participants", "unregister", t, "--yes", "--json"])).json();
    expect(gone).toEqual({ tournament: t, registered: false });
    const names = ok(await sb.run(["participants", "list", t, "--json"]))
      .json()
      .map((p: any) => p.name);
    expect(names).toEqual(["Ada", "Grace"]);

    ok(await sb.run(["participants", "add", t, "Linus"]));
    const full = await sb.run(["participants", "register", t, "--name", "Me"]);
    expect(full.code).toBe(5);
    expect(full.stderr).toContain("signup_cap is 3");
  });

  it("is refused without open signup (exit 5)", async () => {
    const { t } = await createWith(sb, ["--name", "Closed"], ["Ada"]);
    const r = await sb.run(["participants", "register", t]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("does not take sign-ups");
  });
});
