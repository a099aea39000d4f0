/**
 * Reused reply texts (service/reply-memo.ts): a reusable GET answers the text
 * it answered before only while nothing was written — by this service, by a
 * route that writes on read, or by another connection to the same file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ReplyMemo } from "../../src/service/reply-memo.js";
import { participantsBody, startService, tournamentBody } from "../helpers/service.js";

const scratch = mkdtempSync(join(tmpdir(), "tourney-reply-memo-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("ReplyMemo", () => {
  it("keeps a text per key for one generation, and drops them all at the next", () => {
    const memo = new ReplyMemo();
    let made = 0;
    const make = (text: string) => () => {
      made++;
      return text;
    };
    expect(memo.text("a", "0.1", make("A1")).text).toBe("A1");
    expect(memo.text("a", "0.1", make("A2")).text).toBe("A1");
    expect(memo.text("b", "0.1", make("B1")).text).toBe("B1");
    expect(made).toBe(2);
    expect(memo.text("a", "0.2", make("A3")).text).toBe("A3");
    expect(memo.text("b", "0.2", make("B2")).text).toBe("B2");
    expect(made).toBe(4);
  });

  it("does not keep a text over 256 Ki characters", () => {
    const memo = new ReplyMemo();
    const big = "x".repeat(256 * 1024 + 1);
    expect(memo.text("a", "1", () => big).text).toBe(big);
    expect(memo.text("a", "1", () => "small").text).toBe("small");
  });

  it("counts a kept text's UTF-8 bytes once, when first asked", () => {
    const memo = new ReplyMemo();
    const text = '{"name":"Coupe d\'été ✓"}';
    const bytes = new TextEncoder().encode(text).length;
    expect(bytes).toBe(text.length + 4);
    const count = vi.spyOn(Buffer, "byteLength");
    try {
      memo.text("a", "1", () => text);
      expect(count).not.toHaveBeenCalled();
      expect(memo.kept("a", "1")?.bytes).toBe(bytes);
      expect(memo.kept("a", "1")?.bytes).toBe(bytes);
      expect(count).toHaveBeenCalledTimes(1);
    } finally {
      count.mockRestore();
    }
  });
});

describe("reusable replies of the service", () => {
  async function playedCup(dbPath: string, now?: () => Date) {
    const s = await startService({ dbPath, ...(now === undefined ? {} : { now }) });
    const created = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Cup", tournament_type: "single elimination" }),
    );
    const t = created.json.data.id as string;
    await s.request(
      "POST",
      `/v2.1/tournaments/${t}/participants/bulk_add`,
      participantsBody(["Ada", "Grace", "Linus", "Alan"]),
    );
    const started = await s.request("PUT", `/v2.1/tournaments/${t}/change_state`, {
      data: { type: "TournamentState", attributes: { state: "start" } },
    });
    expect(started.status).toBe(200);
    return { s, t };
  }

  it("answers the same text until a write through the service changes it", async () => {
    const { s, t } = await playedCup(join(scratch, "own.db"));
    const first = await s.request("GET", `/v2.1/tournaments/${t}/matches?state=open`);
    const again = await s.request("GET", `/v2.1/tournaments/${t}/matches?state=open`);
    expect(again.body).toBe(first.body);
    const m = first.json.data[0];
    const report = await s.request("PUT", `/v2.1/tournaments/${t}/matches/${m.id}`, {
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: m.attributes.player1_id, score_set: "2", advancing: true },
            { participant_id: m.attributes.player2_id, score_set: "0", advancing: false },
          ],
        },
      },
    });
    expect(report.status).toBe(200);
    const after = await s.request("GET", `/v2.1/tournaments/${t}/matches?state=open`);
    expect(after.json.data.map((x: { id: string }) => x.id)).not.toContain(m.id);
    const one = await s.request("GET", `/v2.1/tournaments/${t}/matches/${m.id}`);
    expect(one.json.data.attributes.state).toBe("complete");
    const cup = await s.request("GET", `/v2.1/tournaments/${t}`);
    expect(cup.json.data.attributes.progress_meter).toBeGreaterThan(0);
    s.service.close();
  });

  it("sees another connection's commit on the next request", async () => {
    const dbPath = join(scratch, "foreign.db");
    const { s, t } = await playedCup(dbPath);
    const before = await s.request("GET", `/v2.1/tournaments/${t}`);
    expect((await s.request("GET", `/v2.1/tournaments/${t}`)).body).toBe(before.body);
    // Another process on the same file, as `tourney` on the command line beside `serve`.
    const other = await startService({ dbPath });
    const renamed = await other.request(
      "PUT",
      `/v2.1/tournaments/${t}`,
      tournamentBody({ name: "Renamed Cup" }),
    );
    expect(renamed.status).toBe(200);
    other.service.close();
    const after = await s.request("GET", `/v2.1/tournaments/${t}`);
    expect(after.json.data.attributes.name).toBe("Renamed Cup");
    s.service.close();
  });

  it("writes made by a read (check-in opening) give a fresh text", async () => {
    let now = Date.parse("2026-03-01T09:00:00.000Z");
    const s = await startService({
      dbPath: join(scratch, "check-in.db"),
      now: () => new Date(now),
    });
    const created = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({
        name: "Late Cup",
        tournament_type: "single elimination",
        starts_at: "2026-03-01T12:00:00.000Z",
        registration_options: { check_in_duration: 60 },
      }),
    );
    expect(created.status).toBe(201);
    const t = created.json.data.id as string;
    const early = await s.request("GET", `/v2.1/tournaments/${t}`);
    expect(early.json.data.attributes.state).toBe("pending");
    expect((await s.request("GET", `/v2.1/tournaments/${t}`)).body).toBe(early.body);
    now = Date.parse("2026-03-01T11:30:00.000Z");
    const open = await s.request("GET", `/v2.1/tournaments/${t}`);
    expect(open.json.data.attributes.state).toBe("checking_in");
    s.service.close();
  });
});
