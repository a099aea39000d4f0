/** API keys of the served service. Only a SHA-256 hash of each key is stored. */
import type { Db } from "./database.js";

export interface ApiKeyRow {
  readonly id: number;
  readonly label: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
}

export function hashApiKey(key: string): string {
  // node:crypto is loaded on first use (start-up of commands that never see a key).
  return process
    .getBuiltinModule("node:crypto")
    .createHash("sha256")
    .update(key, "utf8")
    .digest("hex");
}

export class ApiKeyRepository {
  constructor(private readonly db: Db) {}

  count(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM api_keys").get() as { n: number }).n;
  }

  insert(label: string, key: string, now: string): number {
    const result = this.db
      .prepare("INSERT INTO api_keys (label, key_hash, created_at) VALUES (?, ?, ?)")
      .run(label, hashApiKey(key), now);
    return Number(result.lastInsertRowid);
  }

  /** Returns the key's row when it is known, recording its use. */
  verify(key: string, now: string): ApiKeyRow | undefined {
    const hash = hashApiKey(key);
    const row = this.db
      .prepare("SELECT id, label, created_at, last_used_at FROM api_keys WHERE key_hash = ?")
      .get(hash) as ApiKeyRow | undefined;
    if (row !== undefined) {
      this.db.prepare("UPDATE api_keys SET last_used_at = ? WHERE id = ?").run(now, row.id);
    }
    return row;
  }

  list(): ApiKeyRow[] {
    return this.db
      .prepare("SELECT id, label, created_at, last_used_at FROM api_keys ORDER BY id")
      .all() as ApiKeyRow[];
  }

  revoke(id: number): boolean {
    return this.db.prepare("DELETE FROM api_keys WHERE id = ?").run(id).changes > 0;
  }
}
