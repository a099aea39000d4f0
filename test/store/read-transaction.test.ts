/**
 * readTransaction (store/read-transaction.ts): the embedded list's one read transaction, as
 * better-sqlite3's db.transaction(fn)() ran it: BEGIN and COMMIT, a savepoint inside a
 * transaction already open, rolled back when `fn` throws.
 */
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readTransaction } from "../../src/store/read-transaction.js";

let db: Database.Database;
beforeEach(() => {
  db = new Database(":memory:");
  db.exec("CREATE TABLE t (x INTEGER)");
});
afterEach(() => db.close());

const count = () => db.prepare("SELECT COUNT(*) FROM t").pluck().get();

describe("readTransaction", () => {
  it("runs fn in a transaction and ends it, returning what fn returned", () => {
    const seen = readTransaction(db, () => {
      expect(db.inTransaction).toBe(true);
      return "done";
    });
    expect(seen).toBe("done");
    expect(db.inTransaction).toBe(false);
  });

  it("rolls back and rethrows what fn threw", () => {
    const failure = new Error("failed inside");
    expect(() =>
      readTransaction(db, () => {
        db.exec("INSERT INTO t VALUES (1)");
        throw failure;
      }),
    ).toThrow(failure);
    expect(db.inTransaction).toBe(false);
    expect(count()).toBe(0);
  });

  it("inside a transaction, takes a savepoint and leaves the outer transaction open", () => {
    db.exec("BEGIN");
    db.exec("INSERT INTO t VALUES (1)");
    readTransaction(db, () => db.exec("INSERT INTO t VALUES (2)"));
    expect(db.inTransaction).toBe(true);
    expect(() =>
      readTransaction(db, () => {
        db.exec("INSERT INTO t VALUES (3)");
        throw new Error("undone");
      }),
    ).toThrow("undone");
    // Only the failed savepoint's row is gone; the outer transaction is still open.
    expect(db.inTransaction).toBe(true);
    expect(count()).toBe(2);
    db.exec("COMMIT");
    expect(count()).toBe(2);
  });
});
