/** Stations, station queuers and auto-assign through the in-process service (issue 15). */
import { describe, expect, it } from "vitest";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  tournamentBody,
} from "../helpers/service.js";

const T = "/v2.1/tournaments/1";
const station = (attributes: Record<string, unknown>) => ({
  data: { type: "station", attributes },
});
const queuer = (attributes: Record<string, unknown>) => ({
  data: { type: "station_queuer", attributes },
});

async function started(s: ServiceHarness, settings: Record<string, unknown>, players = 8) {
  await s.request(
    "POST",
    "/v2.1/tournaments",
    tournamentBody({ name: "Cup", tournament_type: "single elimination", ...settings }),
  );
  const names = Array.from({ length: players }, (_, i) => `P${i + 1}`);
  await s.request("POST", `${T}/participants/bulk_add`, participantsBody(names));
}

async function start(s: ServiceHarness) {
  const r = await s.request("PUT", `${T}/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  expect(r.status).toBe(200);
}

async function snapshot(s: ServiceHarness) {
  const stations = (await s.request("GET", `${T}/stations`)).json.data;
  const queued = new Set<number>();
  for (const st of stations)
    for (const q of (await s.request("GET", `${T}/stations/${st.id}/station_queuers`)).json.data)
      queued.add(q.attributes.match_id);
  const matches = (await s.request("GET", `${T}/matches?per_page=100`)).json.data;
  return { stations, queued, matches };
}

async function report(
  s: ServiceHarness,
  match: { id: string; attributes: { player1_id: number; player2_id: number } },
) {
  const { player1_id, player2_id } = match.attributes;
  const r = await s.request("PUT", `${T}/matches/${match.id}`, {
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: player1_id, score_set: "2", advancing: true },
          { participant_id: player2_id, score_set: "0", advancing: false },
        ],
      },
    },
  });
  expect(r.status).toBe(200);
}

describe("auto_assign", () => {
  it("plays an 8-player single elimination on 2 stations: every open match at a station or queued, none held twice, all free at the end", async () => {
    const s = await startService();
    await started(s, { station_options: { auto_assign: true } });
    for (const name of ["Main", "Side"])
      expect((await s.request("POST", `${T}/stations`, station({ name }))).status).toBe(201);
    await start(s);
    let steps = 0;
    for (;;) {
      const { stations, queued, matches } = await snapshot(s);
      const held = stations.map(
        (st: { attributes: { match_id: number | null } }) => st.attributes.match_id,
      );
      const busy = held.filter((m: number | null) => m !== null);
      expect(new Set(busy).size, "no match at two stations").toBe(busy.length);
      const open = matches.filter(
        (m: { attributes: { state: string } }) => m.attributes.state === "open",
      );
      for (const m of open) {
        const at = m.attributes.station_id;
        expect(at !== null || queued.has(Number(m.id)), `match ${m.id} waits nowhere`).toBe(true);
        if (at !== null)
          expect(held[stations.findIndex((st: { id: string }) => Number(st.id) === at)]).toBe(
            Number(m.id),
          );
      }
      // A station is idle only when no open match waits.
      if (open.length >= 2) expect(busy.length).toBe(2);
      if (open.length === 0) {
        expect(held).toEqual([null, null]);
        expect(queued.size).toBe(0);
        break;
      }
      // Play the match at the first busy station, as an organiser would.
      const next = open.find(
        (m: { attributes: { station_id: number | null } }) => m.attributes.station_id !== null,
      );
      await report(s, next);
      steps++;
    }
    expect(steps).toBe(7);
    const t = (await s.request("GET", T)).json.data.attributes;
    expect(t.state).toBe("awaiting_review");
  });

  it("takes from the station's queue first; a completed match frees its station for the queue's next", async () => {
    const s = await startService();
    await started(s, { station_options: { auto_assign: false } });
    await s.request("POST", `${T}/stations`, station({ name: "Main" }));
    await start(s);
    const open = (await s.request("GET", `${T}/matches?state=open`)).json.data;
    // Queue match 4 then 3 at Main, then turn auto_assign on: Main takes 4 (its queue), not 1.
    for (const m of [open[3], open[2]])
      expect(
        (
          await s.request(
            "POST",
            `${T}/stations/1/station_queuers`,
            queuer({ match_id: Number(m.id) }),
          )
        ).status,
      ).toBe(201);
    await s.request("PUT", T, tournamentBody({ station_options: { auto_assign: true } }));
    // The next event (a station edit) lets auto-assign run.
    await s.request("PUT", `${T}/stations/1`, station({ details: "stage left" }));
    const main = (await s.request("GET", `${T}/stations/1`)).json.data.attributes;
    expect(main.match_id).toBe(Number(open[3].id));
    const queue = (await s.request("GET", `${T}/stations/1/station_queuers`)).json.data;
    expect(queue[0].attributes).toMatchObject({ match_id: Number(open[2].id), position: 1 });
    // Completing it frees Main, which takes the queue's next.
    await report(s, open[3]);
    expect((await s.request("GET", `${T}/stations/1`)).json.data.attributes.match_id).toBe(
      Number(open[2].id),
    );
  });
});

describe("auto_assign: a free station with an empty queue", () => {
  /** Each match's identifier, round and where it is: held (the station's name) or queued (the station's name). */
  async function where(s: ServiceHarness) {
    const { stations, matches } = await snapshot(s);
    const name = new Map<number, string>(
      stations.map((st: any) => [Number(st.id), st.attributes.name]),
    );
    const queued = new Map<number, string>();
    for (const st of stations)
      for (const q of (await s.request("GET", `${T}/stations/${st.id}/station_queuers`)).json.data)
        queued.set(q.attributes.match_id, `${st.attributes.name} queue ${q.attributes.position}`);
    const byIdentifier = new Map<string, any>(
      matches.map((m: any) => [m.attributes.identifier, m]),
    );
    const at = (identifier: string) => {
      const m = byIdentifier.get(identifier);
      if (m.attributes.station_id !== null) return name.get(m.attributes.station_id);
      return queued.get(Number(m.id)) ?? m.attributes.state;
    };
    return { at, match: (identifier: string) => byIdentifier.get(identifier) };
  }

  it("takes the earliest waiting match, one queued at a busy station included, before a later round's", async () => {
    const s = await startService();
    await started(s, { station_options: { auto_assign: true } });
    await start(s);
    for (const name of ["Table 1", "Table 2"])
      expect((await s.request("POST", `${T}/stations`, station({ name }))).status).toBe(201);
    // Made after the start: Table 1 takes A and queues B, C, D; Table 2 takes B from that queue.
    let view = await where(s);
    expect(["A", "B", "C", "D"].map(view.at)).toEqual([
      "Table 1",
      "Table 2",
      "Table 1 queue 1",
      "Table 1 queue 2",
    ]);
    await report(s, view.match("A"));
    view = await where(s);
    expect(["B", "C", "D", "E"].map(view.at)).toEqual([
      "Table 2",
      "Table 1",
      "Table 1 queue 1",
      "pending",
    ]);
    // B done: E (round 2) opens as Table 2 comes free; D, waiting since the start, goes first.
    await report(s, view.match("B"));
    view = await where(s);
    expect(["C", "D", "E"].map(view.at)).toEqual(["Table 1", "Table 2", "Table 1 queue 1"]);
  });

  it("leaves a free station's own queue to it: the station before it in id order takes another", async () => {
    const s = await startService();
    await started(s, { station_options: { auto_assign: false } });
    await start(s);
    for (const name of ["Table 1", "Table 2"])
      expect((await s.request("POST", `${T}/stations`, station({ name }))).status).toBe(201);
    const view = await where(s);
    // A (the earliest) queued at Table 2; Table 1's queue empty; then auto_assign on.
    const a = Number(view.match("A").id);
    const queued = await s.request(
      "POST",
      `${T}/stations/2/station_queuers`,
      queuer({ match_id: a }),
    );
    expect(queued.status).toBe(201);
    await s.request("PUT", T, tournamentBody({ station_options: { auto_assign: true } }));
    await s.request("PUT", `${T}/stations/1`, station({ details: "by the door" }));
    const after = await where(s);
    expect(["A", "B"].map(after.at)).toEqual(["Table 2", "Table 1"]);
  });
});

describe("stations and queuers", () => {
  it("creates, reads, updates, assigns, unassigns and deletes a station", async () => {
    const s = await startService();
    await started(s, {});
    const created = await s.request(
      "POST",
      `${T}/stations`,
      station({ name: "Main", stream_url: "https://example.org/live", details: "TV 1", extra: 1 }),
    );
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      type: "station",
      attributes: {
        name: "Main",
        stream_url: "https://example.org/live",
        details: "TV 1",
        match_id: null,
      },
    });
    expect(created.json.meta).toEqual({ ignored_attributes: ["extra"] });
    await start(s);
    const assigned = await s.request(
      "PUT",
      `${T}/stations/1`,
      station({ match_id: "1", name: "Stage" }),
    );
    expect(assigned.status).toBe(200);
    expect(assigned.json.data.attributes).toMatchObject({ name: "Stage", match_id: 1 });
    expect((await s.request("GET", `${T}/matches/1`)).json.data.attributes.station_id).toBe(1);
    const list = await s.request("GET", `${T}/stations`);
    expect(list.json.meta.count).toBe(1);
    const freed = await s.request("PUT", `${T}/stations/1`, station({ match_id: null }));
    expect(freed.json.data.attributes.match_id).toBeNull();
    expect((await s.request("DELETE", `${T}/stations/1`)).status).toBe(204);
    expect((await s.request("GET", `${T}/stations/1`)).status).toBe(404);
  });

  it("shows a station made after reports (the tournament held as having none) on the match it takes", async () => {
    const s = await startService();
    await started(s, {}, 4);
    await start(s);
    const open = (await s.request("GET", `${T}/matches?state=open`)).json.data;
    await report(s, open[0]);
    const [other] = (await s.request("GET", `${T}/matches?state=open`)).json.data;
    expect(other.attributes.station_id).toBeNull();
    expect((await s.request("POST", `${T}/stations`, station({ name: "Late" }))).status).toBe(201);
    const assigned = await s.request("PUT", `${T}/stations/1`, station({ match_id: other.id }));
    expect(assigned.status).toBe(200);
    const one = await s.request("GET", `${T}/matches/${other.id}`);
    expect(one.json.data.attributes.station_id).toBe(1);
    const listed = (await s.request("GET", `${T}/matches?state=open`)).json.data;
    expect(listed.find((m: { id: string }) => m.id === other.id).attributes.station_id).toBe(1);
    expect((await s.request("DELETE", `${T}/stations/1`)).status).toBe(204);
    const gone = await s.request("GET", `${T}/matches/${other.id}`);
    expect(gone.json.data.attributes.station_id).toBeNull();
  });

  it("lists, gets, reorders and deletes queuers", async () => {
    const s = await startService();
    await started(s, {});
    await s.request("POST", `${T}/stations`, station({ name: "Main" }));
    await start(s);
    const path = `${T}/stations/1/station_queuers`;
    for (const m of [1, 2, 3]) await s.request("POST", path, queuer({ match_id: m }));
    const front = await s.request("POST", path, queuer({ match_id: 4, position: 1 }));
    expect(front.status).toBe(201);
    expect(front.json.data).toMatchObject({
      type: "station_queuer",
      attributes: { match_id: 4, position: 1 },
    });
    const order = async () =>
      (await s.request("GET", path)).json.data.map(
        (q: { attributes: { match_id: number } }) => q.attributes.match_id,
      );
    expect(await order()).toEqual([4, 1, 2, 3]);
    const moved = await s.request("PUT", `${path}/${front.json.data.id}`, queuer({ position: 3 }));
    expect(moved.json.data.attributes.position).toBe(3);
    expect(await order()).toEqual([1, 2, 4, 3]);
    expect(
      (await s.request("GET", `${path}/${front.json.data.id}`)).json.data.attributes.match_id,
    ).toBe(4);
    expect((await s.request("DELETE", `${path}/1`)).status).toBe(204);
    expect(await order()).toEqual([2, 4, 3]);
    expect((await s.request("GET", path)).json.data[0].attributes.position).toBe(1);
  });
});

describe("bad input: a clear 4xx with a pointer, nothing written", () => {
  it("refuses a match of another tournament, a complete match, a match held elsewhere, a position out of range", async () => {
    const s = await startService();
    await started(s, {});
    await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Other", tournament_type: "single elimination" }),
    );
    await s.request(
      "POST",
      "/v2.1/tournaments/2/participants/bulk_add",
      participantsBody(["X", "Y"]),
    );
    await s.request("PUT", "/v2.1/tournaments/2/change_state", {
      data: { type: "TournamentState", attributes: { state: "start" } },
    });
    for (const name of ["Main", "Side"])
      await s.request("POST", `${T}/stations`, station({ name }));
    await start(s);
    const other = (await s.request("GET", "/v2.1/tournaments/2/matches")).json.data[0].id;
    const [a, b, c] = (await s.request("GET", `${T}/matches?state=open`)).json.data.map(
      (m: { id: string }) => Number(m.id),
    );
    const refusals: [string, string, unknown, RegExp, string][] = [
      [
        "PUT",
        `${T}/stations/1`,
        station({ match_id: Number(other) }),
        /not a match of tournament/,
        "/data/attributes/match_id",
      ],
      [
        "POST",
        `${T}/stations`,
        station({ name: "", match_id: "x" }),
        /name can't be blank/,
        "/data/attributes/match_id",
      ],
    ];
    await s.request("PUT", `${T}/stations/1`, station({ match_id: a }));
    refusals.push([
      "PUT",
      `${T}/stations/2`,
      station({ match_id: a }),
      /already at station Main/,
      "/data/attributes/match_id",
    ]);
    refusals.push([
      "POST",
      `${T}/stations/2/station_queuers`,
      queuer({ match_id: a }),
      /already at station/,
      "/data/attributes/match_id",
    ]);
    refusals.push([
      "POST",
      `${T}/stations/2/station_queuers`,
      queuer({ match_id: b, position: 2 }),
      /out of range: the queue has places 1 to 1/,
      "/data/attributes/position",
    ]);
    await report(s, (await s.request("GET", `${T}/matches/${c}`)).json.data);
    refusals.push([
      "PUT",
      `${T}/stations/2`,
      station({ match_id: c }),
      /is complete/,
      "/data/attributes/match_id",
    ]);
    refusals.push([
      "POST",
      `${T}/stations/2/station_queuers`,
      queuer({ match_id: c }),
      /is complete/,
      "/data/attributes/match_id",
    ]);
    for (const [method, path, body, detail, pointer] of refusals) {
      const before = (await s.request("GET", `${T}/stations`)).body;
      const r = await s.request(method as "PUT", path, body);
      expect(r.status, path).toBe(422);
      expect(r.json.errors.map((e: { detail: string }) => e.detail).join("; "), path).toMatch(
        detail,
      );
      expect(
        r.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer),
        path,
      ).toContain(pointer);
      expect((await s.request("GET", `${T}/stations`)).body, path).toBe(before);
    }
    await s.request("POST", `${T}/stations/2/station_queuers`, queuer({ match_id: b }));
    const move = await s.request(
      "PUT",
      `${T}/stations/2/station_queuers/1`,
      queuer({ position: 2 }),
    );
    expect(move.status).toBe(422);
    expect(move.json.errors[0].detail).toMatch(/out of range/);
    expect((await s.request("GET", `${T}/stations/9`)).status).toBe(404);
    expect((await s.request("GET", `${T}/stations/2/station_queuers/9`)).status).toBe(404);
  });

  it("only_start_matches_with_assigned_stations: mark_as_underway without a station is 422 naming the option", async () => {
    const s = await startService();
    await started(s, { station_options: { only_start_matches_with_assigned_stations: true } });
    await s.request("POST", `${T}/stations`, station({ name: "Main" }));
    await start(s);
    const underway = (m: number) =>
      s.request("PUT", `${T}/matches/${m}/change_state`, {
        data: { type: "MatchState", attributes: { state: "mark_as_underway" } },
      });
    const refused = await underway(2);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].detail).toMatch(/only_start_matches_with_assigned_stations/);
    expect((await s.request("GET", `${T}/matches/2`)).json.data.attributes.underway_at).toBeNull();
    await s.request("PUT", `${T}/stations/1`, station({ match_id: 2 }));
    const ok = await underway(2);
    expect(ok.status).toBe(200);
    expect(ok.json.data.attributes.underway_at).not.toBeNull();
    expect(ok.json.data.attributes.station_id).toBe(1);
  });

  it("refuses a second station of a name, on create and on rename (case aside, as participants' names): 422 naming the station that has it", async () => {
    const s = await startService();
    await started(s, {});
    expect((await s.request("POST", `${T}/stations`, station({ name: "Table 1" }))).status).toBe(
      201,
    );
    for (const name of ["Table 1", " table 1 "]) {
      const again = await s.request("POST", `${T}/stations`, station({ name }));
      expect(again.status, name).toBe(422);
      expect(again.json.errors[0].source.pointer).toBe("/data/attributes/name");
      expect(again.json.errors[0].detail).toMatch(/already taken.*station 1 is named "Table 1"/);
    }
    expect((await s.request("POST", `${T}/stations`, station({ name: "Table 2" }))).status).toBe(
      201,
    );
    const rename = await s.request("PUT", `${T}/stations/2`, station({ name: "TABLE 1" }));
    expect(rename.status).toBe(422);
    expect(rename.json.errors[0].detail).toMatch(/station 1 is named "Table 1"/);
    // Its own name again (another case) is no clash.
    expect((await s.request("PUT", `${T}/stations/1`, station({ name: "TABLE 1" }))).status).toBe(
      200,
    );
    const names = (await s.request("GET", `${T}/stations`)).json.data.map(
      (x: { attributes: { name: string } }) => x.attributes.name,
    );
    expect(names).toEqual(["TABLE 1", "Table 2"]);
  });
});
