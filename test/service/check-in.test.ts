import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers, matches } from "../helpers/play.js";
import { participantsBody, startService } from "../helpers/service.js";

/** A clock the test moves by hand. */
function handClock(start: string) {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advanceMinutes(minutes: number) {
      t += minutes * 60_000;
    },
  };
}

const START = "2026-06-01T12:00:00.000Z";

async function setUp(minutesBeforeStart: number, count = 4) {
  const clock = handClock(new Date(Date.parse(START) - minutesBeforeStart * 60_000).toISOString());
  const s = await startService({ now: clock.now });
  const { id, idOfSeed } = await createWithPlayers(
    s,
    {
      tournament_type: "single elimination",
      starts_at: START,
      registration_options: { check_in_duration: 60 },
    },
    count,
  );
  return { s, clock, id, idOfSeed };
}

const state = async (s: Awaited<ReturnType<typeof startService>>, id: string) =>
  (await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state;

describe("check-in", () => {
  it("opens check_in_duration minutes before starts_at; process_checkin sets aside who did not check in", async () => {
    const { s, clock, id, idOfSeed } = await setUp(90);
    expect(await state(s, id)).toBe("pending");
    const early = await s.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/${idOfSeed.get(1)}/check_in`,
    );
    expect(early.status).toBe(422);
    expect(early.json.errors[0].detail).toMatch(
      /check-in is not open: it runs from 2026-06-01T11:00/,
    );

    clock.advanceMinutes(45);
    expect(await state(s, id)).toBe("checking_in");
    for (const seed of [1, 2, 4]) {
      const r = await s.request(
        "POST",
        `/v2.1/tournaments/${id}/participants/${idOfSeed.get(seed)}/check_in`,
      );
      expect(r.status, r.body).toBe(200);
      expect(r.json.data.attributes.states.checked_in).toBe(true);
    }
    const undo = await s.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/${idOfSeed.get(4)}/undo_check_in`,
    );
    expect(undo.json.data.attributes.states.checked_in).toBe(false);

    const started = await changeState(s, id, "start");
    expect(started.status).toBe(422);
    expect(started.json.errors[0].detail).toMatch(/process or abort the check-in first/);

    const processed = await changeState(s, id, "process_checkin");
    expect(processed.status, processed.body).toBe(200);
    expect(processed.json.data.attributes.state).toBe("checked_in");
    const list = (await s.request("GET", `/v2.1/tournaments/${id}/participants`)).json.data;
    expect(list.map((p: any) => [p.attributes.seed, p.attributes.states.active])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect((await changeState(s, id, "start")).json.data.attributes.state).toBe("underway");
    const open = await matches(s, id, "open");
    expect(open).toHaveLength(1);
    expect(new Set([open[0]!.player1_id, open[0]!.player2_id])).toEqual(
      new Set([idOfSeed.get(1), idOfSeed.get(2)]),
    );
  });

  it("abort_checkin returns to pending with every check-in undone", async () => {
    const { s, id, idOfSeed } = await setUp(30);
    expect(await state(s, id)).toBe("checking_in");
    await s.request("POST", `/v2.1/tournaments/${id}/participants/${idOfSeed.get(1)}/check_in`);
    const r = await changeState(s, id, "abort_checkin");
    expect(r.status, r.body).toBe(200);
    expect(r.json.data.attributes.state).toBe("pending");
    const list = (await s.request("GET", `/v2.1/tournaments/${id}/participants`)).json.data;
    expect(list.every((p: any) => p.attributes.states.checked_in === false)).toBe(true);
  });

  it("reset while the check-in window is open answers checking_in, the state stored and seen next", async () => {
    const { s, id, idOfSeed } = await setUp(30);
    for (const seed of [1, 2])
      await s.request(
        "POST",
        `/v2.1/tournaments/${id}/participants/${idOfSeed.get(seed)}/check_in`,
      );
    expect((await changeState(s, id, "process_checkin")).status).toBe(200);
    expect((await changeState(s, id, "start")).json.data.attributes.state).toBe("underway");
    const reset = await changeState(s, id, "reset");
    expect(reset.status, reset.body).toBe(200);
    expect(reset.json.data.attributes.state).toBe("checking_in");
    expect(await state(s, id)).toBe("checking_in");
    expect(await matches(s, id)).toEqual([]);
  });

  it("process_checkin after a reset lets whoever checked in play, set aside before or not", async () => {
    const { s, id, idOfSeed } = await setUp(30);
    const checkIn = (seed: number) =>
      s.request("POST", `/v2.1/tournaments/${id}/participants/${idOfSeed.get(seed)}/check_in`);
    const active = async () =>
      (await s.request("GET", `/v2.1/tournaments/${id}/participants`)).json.data.map((p: any) => [
        p.attributes.seed,
        p.attributes.states.active,
        p.attributes.states.checked_in,
      ]);
    for (const seed of [1, 2]) expect((await checkIn(seed)).status).toBe(200);
    expect((await changeState(s, id, "process_checkin")).status).toBe(200);
    expect((await changeState(s, id, "start")).status).toBe(200);
    expect((await changeState(s, id, "reset")).json.data.attributes.state).toBe("checking_in");
    // Back to before the processing: everyone active, check-ins kept.
    expect(await active()).toEqual([
      [1, true, true],
      [2, true, true],
      [3, true, false],
      [4, true, false],
    ]);
    expect((await checkIn(3)).json.data.attributes.states).toEqual({
      active: true,
      checked_in: true,
    });
    expect((await changeState(s, id, "process_checkin")).status).toBe(200);
    expect(await active()).toEqual([
      [1, true, true],
      [2, true, true],
      [3, true, true],
      [4, false, false],
    ]);
    expect((await changeState(s, id, "start")).status).toBe(200);
    const players = (await matches(s, id)).flatMap((m) => [m.player1_id, m.player2_id]);
    expect(new Set(players.filter((p) => p !== null))).toEqual(
      new Set([1, 2, 3].map((seed) => idOfSeed.get(seed))),
    );
  });

  it("reset before the check-in window opens answers pending", async () => {
    const { s, clock, id } = await setUp(120);
    expect((await changeState(s, id, "start")).status).toBe(200);
    const reset = await changeState(s, id, "reset");
    expect(reset.json.data.attributes.state).toBe("pending");
    expect(await state(s, id)).toBe("pending");
    clock.advanceMinutes(61);
    expect(await state(s, id)).toBe("checking_in");
  });

  it("process_checkin outside check-in is refused", async () => {
    const { s, id } = await setUp(120);
    const r = await changeState(s, id, "process_checkin");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/check-in must be open/);
    expect(await state(s, id)).toBe("pending");
  });

  it("a tournament without check-in refuses a check-in and says what to set", async () => {
    const s = await startService();
    const { id, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "single elimination" },
      2,
    );
    const r = await s.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/${idOfSeed.get(1)}/check_in`,
    );
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/check_in_duration and starts_at/);
  });
});

describe("registration", () => {
  const openSignup = (cap?: number) => ({
    tournament_type: "single elimination",
    registration_options: { open_signup: true, ...(cap === undefined ? {} : { signup_cap: cap }) },
  });

  it("register me adds the asking user once; unregister removes them", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, openSignup(), 0);
    const r = await s.request("POST", `/v2.1/tournaments/${id}/participants/register`);
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.attributes.username).toBe("owner");
    const again = await s.request("POST", `/v2.1/tournaments/${id}/participants/register`);
    expect(again.status).toBe(422);
    expect(again.json.errors[0].detail).toMatch(/already registered/);
    const out = await s.request("DELETE", `/v2.1/tournaments/${id}/participants/register`);
    expect(out.status).toBe(204);
    expect((await s.request("GET", `/v2.1/tournaments/${id}/participants`)).json.data).toEqual([]);
    const twice = await s.request("DELETE", `/v2.1/tournaments/${id}/participants/register`);
    expect(twice.status).toBe(422);
  });

  it("refuses a sign-up past signup_cap and one on a closed tournament", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, openSignup(2), 2);
    const full = await s.request("POST", `/v2.1/tournaments/${id}/participants/register`);
    expect(full.status).toBe(422);
    expect(full.json.errors[0].detail).toMatch(/signup_cap is 2/);
    const more = await s.request(
      "POST",
      `/v2.1/tournaments/${id}/participants/bulk_add`,
      participantsBody(["X"]),
    );
    expect(more.status).toBe(422);
    expect((await s.request("GET", `/v2.1/tournaments/${id}/participants`)).json.data).toHaveLength(
      2,
    );
    const closed = await createWithPlayers(s, { tournament_type: "single elimination" }, 0);
    const r = await s.request("POST", `/v2.1/tournaments/${closed.id}/participants/register`);
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/open_signup is false/);
  });
});

describe("predictions", () => {
  it("open_predictions moves pending to accepting_predictions, from which start works", async () => {
    const s = await startService();
    const { id } = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    const r = await changeState(s, id, "open_predictions");
    expect(r.json.data.attributes.state).toBe("accepting_predictions");
    const again = await changeState(s, id, "open_predictions");
    expect(again.status).toBe(422);
    expect(again.json.errors[0].detail).toMatch(/accepting_predictions/);
    expect((await changeState(s, id, "start")).json.data.attributes.state).toBe("underway");
  });
});

describe("check-in in lists", () => {
  it("listing tournaments opens every due check-in", async () => {
    const { s, clock, id } = await setUp(90);
    const list = async () =>
      (await s.request("GET", "/v2.1/tournaments?state=checking_in")).json.data.map(
        (t: any) => t.id,
      );
    expect(await list()).toEqual([]);
    clock.advanceMinutes(31);
    expect(await list()).toEqual([id]);
  });
});
