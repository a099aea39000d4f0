/**
 * `tourney serve` answers during a start (issue 27): on a database file, a tournament's
 * start runs in serve's write worker (src/service/write-worker/) while the main thread
 * answers reads; writes sent meanwhile wait for it and meet the started tournament; a
 * start that fails in the worker leaves nothing; the event stream and the reads of the
 * main thread see what the worker committed. The built binary on a loopback port.
 * Ordering and outcomes are asserted, never times.
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { ownerCall, useServedSandbox } from "../helpers/served-sandbox.js";

/** A round robin of 512 stores 130,816 matches: a start of a second or more on any machine. */
const LARGE = 512;
/** Each case starts such a tournament: tens of seconds on a loaded 2-core machine. */
const SLOW = 120_000;

describe.runIf(BUILT)("serve's write worker", () => {
  const box = useServedSandbox("write-worker");
  const call = ownerCall(box);

  async function tournament(name: string, type: string, players: number): Promise<string> {
    const created = await call("POST", "/tournaments.json", { name, tournament_type: type });
    expect(created.status).toBeLessThan(300);
    const id = created.json.data.id as string;
    const participants = Array.from({ length: players }, (_, i) => ({ name: `${name} ${i + 1}` }));
    const added = await call(
      "POST",
      `/tournaments/${id}/participants/bulk_add.json`,
      { participants },
      "Participants",
    );
    expect(added.status).toBeLessThan(300);
    return id;
  }

  /** The tournament's event stream, open (its first comment read). */
  async function openStream(id: string) {
    const abort = new AbortController();
    const response = await fetch(`${box.base}/v2.1/tournaments/${id}/events`, {
      headers: { authorization: box.served.apiKey, accept: "text/event-stream" },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes(": watching")) text += (await reader.read()).value ?? "";
    return {
      /** The first event `wanted` accepts. */
      until: async (wanted: (event: any) => boolean) => {
        for (;;) {
          for (const line of text.split("\n"))
            if (line.startsWith("data: ") && wanted(JSON.parse(line.slice(6))))
              return JSON.parse(line.slice(6));
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended: ${text}`);
          text += value;
        }
      },
      close: () => abort.abort(),
    };
  }

  const start = (id: string) =>
    call("PUT", `/tournaments/${id}/change_state.json`, { state: "start" }, "TournamentState");

  it(
    "answers reads of another tournament while a large start runs, then shows it started",
    async () => {
      const other = await tournament("Small", "single elimination", 4);
      const large = await tournament("Large", "round robin", LARGE);
      let startReply: Awaited<ReturnType<typeof start>> | undefined;
      const starting = start(large).then((r) => {
        startReply = r;
      });
      // Each GET sent when the last came back: on the event loop, the start would hold
      // the second one until it ends.
      let readsDuring = 0;
      while (startReply === undefined) {
        const read = await call("GET", `/tournaments/${other}.json`);
        expect(read.status).toBe(200);
        expect(read.json.data.attributes.state).toBe("pending");
        if (startReply === undefined) readsDuring++;
      }
      await starting;
      expect(readsDuring).toBeGreaterThanOrEqual(5);
      expect(startReply.status).toBe(200);
      expect(startReply.json.data.attributes.state).toBe("underway");
      expect(startReply.json.data.attributes.matches_count).toBe((LARGE * (LARGE - 1)) / 2);
      // The main thread's own reads see the worker's commit.
      const after = await call("GET", `/tournaments/${large}.json`);
      expect(after.json.data.attributes).toMatchObject({
        state: "underway",
        matches_count: (LARGE * (LARGE - 1)) / 2,
      });
    },
    SLOW,
  );

  it(
    "answers a report and a participant added during a start after it, as the state machine says",
    async () => {
      const other = await tournament("Played", "single elimination", 4);
      expect((await start(other)).status).toBe(200);
      const matches = await call("GET", `/tournaments/${other}/matches.json`);
      const open = matches.json.data.find((m: any) => m.attributes.state === "open");
      const large = await tournament("Large 2", "round robin", LARGE);
      const order: string[] = [];
      const starting = start(large).then((r) => {
        order.push("start");
        return r;
      });
      // The start is in the worker once a read came back after it was sent.
      await new Promise((done) => setTimeout(done, 50));
      expect((await call("GET", `/tournaments/${other}.json`)).status).toBe(200);
      const report = call(
        "PUT",
        `/tournaments/${other}/matches/${open.id}.json`,
        {
          match: [
            { participant_id: String(open.attributes.player1_id), score_set: "3", advancing: true },
            { participant_id: String(open.attributes.player2_id), score_set: "1" },
          ],
        },
        "Match",
      ).then((r) => {
        order.push("report");
        return r;
      });
      const added = call(
        "POST",
        `/tournaments/${large}/participants.json`,
        { name: "Latecomer" },
        "Participant",
      ).then((r) => {
        order.push("add");
        return r;
      });
      const [started, reported, adding] = await Promise.all([starting, report, added]);
      expect(order[0]).toBe("start");
      expect(started.status).toBe(200);
      expect(reported.status).toBe(200);
      expect(reported.json.data.attributes.state).toBe("complete");
      // The add met the started tournament (never a field of 513 half-started).
      expect(adding.status).toBe(422);
      expect(adding.json.errors[0].detail).toMatch(/underway/);
      const large2 = await call("GET", `/tournaments/${large}.json`);
      expect(large2.json.data.attributes.participants_count ?? LARGE).toBe(LARGE);
    },
    SLOW,
  );

  it(
    "leaves a start that fails half-way in the worker undone: pending, no matches",
    async () => {
      const id = await tournament("Refused", "round robin", 64);
      // A trigger refuses the 21st round's first match: the start fails after writing 20 rounds.
      const sqlite = new Database(box.db);
      sqlite.exec(`CREATE TRIGGER test_refuse BEFORE INSERT ON matches
      WHEN NEW.tournament_id = ${Number(id)} AND NEW.round > 20
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
      try {
        const refused = await start(id);
        expect(refused.status).toBeGreaterThanOrEqual(400);
        const after = await call("GET", `/tournaments/${id}.json`);
        expect(after.json.data.attributes).toMatchObject({ state: "pending", matches_count: 0 });
        expect((await call("GET", `/tournaments/${id}/matches.json`)).json.data).toEqual([]);
        const rows = sqlite.prepare("SELECT COUNT(*) AS n FROM matches WHERE tournament_id = ?");
        expect(rows.get(Number(id))).toEqual({ n: 0 });
      } finally {
        sqlite.exec("DROP TRIGGER test_refuse");
        sqlite.close();
      }
      // The worker goes on: the same start, allowed now, lands whole, and the tournament's
      // event stream (the main thread's, which looks at the revision the worker's commit moved) says so.
      const stream = await openStream(id);
      try {
        const again = await start(id);
        expect(again.status).toBe(200);
        expect(again.json.data.attributes.matches_count).toBe((64 * 63) / 2);
        const started = await stream.until((e) => e.type === "tournament.state_changed");
        expect(started).toMatchObject({ state: "underway", previous_state: "pending" });
      } finally {
        stream.close();
      }
    },
    SLOW,
  );
});
