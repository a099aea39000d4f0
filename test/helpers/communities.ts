/** A service over a database file in which communities exist (added as `tourney serve community add` does). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openCommunityAdmin } from "../../src/service/index.js";
import { type ServiceHarness, startService } from "./service.js";

export async function serviceWithCommunities(
  identifiers: readonly string[],
  options: { requireAuth?: boolean; members?: Record<string, readonly string[]> } = {},
): Promise<ServiceHarness & { dbPath: string }> {
  const dbPath = join(mkdtempSync(join(tmpdir(), "tourney-communities-")), "db.sqlite");
  const admin = await openCommunityAdmin(dbPath);
  try {
    for (const identifier of identifiers) {
      admin.add({ identifier, name: `${identifier} community` });
      for (const member of options.members?.[identifier] ?? []) admin.addMember(identifier, member);
    }
  } finally {
    admin.close();
  }
  const harness = await startService({
    dbPath,
    ...(options.requireAuth === undefined ? {} : { requireAuth: options.requireAuth }),
  });
  return { ...harness, dbPath };
}
