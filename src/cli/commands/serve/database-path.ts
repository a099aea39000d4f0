/** Which database `serve` and `serve key` work on: --db, or the embedded profile's. */
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";

export function databaseFor(f: Factory, db: string | undefined): string {
  if (db !== undefined) return db;
  const profile = f.profile();
  if (profile.backend !== "embedded") {
    throw new UsageError(
      `profile ${profile.name} is remote; pass --db FILE to choose the database to serve`,
    );
  }
  return profile.dbPath;
}
