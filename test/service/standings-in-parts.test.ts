/**
 * GET /v2.1/tournaments/{t}/standings on serve, made a part at a time through the work gate
 * (public/standings-answer.ts): the same bytes as the route made in one piece (another
 * service on the same file, in process, answers that), for every format with standings; a
 * write landing between two parts gives the standings of one version, never a mix (made
 * again; after TRIES, in one piece); and serve answers another request while the standings
 * are being made.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ONE_PIECE_MATCHES, TRIES } from "../../src/service/public/standings-answer.js";
import { ffaMatches, ffaReport } from "../helpers/free-for-all.js";
import { changeState, createWithPlayers, matches, playOut, reportBody } from "../helpers/play.js";
import type { ServiceHarness } from "../helpers/service.js";
import { type StandingsServe, standingsPath, standingsServe } from "../helpers/standings-serve.js";

let serve: StandingsServe;
let s: ServiceHarness;
/** serve's loopback server. */
let server: StandingsServe["server"];

beforeAll(async () => {
  serve = await standingsServe("standings-in-parts");
  s = serve.s;
  server = serve.server;
});

afterAll(() => serve.close());

beforeEach(() => {
  s.service.standings.onePieceUpTo = -1;
  s.service.standings.part = 3;
  s.service.standings.beforeStep = undefined;
});

const served = (path: string) => serve.served(path);
const madeInOnePiece = (path: string) => serve.madeInOnePiece(path);

/** A report of `m` (player 1 winning) through serve's own service, at once. */
function reportNow(t: string, m: { id: string; player1_id: number; player2_id: number }) {
  const r = s.service.handleSync({
    method: "PUT",
    path: `/v2.1/tournaments/${t}/matches/${m.id}`,
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify(reportBody(m.player1_id, m.player2_id)),
  });
  expect(r.status, r.body).toBe(200);
}

/** Renames participant `id` of `t` through serve's own service, at once. */
function renameNow(t: string, id: number, name: string) {
  const r = s.service.handleSync({
    method: "PUT",
    path: `/v2.1/tournaments/${t}/participants/${id}`,
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify({ data: { type: "Participant", attributes: { name } } }),
  });
  expect(r.status, r.body).toBe(200);
}

/** Reports the first `count` open matches (player 1 winning), round after round. */
async function play(t: string, count: number) {
  for (let n = 0; n < count; ) {
    const open = await matches(s, t, "open");
    if (open.length === 0) return;
    for (const m of open.slice(0, count - n)) {
      reportNow(t, m);
      n++;
    }
  }
}

async function started(attributes: Record<string, unknown>, players: number, reports: number) {
  const t = await createWithPlayers(s, attributes, players);
  expect((await changeState(s, t.id, "start")).status).toBe(200);
  await play(t.id, reports);
  return t.id;
}

const FORMATS: [string, () => Promise<string>][] = [
  ["single elimination", () => started({ tournament_type: "single elimination" }, 13, 6)],
  ["double elimination", () => started({ tournament_type: "double elimination" }, 12, 11)],
  ["round robin", () => started({ tournament_type: "round robin" }, 7, 9)],
  ["swiss", () => started({ tournament_type: "swiss" }, 10, 7)],
  [
    "free for all",
    async () => {
      const attributes = {
        tournament_type: "free for all",
        free_for_all_options: { max_participants: 4 },
      };
      const t = await started(attributes, 11, 0);
      const [table] = await ffaMatches(s, t);
      const entries = table!.participant_ids.map((id, i) => ({
        id,
        rank: i + 1,
        advancing: i < 2,
      }));
      const r = await s.request(
        "PUT",
        `/v2.1/tournaments/${t}/matches/${table!.id}`,
        ffaReport(entries),
      );
      expect(r.status, r.body).toBe(200);
      return t;
    },
  ],
  [
    "a group stage and its final",
    async () => {
      const { id } = await createWithPlayers(
        s,
        {
          tournament_type: "double elimination",
          group_stage_enabled: true,
          group_stage_options: { stage_type: "round robin", group_size: 4 },
        },
        14,
      );
      expect((await changeState(s, id, "start_group_stage")).status).toBe(200);
      await playOut(s, id, (m) => m.player1_id);
      expect((await changeState(s, id, "finalize_group_stage")).status).toBe(200);
      expect((await changeState(s, id, "start")).status).toBe(200);
      await play(id, 3);
      return id;
    },
  ],
];

describe("GET .../standings on serve, made in parts", () => {
  it.each(FORMATS)("are the one-piece answer's bytes: %s", async (_, make) => {
    const t = await make();
    const before = s.service.standings.inParts;
    const answer = await served(standingsPath(t));
    expect(answer.status, answer.body).toBe(200);
    expect(s.service.standings.inParts).toBe(before + 1);
    expect(answer.body).toBe(madeInOnePiece(standingsPath(t)));
    expect(JSON.parse(answer.body).data.length).toBeGreaterThan(6);
  });

  it(`in one piece as the request comes for ${ONE_PIECE_MATCHES} matches or fewer`, async () => {
    const t = await started({ tournament_type: "double elimination" }, 12, 4);
    let steps = 0;
    s.service.standings.beforeStep = () => ++steps > 0;
    s.service.standings.onePieceUpTo = ONE_PIECE_MATCHES;
    const before = s.service.standings.inParts;
    const small = await served(standingsPath(t));
    expect(small.body).toBe(madeInOnePiece(standingsPath(t)));
    expect([steps, s.service.standings.inParts]).toEqual([0, before]);
    // One match more than the bound: in parts (after a write: no text kept from the GET before).
    const [m] = await matches(s, t, "open");
    reportNow(t, m!);
    s.service.standings.onePieceUpTo = (await matches(s, t)).length - 1;
    const parts = await served(standingsPath(t));
    expect(parts.body).toBe(madeInOnePiece(standingsPath(t)));
    expect(steps).toBeGreaterThan(0);
    expect(s.service.standings.inParts).toBe(before + 1);
  });

  it("the same bytes when serve first reads the rows again (another connection wrote)", async () => {
    const t = await started({ tournament_type: "double elimination" }, 20, 7);
    const [m] = await matches(s, t, "open");
    // Another connection's commit: serve's held rows are dropped, read again before the parts.
    const r = serve.onePiece.handleSync({
      method: "PUT",
      path: `/v2.1/tournaments/${t}/matches/${m!.id}`,
      headers: { "content-type": "application/vnd.api+json" },
      body: JSON.stringify(reportBody(m!.player2_id, m!.player1_id)),
    });
    expect(r.status, r.body).toBe(200);
    const answer = await served(standingsPath(t));
    expect(answer.status, answer.body).toBe(200);
    expect(answer.body).toBe(madeInOnePiece(standingsPath(t)));
    expect(answer.body).toContain('"wins":1');
  });

  it("made again when writes land between two parts: one version's standings", async () => {
    const { id: t, idOfSeed } = await createWithPlayers(
      s,
      { tournament_type: "double elimination" },
      16,
    );
    expect((await changeState(s, t, "start")).status).toBe(200);
    const before = madeInOnePiece(standingsPath(t));
    let steps = 0;
    s.service.standings.part = 2;
    s.service.standings.beforeStep = () => {
      // Seeds 1-6 read (a step the stages, then 2 a step), 7-16 not yet: made on, the first
      // renamed would keep its old name and the last take its new one.
      if (++steps === 5)
        for (const seed of [1, 16]) renameNow(t, idOfSeed.get(seed)!, `New ${seed}`);
      return true;
    };
    const counts = {
      inParts: s.service.standings.inParts,
      wholeAfterWrites: s.service.standings.wholeAfterWrites,
    };
    const answer = await served(standingsPath(t));
    expect(answer.status, answer.body).toBe(200);
    const after = madeInOnePiece(standingsPath(t));
    expect(after).toContain('"New 1"');
    expect(after).toContain('"New 16"');
    expect(answer.body).toBe(after);
    expect(s.service.standings.inParts).toBe(counts.inParts + 1);
    expect(s.service.standings.wholeAfterWrites).toBe(counts.wholeAfterWrites);
    // The first job stopped at the writes; a second made them all.
    expect(steps).toBeGreaterThan(5 + 16 / 2);
    expect(before).not.toContain("New");
  });

  it(`made in one piece, of one version, after ${TRIES} tries each met by a write`, async () => {
    const t = await started({ tournament_type: "double elimination" }, 16, 0);
    const open = await matches(s, t, "open");
    let steps = 0;
    let writes = 0;
    s.service.standings.part = 2;
    s.service.standings.beforeStep = () => {
      // A write in every try, at its third step (a try stops at the next).
      if (++steps % 4 === 3) reportNow(t, open[writes++]!);
      return true;
    };
    const whole = s.service.standings.wholeAfterWrites;
    const answer = await served(standingsPath(t));
    expect(answer.status, answer.body).toBe(200);
    expect(writes).toBe(TRIES);
    expect(s.service.standings.wholeAfterWrites).toBe(whole + 1);
    expect(answer.body).toBe(madeInOnePiece(standingsPath(t)));
  });

  it("serve answers another request while the standings are being made", async () => {
    const t = await started({ tournament_type: "round robin" }, 24, 30);
    const other = await createWithPlayers(s, { tournament_type: "swiss" }, 4);
    const order: string[] = [];
    let otherAnswered = false;
    let asked: Promise<unknown> | undefined;
    let held = 0;
    s.service.standings.beforeStep = () => {
      // At the first step, another request; the steps wait until serve has answered it.
      asked ??= served(`/v2.1/tournaments/${other.id}`).then((r) => {
        expect(r.status, r.body).toBe(200);
        order.push("other");
        otherAnswered = true;
      });
      if (!otherAnswered) held++;
      return otherAnswered;
    };
    const answer = await served(standingsPath(t)).then((r) => {
      order.push("standings");
      return r;
    });
    await asked;
    expect(order).toEqual(["other", "standings"]);
    expect(held).toBeGreaterThan(0);
    expect(answer.body).toBe(madeInOnePiece(standingsPath(t)));
  });

  it("a write pipelined behind the GET on its connection is not in its answer", async () => {
    const t = await started({ tournament_type: "single elimination" }, 8, 0);
    const before = madeInOnePiece(standingsPath(t));
    const [m] = await matches(s, t, "open");
    const body = JSON.stringify(reportBody(m!.player1_id, m!.player2_id));
    const host = `127.0.0.1:${server.port}`;
    const [standings, report] = await new Promise<Sent[]>((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1");
      let got = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => {
        got += chunk;
        const answers = responsesIn(got);
        if (answers.length < 2) return;
        socket.end();
        resolve(answers);
      });
      socket.on("error", reject);
      socket.write(
        `GET ${standingsPath(t)} HTTP/1.1\r\nHost: ${host}\r\n\r\n` +
          `PUT /v2.1/tournaments/${t}/matches/${m!.id} HTTP/1.1\r\nHost: ${host}\r\n` +
          "Content-Type: application/vnd.api+json\r\n" +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
    expect(standings!.head).toMatch(/^HTTP\/1\.1 200/);
    expect(report!.head).toMatch(/^HTTP\/1\.1 200/);
    expect(standings!.body).toBe(before);
    expect(madeInOnePiece(standingsPath(t))).not.toBe(before);
  });
});

interface Sent {
  readonly head: string;
  readonly body: string;
}

/** The whole responses in `text` (read as latin1: a character a byte), bodies as UTF-8. */
function responsesIn(text: string): Sent[] {
  const out: Sent[] = [];
  for (let at = 0; ; ) {
    const end = text.indexOf("\r\n\r\n", at);
    if (end < 0) return out;
    const head = text.slice(at, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (text.length < end + 4 + length) return out;
    const body = Buffer.from(text.slice(end + 4, end + 4 + length), "latin1").toString("utf8");
    out.push({ head, body });
    at = end + 4 + length;
  }
}
