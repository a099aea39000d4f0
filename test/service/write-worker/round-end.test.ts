/**
 * Which match reports serve hands to its write worker as ending a large swiss round
 * (src/service/write-worker/round-end.ts, Service.largeRoundEnd), told from the rows the
 * service holds before the report runs; and the lane sending them there (lane.ts `offloads`),
 * asked when the write's turn comes, a light write answered at once, without the worker.
 */
import { describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest, HttpResponse } from "../../../src/model/http.js";
import { WriteLane } from "../../../src/service/write-worker/lane.js";
import { ROUND_END_PLAYERS } from "../../../src/service/write-worker/round-end.js";
import {
  changeState,
  createWithPlayers,
  type MatchAttrs,
  matches,
  reportBody,
} from "../../helpers/play.js";
import { type ServiceHarness, startService } from "../../helpers/service.js";

const put = (path: string, body: unknown): HttpRequest => ({
  method: "PUT",
  path,
  headers: {},
  body: JSON.stringify(body),
});

async function swiss(s: ServiceHarness, players: number, more: Record<string, unknown> = {}) {
  const t = await createWithPlayers(s, { tournament_type: "swiss", ...more }, players);
  expect((await changeState(s, t.id, "start")).status).toBe(200);
  return t.id;
}

const won = (m: MatchAttrs) => reportBody(m.player1_id, m.player2_id);
const path = (t: string, m: MatchAttrs) => `/v2.1/tournaments/${t}/matches/${m.id}.json`;

/** Reports every open match but the last; the last. */
async function allButLast(s: ServiceHarness, t: string): Promise<MatchAttrs> {
  const open = await matches(s, t, "open");
  const last = open.pop()!;
  for (const m of open) expect((await s.request("PUT", path(t, m), won(m))).status).toBe(200);
  return last;
}

describe("largeRoundEnd", () => {
  it("names a large swiss round's last report that completes it, by every name of its tournament", async () => {
    const s = await startService();
    const t = await swiss(s, ROUND_END_PLAYERS);
    const open = await matches(s, t, "open");
    // A report of a match while others of the round are open ends nothing.
    expect(s.service.largeRoundEnd(put(path(t, open[0]!), won(open[0]!)))).toBeUndefined();
    const last = await allButLast(s, t);
    const ends = s.service.largeRoundEnd(put(path(t, last), won(last)));
    expect(ends?.id).toBe(Number(t));
    expect([...(ends?.refs ?? [])]).toContain(t);
    const v1 = { match: { winner_id: last.player1_id, scores_csv: "2-1" } };
    expect(
      s.service.largeRoundEnd(put(`/v1/tournaments/${t}/matches/${last.id}.json`, v1))?.id,
    ).toBe(Number(t));
    // Scores alone leave the match open: no round ends.
    const scores = reportBody(last.player1_id, last.player2_id);
    scores.data.attributes.match[0]!.advancing = false;
    expect(s.service.largeRoundEnd(put(path(t, last), scores))).toBeUndefined();
    expect(
      s.service.largeRoundEnd({ ...put(path(t, last), won(last)), method: "POST" }),
    ).toBeUndefined();
    // Reported, the round is paired in process (the held rows learn it): the next round's
    // first report ends nothing.
    expect((await s.request("PUT", path(t, last), won(last))).status).toBe(200);
    const round2 = await matches(s, t, "open");
    expect(round2.every((m) => m.round === 2)).toBe(true);
    expect(s.service.largeRoundEnd(put(path(t, round2[0]!), won(round2[0]!)))).toBeUndefined();
    s.service.close();
  });

  it("leaves a small swiss stage's round end, and another format's last match, on the event loop", async () => {
    const s = await startService();
    const small = await swiss(s, ROUND_END_PLAYERS - 2);
    const lastSmall = await allButLast(s, small);
    expect(s.service.largeRoundEnd(put(path(small, lastSmall), won(lastSmall)))).toBeUndefined();
    const rr = await createWithPlayers(s, { tournament_type: "round robin" }, 24);
    expect((await changeState(s, rr.id, "start")).status).toBe(200);
    const lastRr = await allButLast(s, rr.id);
    expect(s.service.largeRoundEnd(put(path(rr.id, lastRr), won(lastRr)))).toBeUndefined();
    s.service.close();
  });
});

describe("WriteLane's offloads", () => {
  const ok = (body: string): HttpResponse => ({ status: 200, headers: {}, body });
  const req = (method: HttpMethod, p: string): HttpRequest => ({ method, path: p, headers: {} });

  it("sends a write it names to the worker when its turn comes, and answers the others here", async () => {
    const runs: string[] = [];
    let answer: (r: HttpResponse) => void = () => {};
    const worker = {
      run: (r: HttpRequest) => {
        runs.push(r.path);
        return new Promise<HttpResponse>((done) => (answer = done));
      },
    };
    const asked: string[] = [];
    const lane = new WriteLane(worker, undefined, undefined, (r) => {
      asked.push(r.path);
      return r.path.endsWith("/last");
    });
    const log: string[] = [];
    const take = (method: HttpMethod, p: string) =>
      lane.take(
        req(method, p),
        () => log.push(`here ${p}`),
        (r) => log.push(`worker ${r.body}`),
      );
    take("PUT", "/m/1");
    take("PUT", "/m/last");
    take("GET", "/t/2");
    take("PUT", "/m/3");
    // The light write answered here at once; the read goes on; the write after waits.
    expect(log).toEqual(["here /m/1", "here /t/2"]);
    expect(runs).toEqual(["/m/last"]);
    // Reads are never asked about; the waiting write is asked when its turn comes.
    expect(asked).toEqual(["/m/1", "/m/last"]);
    answer(ok("paired"));
    await new Promise((done) => setImmediate(done));
    expect(log).toEqual(["here /m/1", "here /t/2", "worker paired", "here /m/3"]);
    expect(asked).toEqual(["/m/1", "/m/last", "/m/3"]);
  });
});
