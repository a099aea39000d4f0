/**
 * The report that ends a large swiss round (issue 27) runs in serve's write worker
 * (src/service/write-worker/round-end.ts): reads of another tournament are answered while
 * it pairs the next round; its reply is the event loop's (TOURNEY_SERVE_WRITE_WORKER=0), and
 * the next round's matches are read right after it. The built binary on loopback ports.
 * Outcomes and order are asserted, never times.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";

/** round-end.ts ROUND_END_PLAYERS: a stage it sends to the worker. */
const PLAYERS = 512;
const SLOW = 120_000;

interface Reply {
  readonly status: number;
  readonly text: string;
  readonly headers: string;
}

describe.runIf(BUILT)("the report ending a large swiss round, on serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-swiss-round-end-"));
  const servers: Served[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(name: string, env: Record<string, string> = {}) {
    const served = await startServe(["--db", join(dir, `${name}.db`)], {
      PATH: process.env.PATH ?? "",
      TOURNEY_CONFIG_DIR: join(dir, name, "config"),
      TOURNEY_DATA_DIR: join(dir, name, "data"),
      ...env,
    });
    servers.push(served);
    const call = async (method: string, path: string, body?: object): Promise<Reply> => {
      const response = await fetch(`http://127.0.0.1:${served.port}/v2.1${path}`, {
        method,
        headers: { authorization: served.apiKey, "content-type": "application/vnd.api+json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const headers = [...response.headers]
        .filter(([key]) => !["date", "keep-alive", "connection", "etag"].includes(key))
        .map(([key, value]) => `${key}: ${value}`)
        .join("\n");
      const text = (await response.text())
        .replaceAll(`127.0.0.1:${served.port}`, "HOST")
        .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, "TIME");
      return { status: response.status, text, headers };
    };
    /** The tournament's event stream, open; `until` the first event `wanted` accepts. */
    const stream = async (id: string) => {
      const abort = new AbortController();
      const response = await fetch(
        `http://127.0.0.1:${served.port}/v2.1/tournaments/${id}/events`,
        {
          headers: { authorization: served.apiKey, accept: "text/event-stream" },
          signal: abort.signal,
        },
      );
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes(": watching")) text += (await reader.read()).value ?? "";
      const until = async (wanted: (event: any) => boolean) => {
        for (;;) {
          for (const line of text.split("\n"))
            if (line.startsWith("data: ") && wanted(JSON.parse(line.slice(6))))
              return JSON.parse(line.slice(6));
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended: ${text}`);
          text += value;
        }
      };
      return { until, close: () => abort.abort() };
    };
    return Object.assign(call, { stream });
  }
  type Call = Awaited<ReturnType<typeof serve>>;

  const attributes = (name: string, extra: object) => ({
    data: { type: "tournament", attributes: { name, ...extra } },
  });

  async function tournament(call: Call, name: string, type: string, players: number) {
    const created = await call(
      "POST",
      "/tournaments.json",
      attributes(name, { tournament_type: type }),
    );
    expect(created.status).toBeLessThan(300);
    const id = JSON.parse(created.text).data.id as string;
    const participants = Array.from({ length: players }, (_, i) => ({ name: `${name} ${i + 1}` }));
    const body = { data: { type: "Participants", attributes: { participants } } };
    expect((await call("POST", `/tournaments/${id}/participants/bulk_add.json`, body)).status).toBe(
      200,
    );
    const state = { data: { type: "TournamentState", attributes: { state: "start" } } };
    expect((await call("PUT", `/tournaments/${id}/change_state.json`, state)).status).toBe(200);
    return id;
  }

  async function openMatches(call: Call, id: string): Promise<any[]> {
    const r = await call("GET", `/tournaments/${id}/matches.json?state=open&per_page=1000`);
    expect(r.status).toBe(200);
    return JSON.parse(r.text).data;
  }

  const won = (m: any) => ({
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: String(m.attributes.player1_id), score_set: "2", advancing: true },
          { participant_id: String(m.attributes.player2_id), score_set: "1" },
        ],
      },
    },
  });

  /** A started swiss of PLAYERS with every round-1 match but the last reported; the last. */
  async function roundAlmostPlayed(call: Call, id: string) {
    const open = await openMatches(call, id);
    expect(open).toHaveLength(PLAYERS / 2);
    const last = open.pop();
    for (const m of open)
      expect((await call("PUT", `/tournaments/${id}/matches/${m.id}.json`, won(m))).status).toBe(
        200,
      );
    return last;
  }

  it(
    "answers reads of another tournament while the round's last report pairs the next",
    async () => {
      const call = await serve("reads");
      const other = await tournament(call, "Other", "single elimination", 4);
      const swiss = await tournament(call, "Swiss", "swiss", PLAYERS);
      const last = await roundAlmostPlayed(call, swiss);
      const events = await call.stream(swiss);
      let reply: Reply | undefined;
      const reporting = call(
        "PUT",
        `/tournaments/${swiss}/matches/${last.id}.json`,
        won(last),
      ).then((r) => {
        reply = r;
      });
      // Each GET sent when the last came back: on the event loop, the report would hold
      // every one sent after it until its reply.
      let readsDuring = 0;
      while (reply === undefined) {
        const read = await call("GET", `/tournaments/${other}.json`);
        expect(read.status).toBe(200);
        // The swiss as it was or with its next round whole, never half of it.
        const seen = JSON.parse((await call("GET", `/tournaments/${swiss}.json`)).text);
        expect([PLAYERS / 2, PLAYERS]).toContain(seen.data.attributes.matches_count);
        if (reply === undefined) readsDuring++;
      }
      await reporting;
      expect(readsDuring).toBeGreaterThanOrEqual(5);
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.text).data.attributes.state).toBe("complete");
      // The main thread reads the round the worker paired, at once.
      const round2 = await openMatches(call, swiss);
      expect(round2).toHaveLength(PLAYERS / 2);
      expect(round2.every((m) => m.attributes.round === 2)).toBe(true);
      // The event stream (the main thread's snapshots) tells the new round.
      try {
        const opened = await events.until((e) => e.type === "match.opened");
        expect(opened.match.round).toBe(2);
      } finally {
        events.close();
      }
    },
    SLOW,
  );

  it(
    "answers the report as the event loop does, and the next round reads the same",
    async () => {
      const exchanges: string[][] = [];
      for (const [name, env] of [
        ["loop", { TOURNEY_SERVE_WRITE_WORKER: "0" }],
        ["worker", {}],
      ] as const) {
        const call = await serve(name, env);
        const swiss = await tournament(call, "Same", "swiss", PLAYERS);
        const last = await roundAlmostPlayed(call, swiss);
        const path = `/tournaments/${swiss}/matches/${last.id}.json`;
        const reply = await call("PUT", path, won(last));
        const next = await call(
          "GET",
          `/tournaments/${swiss}/matches.json?state=open&per_page=1000`,
        );
        const t = await call("GET", `/tournaments/${swiss}.json`);
        exchanges.push([reply, next, t].map((r) => `${r.status}\n${r.headers}\n${r.text}`));
      }
      const [onLoop, inWorker] = exchanges;
      expect(JSON.parse(onLoop![1]!.split("\n").at(-1)!).data).toHaveLength(PLAYERS / 2);
      expect(inWorker).toEqual(onLoop);
    },
    SLOW,
  );
});
