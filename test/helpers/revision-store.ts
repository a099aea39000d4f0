/**
 * A round robin tournament "cup" in a fresh in-memory store, through the service's
 * context (with or without the store cache), and a look at its revision: for the tests of
 * what moves a tournament's revision (match-insert-revision, participant-insert-count).
 * Each database is closed after its test.
 */
import { afterEach } from "vitest";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";

export const NOW = "2026-11-26T10:00:00.000Z";

const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** Closes `db` after the test. */
export function closeAfter(db: Db): Db {
  open.push(db);
  return db;
}

/** The tournament's revision, as readers compare it. */
export const revision = (db: Db, id: number) =>
  db.prepare("SELECT revision FROM tournament_revisions WHERE tournament_id = ?").pluck().get(id);

/** A fresh store with one round robin tournament; the database is closed after the test. */
export function revisionTournament(cache: boolean) {
  const db = closeAfter(openDatabase(":memory:"));
  const service = createContext(db, { cache });
  const id = service.tournaments.insert({
    settings: { ...defaultSettings(), name: "Cup", url: "cup", tournament_type: "round robin" },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
  return { db, service, id };
}
