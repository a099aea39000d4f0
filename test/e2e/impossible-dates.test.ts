/**
 * End to end: a date naming a day that does not exist, typed to the CLI. The store is left
 * as it was and the error names the flag's field and the date (exit 5, the service's
 * refusal; exit 2 for watch's --since, read by the CLI itself). Before, 2026-02-30 was
 * stored as 2 March and 2026-06-31 as 1 July.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

let home: string;
let env: Record<string, string>;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "tourney-dates-"));
  env = binaryEnv(home);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe.skipIf(!BUILT)("impossible dates through the CLI", () => {
  it("tournament create --starts-at: exit 5 naming starts_at and the date, nothing made", async () => {
    for (const [date, why] of [
      ["2026-02-30T10:00:00Z", "February 2026 has 28 days"],
      ["2026-06-31T10:00:00+02:00", "June 2026 has 30 days"],
    ] as const) {
      const r = await runBinary(
        ["tournament", "create", "--name", "X", "--starts-at", date, "--json", "starts_at"],
        env,
      );
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`starts_at ${JSON.stringify(date)} is not a date: ${why}`);
      expect(r.code).toBe(5);
    }
    const listed = await runBinary(["tournament", "list", "--json", "id"], env);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });

  it("--starts-at T24:00, T23:60 or :60 seconds: exit 5 naming starts_at and the form, nothing made", async () => {
    for (const [date, why] of [
      ["2026-12-01T24:00Z", "the hour runs from 00 to 23, not 24"],
      ["2026-12-01T23:60+01:00", "the minute runs from 00 to 59, not 60"],
      ["2026-12-01T23:59:60Z", "the second runs from 00 to 59, not 60"],
    ] as const) {
      const r = await runBinary(
        ["tournament", "create", "--name", "X", "--starts-at", date, "--json", "starts_at"],
        env,
      );
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(
        `starts_at ${JSON.stringify(date)} is not a date: ${why} (a time of day is hh:mm or hh:mm:ss, 00:00 to 23:59:59`,
      );
      expect(r.code).toBe(5);
    }
    const listed = await runBinary(["tournament", "list", "--json", "id"], env);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });

  it("tournament list --created-after: exit 5 naming created_after", async () => {
    const r = await runBinary(["tournament", "list", "--created-after", "2026-04-31"], env);
    expect(r.stderr).toContain('created_after "2026-04-31" is not a date: April 2026 has 30 days');
    expect(r.code).toBe(5);
  });

  it("watch --since: exit 2 naming --since", async () => {
    const made = await runBinary(["tournament", "create", "--name", "W", "--json", "id"], env);
    const id = String((JSON.parse(made.stdout) as { id: number }).id);
    const r = await runBinary(["watch", id, "--since", "2026-11-31T00:00:00Z"], env);
    expect(r.stderr).toContain(
      'error: --since "2026-11-31T00:00:00Z" is not a date: November 2026 has 30 days',
    );
    expect(r.code).toBe(2);
    const midnight = await runBinary(["watch", id, "--since", "2026-11-30T24:00:00Z"], env);
    expect(midnight.stderr).toContain(
      'error: --since "2026-11-30T24:00:00Z" is not a date: the hour runs from 00 to 23, not 24',
    );
    expect(midnight.code).toBe(2);
  });
});
