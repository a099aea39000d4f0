/** Prepared statements, prepared once per connection and SQL text. */
import type { Statement } from "better-sqlite3";
import type { Db } from "./database.js";

export class Statements {
  private readonly cache = new Map<string, Statement<unknown[]>>();

  constructor(private readonly db: Db) {}

  get(sql: string): Statement<unknown[]> {
    let statement = this.cache.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }
}
