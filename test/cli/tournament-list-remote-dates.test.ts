/**
 * `tournament list --created-after/--created-before` on a remote profile: the published
 * filters take mm/dd/yyyy ("Format should be (mm/dd/yyyy)"), and the dates were sent as typed
 * (2026-01-31, 2026-02-01T10:00; an outside review). Now 2026-01-31 is sent 01/31/2026, and
 * a time of day or a day that is not there is refused before anything is sent (exit 2). A
 * real loopback server records the query. (serve reading what is sent: e2e/tournament-list-remote.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let server: Loopback;
const asked: URL[] = [];

beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    asked.push(new URL(req.url ?? "/", "http://x"));
    res.writeHead(200, { "content-type": "application/json" });
    res.end("[]");
  });
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

const list = (...flags: string[]) =>
  sb.run(["tournament", "list", "--json", "name", ...flags], { env: pointedAt(server) });

describe("tournament list --created-after/--created-before on a remote profile", () => {
  it("sends the dates as mm/dd/yyyy", async () => {
    asked.length = 0;
    const r = await list("--created-after", "2026-01-31", "--created-before", "2/1/2026");
    expect(r.code, r.stderr).toBe(0);
    expect(
      asked.map((u) => [u.searchParams.get("created_after"), u.searchParams.get("created_before")]),
    ).toEqual([["01/31/2026", "02/01/2026"]]);
  });

  it.each([
    [
      ["--created-before", "2026-02-01T10:00"],
      "error: --created-before 2026-02-01T10:00: the service's filter takes a date only (mm/dd/yyyy), no time of day: give 2026-02-01\n",
    ],
    [
      ["--created-after", "2026-02-30"],
      "error: --created-after 2026-02-30: there is no such day\n",
    ],
    [
      ["--created-after", "yesterday"],
      "error: --created-after yesterday: give a date, 2026-01-31 or 01/31/2026\n",
    ],
  ])("%j is refused before anything is sent", async (flags, stderr) => {
    asked.length = 0;
    const r = await list(...flags);
    expect(r).toMatchObject({ code: 2, stdout: "", stderr });
    expect(asked).toEqual([]);
  });
});
