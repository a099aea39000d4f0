/**
 * service/tournament-tags.ts on its own: a part is read once a store generation, taken only
 * when no other connection committed between the request's look and the reads of the
 * revision (the route's body is of the look's state), and named in If-Match only by a
 * write whose path names its tournament.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createContext } from "../../src/service/context.js";
import { entityTag } from "../../src/service/entity-tag.js";
import {
  tournamentOfPath,
  tournamentOfTag,
  tournamentTags,
} from "../../src/service/tournament-tags.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { tournamentRevisions } from "../../src/store/tournament-revisions.js";

const NOW = "2026-11-27T10:00:00.000Z";
const dirs: string[] = [];
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** serve's context on a file with one tournament, another connection on the file, and the tags. */
function setUp(onRead: () => void = () => {}) {
  const dir = mkdtempSync(join(tmpdir(), "tourney-tournament-tags-"));
  dirs.push(dir);
  const db = openDatabase(join(dir, "t.db"));
  open.push(db);
  const context = createContext(db, {});
  const id = context.tournaments.insert({
    settings: { ...defaultSettings(), name: "Cup", url: "cup", tournament_type: "round robin" },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
  const other = openDatabase(join(dir, "t.db"));
  open.push(other);
  const reader = tournamentRevisions(db, context.changes);
  let reads = 0;
  const counted = Object.assign(
    (tournament: number) => {
      reads++;
      onRead();
      return reader(tournament);
    },
    { kept: reader.kept },
  );
  const tags = tournamentTags(context, counted);
  /** The part as a request would ask it: after the request's look. */
  const ask = () => context.inRequest(() => tags.part(id, context.generation()!));
  return { context, id, other, tags, ask, reads: () => reads };
}

const rename = (db: Db, id: number, name: string) =>
  db.prepare("UPDATE tournaments SET name = ? WHERE id = ?").run(name, id);

describe("TournamentTags.part", () => {
  it("is read once a store generation and moves when the tournament changes", () => {
    const { ask, reads, other, id, context } = setUp();
    const first = ask();
    expect(first).toMatch(new RegExp(`^t${id}r\\d+s\\d+$`));
    expect(ask()).toBe(first);
    expect(reads()).toBe(1);
    rename(other, id, "Renamed");
    const renamed = ask();
    expect(renamed).not.toBe(first);
    expect(reads()).toBe(2);
    // A write to no row of the tournament: read again (a new generation), the same part.
    context.write(() =>
      context.tournaments.insert({
        settings: { ...defaultSettings(), name: "B", url: "b", tournament_type: "swiss" },
        communityId: null,
        randomSeed: 1,
        now: NOW,
      }),
    );
    expect(ask()).toBe(renamed);
    expect(reads()).toBe(3);
  });

  it("is not given when another connection commits between the request's look and its reads", () => {
    let race = true;
    const fixture = setUp(() => {
      if (race) rename(fixture.other, fixture.id, "Mid-request");
    });
    expect(fixture.ask()).toBeUndefined();
    race = false;
    const settled = fixture.ask();
    expect(settled).toBeDefined();
    expect(fixture.ask()).toBe(settled);
  });

  it("is not read inside a write transaction unless asked for a write's If-Match", () => {
    const { context, tags, id } = setUp();
    const inside = context.write(() => [
      tags.part(id, context.generation()!),
      tags.part(id, context.generation()!, true),
    ]);
    expect(inside[0]).toBeUndefined();
    expect(inside[1]).toMatch(/^t\d+r\d+s\d+$/);
  });
});

describe("tags and paths of a tournament", () => {
  it("tells the tournament of a tag of this module, and of none other", () => {
    expect(tournamentOfTag(entityTag("abc1", "t12r3s40", "ada\nhttp://h"))).toBe(12);
    expect(tournamentOfTag(entityTag("abc1", "4.17", "ada\nhttp://h"))).toBeUndefined();
    expect(tournamentOfTag(`W/${entityTag("abc1", "t12r3s40", "ada")}`)).toBeUndefined();
  });

  it("tells the tournament a path names, by id or url, under a community too", () => {
    const byUrl = (url: string) => (url === "spring cup" ? 7 : undefined);
    expect(tournamentOfPath("/v2.1/tournaments/0094/matches/3", byUrl)).toBe(94);
    expect(tournamentOfPath("/v2.1/communities/c/tournaments/spring%20cup", byUrl)).toBe(7);
    expect(tournamentOfPath("/v2.1/tournaments/nope", byUrl)).toBeUndefined();
    expect(tournamentOfPath("/v2.1/races/3", byUrl)).toBeUndefined();
    expect(tournamentOfPath("/v2.1/tournaments/%E0%A4%A", byUrl)).toBeUndefined();
  });
});
