/**
 * A reply's entity tag never claims a commit its body does not hold. A GET of a tournament by
 * its url read the row with a plain query (findByUrl) before the request's look at other
 * connections' commits, which the store takes at its first cached read or at the generation
 * after the route. Another connection's commit landing between the two was then seen by the
 * look, and the reply carried the newer tournament revision over the older body: every later
 * If-None-Match got 304, and `tourney watch` on the database file kept the tournament as it
 * was (a finalize by another process landing there: a watch --until complete never ended).
 * Here the commit is made at the one moment between the route's read and the look: the
 * service's clock, which the lookup asks right after the row is read (a pending tournament
 * with a check-in window not yet open), commits through a second connection on the file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpResponse } from "../../src/model/http.js";
import { openService, type Service } from "../../src/service/index.js";
import { type Db, openDatabase } from "../../src/store/database.js";

const dirs: string[] = [];
const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0)) close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A service on a file whose clock runs what `arm` was given once, and another connection on the file. */
async function setUp(): Promise<{ service: Service; other: Db; arm: (fn: () => void) => void }> {
  const dir = mkdtempSync(join(tmpdir(), "tourney-tag-after-read-"));
  dirs.push(dir);
  let armed: (() => void) | undefined;
  const service = await openService({
    dbPath: join(dir, "t.db"),
    now: () => {
      const fn = armed;
      armed = undefined;
      fn?.();
      return new Date("2026-06-01T09:00:00.000Z");
    },
  });
  closing.push(() => service.close());
  const created = await service.handle({
    method: "POST",
    path: "/v2.1/tournaments",
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "tournament",
        attributes: {
          name: "Cup",
          url: "cup",
          tournament_type: "single elimination",
          // A check-in window not open yet: the lookup asks the clock after reading the row.
          starts_at: "2026-06-01T12:00:00.000Z",
          registration_options: { check_in_duration: 60 },
        },
      },
    }),
  });
  expect(created.status, created.body).toBe(201);
  const other = openDatabase(join(dir, "t.db"));
  closing.push(() => other.close());
  return { service, other, arm: (fn) => (armed = fn) };
}

/** The body as a client of this transport reads it: the in-process object, or the text (serve). */
function nameIn(response: HttpResponse, via: "object" | "text"): string {
  const json = via === "object" ? (response as { json?: unknown }).json : undefined;
  const body = (json ?? JSON.parse(response.body)) as { data: { attributes: { name: string } } };
  return body.data.attributes.name;
}

/** A rename as the service writes it: the name column and the settings' name (the body's). */
const RENAME = `UPDATE tournaments SET name = 'Renamed',
  settings = json_set(settings, '$.name', 'Renamed') WHERE url = 'cup'`;

const get = (service: Service, etag?: string) =>
  service.handle({
    method: "GET",
    path: "/v2.1/tournaments/cup",
    headers: etag === undefined ? {} : { "if-none-match": etag },
  });

/** Another commit from the other connection before the look: the request is at a new generation. */
const DESCRIBE = `UPDATE tournaments SET settings = json_set(settings, '$.description', 'Later') WHERE url = 'cup'`;

/**
 * What a poller ends up holding: the last 200's name, asking again with its tag, after a look
 * in which the rename lands between the read of the row and the look at other commits
 * (`moved`: that request at a new generation, another commit before it); and the last status.
 */
async function pollAcrossRename(via: "object" | "text", moved: boolean) {
  const { service, other, arm } = await setUp();
  const first = await get(service);
  expect(nameIn(first, via)).toBe("Cup");
  if (moved) other.prepare(DESCRIBE).run();
  arm(() => other.prepare(RENAME).run());
  let [tag, name, status] = [first.headers.etag, "Cup", 200];
  for (let look = 0; look < 3; look++) {
    const again = await get(service, tag);
    status = again.status;
    if (again.status === 200) [tag, name] = [again.headers.etag, nameIn(again, via)];
  }
  return { name, status };
}

const settled = { name: "Renamed", status: 304 };

describe("a tag never names a commit the body does not hold", () => {
  for (const via of ["object", "text"] as const)
    it(`a rename between the read of the row and the look (body as ${via})`, async () => {
      expect(await pollAcrossRename(via, false)).toEqual(settled);
    });

  it("a rename between the read of the row and the look, at a new generation", async () => {
    expect(await pollAcrossRename("object", true)).toEqual(settled);
  });

  // The tag's own look (tournament-tags.ts) sees the rename after the route's reads: the tag
  // is the route's generation, but the reply's text was kept under the newer one, and the
  // next request, at that one, sent the older text under the newer revision (serve, -v).
  it("a rename between the route's reads and the tag's look: the text is not kept", async () => {
    expect(await pollAcrossRename("text", true)).toEqual(settled);
  });
});
