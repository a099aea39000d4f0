/**
 * The embedded read-only path (issue 27, service/reader.ts): a tournament list answered
 * without the service, the same document as the service's, and nothing answered where
 * the service's answer could differ (the transport then asks the service).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { HttpRequest } from "../../src/model/http.js";
import { openReader } from "../../src/service/reader.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { openForReading } from "../../src/store/read-only.js";
import { SCHEMA_VERSION } from "../../src/store/schema-version.js";
import { changeState, createWithPlayers, playOut } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-reader-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = new Date("2026-03-01T10:00:00.000Z");
const clock = () => NOW;

const get = (path: string, headers: Record<string, string> = {}): HttpRequest => ({
  method: "GET",
  path,
  headers: { Accept: "application/json", "Content-Type": "application/vnd.api+json", ...headers },
});

/** A database file with a started, a complete and a pending tournament of two types. */
async function seeded(name: string) {
  const dbPath = join(dir, `${name}.db`);
  const s = await startService({ dbPath, now: clock });
  const started = await createWithPlayers(s, { tournament_type: "double elimination" }, 6);
  expect((await changeState(s, started.id, "start")).status).toBe(200);
  const done = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
  await changeState(s, done.id, "start");
  await playOut(s, done.id, (m) => m.player1_id);
  await createWithPlayers(s, { tournament_type: "round robin", description: "ünïcode ✓" }, 0);
  return { dbPath, s };
}

/** A sink that keeps what the list's text writes to it (Reader.records). */
function collected() {
  const parts: Uint8Array[] = [];
  const sink = (more: readonly Uint8Array[]): boolean => {
    parts.push(...more);
    return true;
  };
  return { parts, sink };
}

describe("the embedded read-only path", () => {
  it("answers the service's list document, for every filter and page", async () => {
    const { dbPath, s } = await seeded("same");
    const reader = openReader({ dbPath, now: clock })!;
    expect(reader).toBeDefined();
    for (const query of [
      "",
      "?state=pending",
      "?state=in_progress",
      "?state=ended",
      "?type=double_elimination",
      "?per_page=2",
      "?per_page=2&page=2",
      "?created_after=2020-01-01&created_before=01/31/2099",
    ]) {
      const path = `/v2.1/tournaments${query}`;
      const read = reader.answer(get(path));
      expect(read, path).toBeDefined();
      const served = await s.service.handle(get(path));
      expect(read!.status).toBe(200);
      expect(read!.headers["content-type"]).toBe(served.headers["content-type"]);
      expect(JSON.parse(read!.body), path).toEqual(JSON.parse(served.body));
      expect(read!.json).toEqual(JSON.parse(served.body));
    }
    // The matches of the started and the complete tournament are counted as the service counts.
    const counted = (reader.answer(get("/v2.1/tournaments"))!.json as any).data;
    expect(counted.map((t: any) => t.attributes.matches_count)).toEqual([10, 3, 0]);
    expect(counted[1].attributes.progress_meter).toBe(100);
    reader.close();
    s.service.close();
  });

  it("steps aside where the service's answer could differ", async () => {
    const { dbPath, s } = await seeded("aside");
    s.service.close();
    const reader = openReader({ dbPath, now: clock })!;
    const written = collected();
    for (const request of [
      get("/v2.1/tournaments?community_id=club"),
      get("/v2.1/tournaments", { "If-None-Match": '"x"' }),
      get("/v2.1/tournaments", { Accept: "text/html" }),
      get("/v2.1/tournaments?per_page=0"),
      get("/v2.1/tournaments?state=sleeping"),
      get("/v2.1/tournaments/1"),
      get("/v2.1/races"),
      { ...get("/v2.1/tournaments"), method: "POST" as const, body: "{}" },
    ]) {
      expect(reader.answer(request), `${request.method} ${request.path}`).toBeUndefined();
      // Nor does it make the list's text (store/tournament-records-json.ts) there.
      expect(reader.records(request, written.sink), `${request.method} ${request.path}`).toBe(
        undefined,
      );
    }
    // The text is every page at once: a page asked for is the service's document's.
    for (const query of ["?page=1", "?per_page=2", "?page=2&per_page=1"])
      expect(reader.records(get(`/v2.1/tournaments${query}`), written.sink), query).toBe(undefined);
    // Nothing was written where it stepped aside.
    expect(written.parts).toEqual([]);
    expect(reader.records(get("/v2.1/tournaments"), written.sink)).toBeDefined();
    expect(Buffer.concat(written.parts).toString("utf8")).toMatch(/^\[\{"id":1,.*\}\]\n$/);
    reader.close();
    expect(openReader({ dbPath: ":memory:" })).toBeUndefined();
    expect(openReader({ dbPath: join(dir, "missing.db") })).toBeUndefined();
  });

  it("throws a failure once it has written, so that the service does not list again", async () => {
    const { dbPath, s } = await seeded("thrown");
    s.service.close();
    const reader = openReader({ dbPath, now: clock })!;
    const failing = () => {
      throw new Error("written, then failed");
    };
    expect(() => reader.records(get("/v2.1/tournaments"), failing)).toThrow("written, then failed");
    reader.close();
  });

  it("reads no database of another schema version (the store migrates it first)", async () => {
    const { dbPath, s } = await seeded("older");
    s.service.close();
    const db = new Database(dbPath);
    db.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
    db.close();
    expect(openReader({ dbPath, now: clock })).toBeUndefined();
  });

  it("knows the schema version the migrations make", () => {
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it("leaves a due check-in to the service, which opens it as it lists", async () => {
    const dbPath = join(dir, "check-in.db");
    const early = new Date("2026-06-01T10:00:00.000Z");
    const s = await startService({ dbPath, now: () => early });
    await createWithPlayers(
      s,
      {
        tournament_type: "single elimination",
        starts_at: "2026-06-01T12:00:00.000Z",
        registration_options: { check_in_duration: 60 },
      },
      4,
    );
    s.service.close();
    const due = () => new Date("2026-06-01T11:30:00.000Z");
    const reader = openReader({ dbPath, now: due })!;
    expect(reader.answer(get("/v2.1/tournaments"))).toBeUndefined();
    expect(reader.records(get("/v2.1/tournaments"), collected().sink)).toBeUndefined();
    // Nor some fields of them (the chunks' statement tells a check-in due, for both).
    const fields = collected();
    expect(reader.records(get("/v2.1/tournaments"), fields.sink, { fields: ["id"] })).toBe(
      undefined,
    );
    expect(fields.parts).toEqual([]);
    // Before the window opens the path answers (pending); through the transport, the
    // service answers once it is due, and opens the check-in (a write the path never makes).
    expect(
      (openReader({ dbPath, now: () => early })!.answer(get("/v2.1/tournaments"))!.json as any)
        .data[0].attributes.state,
    ).toBe("pending");
    reader.close();
    const transport = createInProcessTransport({ dbPath, now: due });
    const listed = await transport.send(get("/v2.1/tournaments"));
    expect((listed.json as any).data[0].attributes.state).toBe("checking_in");
    await transport.close();
  });

  it("never writes: its connection is query_only", async () => {
    const { dbPath, s } = await seeded("query-only");
    s.service.close();
    const db = openForReading(dbPath)!;
    expect(() => db.exec("DELETE FROM tournaments")).toThrow(/readonly|read-only/i);
    expect(db.prepare("SELECT COUNT(*) AS n FROM tournaments").get()).toEqual({ n: 3 });
    db.close();
  });
});
