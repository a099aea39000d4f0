/**
 * Check-in as a write's reply and a refusal tell it: a create or update whose check-in
 * window is already open answers checking_in, the state the next read shows (it answered
 * pending); after abort_checkin, a check-in and process_checkin say the check-in was aborted
 * and what opens it again (they said it "runs from" an opening long past).
 */
import { describe, expect, it } from "vitest";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { type ServiceHarness, startService, tournamentBody } from "../helpers/service.js";
import { startV1 } from "../helpers/v1.js";

const NOW = "2026-06-01T11:40:00.000Z";
const START = "2026-06-01T12:00:00.000Z"; // 20 minutes on: a 30-minute check-in is open
const clock = () => new Date(NOW);

const state = async (s: ServiceHarness, id: string) =>
  (await s.request("GET", `/v2.1/tournaments/${id}`)).json.data.attributes.state;

describe("a write's reply shows the check-in the next read shows", () => {
  it("create with the window open: checking_in, in the reply and the list", async () => {
    const s = await startService({ now: clock });
    const attributes = {
      name: "Cin",
      tournament_type: "single elimination",
      starts_at: START,
      registration_options: { check_in_duration: 30 },
    };
    const r = await s.request("POST", "/v2.1/tournaments", tournamentBody(attributes));
    expect(r.status, r.body).toBe(201);
    expect(r.json.data.attributes.state).toBe("checking_in");
    const list = await s.request("GET", "/v2.1/tournaments");
    expect(list.json.data.map((t: any) => t.attributes.state)).toEqual(["checking_in"]);
    const later = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ ...attributes, name: "Later", starts_at: "2026-06-01T13:00:00.000Z" }),
    );
    expect(later.json.data.attributes.state).toBe("pending");
    expect(await state(s, later.json.data.id)).toBe("pending");
  });

  it("update that opens the window: checking_in; one that does not: pending", async () => {
    const s = await startService({ now: clock });
    const { id } = await createWithPlayers(s, { tournament_type: "swiss" }, 3);
    const put = (attributes: Record<string, unknown>) =>
      s.request("PUT", `/v2.1/tournaments/${id}`, tournamentBody(attributes));
    const far = await put({
      starts_at: "2026-06-02T12:00:00.000Z",
      registration_options: { check_in_duration: 30 },
    });
    expect(far.json.data.attributes.state).toBe("pending");
    const near = await put({ starts_at: START });
    expect(near.status, near.body).toBe(200);
    expect(near.json.data.attributes.state).toBe("checking_in");
    expect(await state(s, id)).toBe("checking_in");
  });

  it("v1 create answers checking_in too", async () => {
    const v = await startV1(); // its clock: 2026-03-01T10:00:00Z, a second a look
    const r = await v.call("POST", "/v1/tournaments.json", {
      query: {
        "tournament[name]": "Cin",
        "tournament[start_at]": "2026-03-01T10:20:00.000Z",
        "tournament[check_in_duration]": "30",
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.tournament.state).toBe("checking_in");
    v.close();
  });
});

describe("after abort_checkin", () => {
  it("a check-in and process_checkin say it was aborted and what opens it again", async () => {
    const s = await startService({ now: clock });
    const { id, idOfSeed } = await createWithPlayers(
      s,
      {
        tournament_type: "single elimination",
        starts_at: START,
        registration_options: { check_in_duration: 30 },
      },
      3,
    );
    const checkIn = (seed: number) =>
      s.request("POST", `/v2.1/tournaments/${id}/participants/${idOfSeed.get(seed)}/check_in`);
    expect((await checkIn(1)).status).toBe(200);
    expect((await changeState(s, id, "abort_checkin")).json.data.attributes.state).toBe("pending");
    const aborted =
      "check-in was aborted (abort_checkin) and stays closed: change starts_at or " +
      "registration_options.check_in_duration to open it again";
    const refused = await checkIn(2);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].detail).toBe(aborted);
    const processed = await changeState(s, id, "process_checkin");
    expect(processed.status).toBe(422);
    expect(processed.json.errors[0].detail).toBe(
      `cannot process check-in while the tournament is pending; ${aborted}`,
    );
    // what the message says opens it again does
    const reopened = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}`,
      tournamentBody({ registration_options: { check_in_duration: 25 } }),
    );
    expect(reopened.json.data.attributes.state).toBe("checking_in");
    expect((await checkIn(2)).status).toBe(200);
    expect((await changeState(s, id, "process_checkin")).status).toBe(200);
  });

  it("process_checkin without any check-in says what to set", async () => {
    const s = await startService({ now: clock });
    const { id } = await createWithPlayers(s, { tournament_type: "single elimination" }, 3);
    const r = await changeState(s, id, "process_checkin");
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toBe(
      "cannot process check-in while the tournament is pending; the tournament has no check-in: " +
        "set registration_options.check_in_duration and starts_at",
    );
  });
});
