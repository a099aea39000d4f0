/**
 * The W-L-T the bracket page shows for a free for all when the service sends no standings (a
 * hosted service may not: layout.ts then counts them from the matches) is the service's own
 * (docs/tournaments.md: first place alone a win, a shared first place a tie, any other place a
 * loss; advancing is not a win). Before, every advancing player was counted a win: the second
 * of a table sending two on was 1-0-0 here and 0-1-0 in `tournament standings`.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bracketData } from "../../src/bracket-model/data.js";
import type { ResourceObject } from "../../src/model/resource.js";
import { layoutBracket, type StandingsPart } from "../../src/viewer/layout.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";
import { startService } from "../helpers/service.js";

let sb: Sandbox;
beforeAll(() => {
  sb = createSandbox();
});
afterAll(() => sb.cleanup());

async function records(t: string) {
  const s = await startService({ dbPath: join(sb.env.TOURNEY_DATA_DIR!, "tourney.db") });
  const get = async (path: string) =>
    (await s.request("GET", `/v2.1/tournaments/${t}${path}`)).json.data as ResourceObject[];
  const out = {
    tournament: (await get(".json")) as unknown as ResourceObject,
    participants: await get("/participants.json?per_page=1000"),
    matches: await get("/matches.json?per_page=1000"),
    standings: await get("/standings.json"),
  };
  s.service.close();
  return out;
}

/** Each player's W-L-T in the page's standings table, by name. */
function shown(data: ReturnType<typeof bracketData>): Record<string, string> {
  const part = layoutBracket(data, { compact: false })[0]!.parts.find(
    (p): p is StandingsPart => p.kind === "standings",
  )!;
  return Object.fromEntries(part.rows.map((r) => [r.name, r.record]));
}

describe("a free for all's W-L-T on the page without the service's standings", () => {
  it("counts as the service does: a lone first a win, a shared first a tie, advancing no win", async () => {
    const players = Array.from({ length: 12 }, (_, i) => `P${i + 1}`);
    const s = await createWith(sb, ["--name", "Kart Heat", "--type", "free for all"], players);
    ok(await sb.run(["tournament", "start", s.t]));
    const a = ["--ranks", "P1=1,P6=2,P7=3,P12=4", "--advancing", "P1,P6"];
    ok(await sb.run(["match", "report", s.t, "A", ...a]));
    const b = ["--ranks", "P2=1,P5=1,P8=3,P11=4", "--advancing", "P2,P5"];
    ok(await sb.run(["match", "report", s.t, "B", ...b]));
    const r = await records(s.t);
    const service = shown(bracketData(r));
    const counted = shown(bracketData({ ...r, standings: undefined }));
    expect(service).toMatchObject({ P1: "1-0-0", P6: "0-1-0", P2: "0-0-1", P5: "0-0-1" });
    expect(counted).toMatchObject({ P1: "1-0-0", P6: "0-1-0", P2: "0-0-1", P5: "0-0-1" });
    // Every player the matches name: the same record both ways.
    for (const [name, record] of Object.entries(counted)) expect(service[name]).toBe(record);
  });
});
