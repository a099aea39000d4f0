/**
 * A whole single elimination with a third-place match through v1 over HTTP
 * (a real `startHttpServer` on loopback), sent exactly as v1 clients send it:
 * parameters only in the query string, an empty body with Content-Length: 0,
 * api_key in the query. Then the same tournament read through v2.1 over HTTP
 * and through the CLI on the same database file (issue 17).
 */
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openService, type RunningServer, startHttpServer } from "../../src/service/index.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
let server: RunningServer;
let close: () => void;
let key: string;

beforeAll(async () => {
  sb = createSandbox();
  // The file the CLI's embedded backend opens in this sandbox (TOURNEY_DATA_DIR/tourney.db).
  const { mkdirSync } = await import("node:fs");
  mkdirSync(sb.env.TOURNEY_DATA_DIR!, { recursive: true });
  const service = await openService({
    dbPath: join(sb.env.TOURNEY_DATA_DIR!, "tourney.db"),
    requireAuth: true,
  });
  key = service.createApiKey("legacy bot");
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  close = () => service.close();
});
afterAll(async () => {
  await server.close();
  close();
  sb.cleanup();
});

/** One request as a v1 client library sends it: everything in the query, Content-Length: 0. */
function v1(method: string, path: string, params: [string, string][] = []): Promise<any> {
  const query = new URLSearchParams([...params, ["api_key", key]]).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        method,
        path: `${path}?${query}`,
        headers: { "content-length": "0", accept: "application/json" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          if (res.statusCode !== 200)
            reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const PLAYERS = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"];

describe("a v1 script over HTTP", () => {
  it("runs a single elimination with a third-place match, read back through v2.1 and the CLI", async () => {
    const made = await v1("POST", "/v1/tournaments.json", [
      ["tournament[name]", "Legacy Cup"],
      ["tournament[url]", "legacy_cup"],
      ["tournament[tournament_type]", "single elimination"],
      ["tournament[hold_third_place_match]", "true"],
    ]);
    const id = made.tournament.id as number;
    expect(made.tournament).toMatchObject({ state: "pending", hold_third_place_match: true });
    expect(made.tournament.full_service_url).toBe(
      `http://127.0.0.1:${server.port}/v1/tournaments/legacy_cup`,
    );
    const added = await v1(
      "POST",
      `/v1/tournaments/${id}/participants/bulk_add.json`,
      PLAYERS.map((name) => ["participants[][name]", name]),
    );
    expect(added.map((w: any) => w.participant.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const started = await v1("POST", `/v1/tournaments/${id}/start.json`, [
      ["include_matches", "1"],
    ]);
    expect(started.tournament.state).toBe("underway");
    expect(started.tournament.matches).toHaveLength(8); // 4 + 2 + final + third place

    // Every open match: the better seed (lower id here) wins 3-1,1-3,3-0.
    for (let round = 0; round < 10; round++) {
      const open = await v1("GET", `/v1/tournaments/${id}/matches.json`, [["state", "open"]]);
      if (open.length === 0) break;
      for (const { match } of open) {
        const winner = Math.min(match.player1_id, match.player2_id);
        const csv = winner === match.player1_id ? "3-1,1-3,3-0" : "1-3,3-1,0-3";
        const done = await v1("PUT", `/v1/tournaments/${id}/matches/${match.id}.json`, [
          ["match[scores_csv]", csv],
          ["match[winner_id]", String(winner)],
        ]);
        expect(done.match).toMatchObject({ state: "complete", winner_id: winner, scores_csv: csv });
      }
    }
    const review = await v1("GET", `/v1/tournaments/${id}.json`);
    expect(review.tournament).toMatchObject({ state: "awaiting_review", progress_meter: 100 });
    const final = await v1("POST", `/v1/tournaments/${id}/finalize.json`, [
      ["include_participants", "1"],
    ]);
    expect(final.tournament.state).toBe("complete");
    const ranks = Object.fromEntries(
      final.tournament.participants.map((w: any) => [w.participant.name, w.participant.final_rank]),
    );
    expect([ranks.Ada, ranks.Bo, ranks.Cy, ranks.Di]).toEqual([1, 2, 3, 4]);

    // v2.1 over HTTP, with the same key in the Authorization header.
    const v21 = await fetch(`http://127.0.0.1:${server.port}/v2.1/tournaments/${id}`, {
      headers: { authorization: key },
    });
    const doc = (await v21.json()) as any;
    expect(doc.data.attributes).toMatchObject({
      name: "Legacy Cup",
      state: "complete",
      tournament_type: "single elimination",
      match_options: { consolation_matches_target_rank: 3 },
      matches_count: 8,
      matches_complete: 8,
    });

    // The CLI on the same database file.
    const view = await sb.run(["tournament", "view", "legacy_cup", "--json"]);
    expect(view.code, view.stderr).toBe(0);
    expect(view.json()).toMatchObject({ name: "Legacy Cup", state: "complete" });
    const matches = await sb.run(["match", "list", "legacy_cup", "--state", "all", "--json"]);
    expect(matches.code, matches.stderr).toBe(0);
    expect(matches.json()).toHaveLength(8);
    const people = await sb.run(["participants", "list", "legacy_cup", "--json"]);
    const byName = Object.fromEntries(people.json().map((p: any) => [p.name, p.final_rank]));
    expect(byName).toMatchObject({ Ada: 1, Bo: 2, Cy: 3, Di: 4 });
  });
});
