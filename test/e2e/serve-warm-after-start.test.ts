/**
 * After serve's write worker starts a tournament, the main thread warms its match rows
 * a chunk a turn (issue 27; src/service/warm-matches.ts); a read of its match list and
 * a report sent at the start's reply wait for that, and are answered as the database
 * holds the tournament: every row, in list order, the report applied. The built binary
 * on a loopback port; outcomes asserted, never times.
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { ownerCall, useServedSandbox } from "../helpers/served-sandbox.js";

/** A round robin of 128: 8,128 matches, warmed in several turns. */
const PLAYERS = 128;
const MATCHES = (PLAYERS * (PLAYERS - 1)) / 2;

describe.runIf(BUILT)("serve after a start in its write worker", () => {
  const box = useServedSandbox("warm-after");
  const call = ownerCall(box);

  it("answers a page of its matches and a report sent at the start's reply as stored", async () => {
    const created = await call("POST", "/tournaments.json", {
      name: "Warm",
      tournament_type: "round robin",
      url: "warm_cup",
    });
    const id = created.json.data.id as string;
    const participants = Array.from({ length: PLAYERS }, (_, i) => ({ name: `W ${i + 1}` }));
    const add = await call(
      "POST",
      `/tournaments/${id}/participants/bulk_add.json`,
      { participants },
      "Participants",
    );
    expect(add.status).toBe(200);
    const started = await call(
      "PUT",
      `/tournaments/${id}/change_state.json`,
      { state: "start" },
      "TournamentState",
    );
    expect(started.status).toBe(200);
    // At once, by url and by id: while the main thread warms the rows, or after.
    const [byUrl, byId] = await Promise.all([
      call("GET", "/tournaments/warm_cup/matches.json?page=2&per_page=25"),
      call("GET", `/tournaments/${id}/matches.json?state=open&per_page=1`),
    ]);
    expect(byUrl.status).toBe(200);
    expect(byId.status).toBe(200);
    const sqlite = new Database(box.db, { readonly: true });
    try {
      const listed = sqlite
        .prepare(
          "SELECT id FROM matches WHERE tournament_id = ? AND active = 1 ORDER BY stage DESC, suggested_play_order, IFNULL(group_id, -1), id LIMIT 25 OFFSET 25",
        )
        .pluck()
        .all(Number(id)) as number[];
      expect(byUrl.json.data.map((m: any) => Number(m.id))).toEqual(listed);
    } finally {
      sqlite.close();
    }
    const open = byId.json.data[0];
    const report = await call(
      "PUT",
      `/tournaments/${id}/matches/${open.id}.json`,
      {
        match: [
          { participant_id: String(open.attributes.player1_id), score_set: "3", advancing: true },
          { participant_id: String(open.attributes.player2_id), score_set: "1" },
        ],
      },
      "Match",
    );
    expect(report.status).toBe(200);
    expect(report.json.data.attributes.state).toBe("complete");
    const after = await call("GET", `/tournaments/${id}.json`);
    expect(after.json.data.attributes.matches_count).toBe(MATCHES);
    const done = await call("GET", `/tournaments/${id}/matches.json?state=complete`);
    expect(done.json.data.map((m: any) => m.id)).toEqual([open.id]);
  }, 120_000);
});
