/**
 * One-match verbs read the match and its own players, not the whole roster
 * (match-players.ts): the requests each verb sends are recorded at the transport.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseMatchReport, runMatchReport } from "../../src/cli/commands/match/report.js";
import { runMatchView } from "../../src/cli/commands/match/view.js";
import { UnknownReferenceError, UsageError } from "../../src/cli/errors.js";
import type { ApiClient } from "../../src/client/api-client.js";
import type { Transport } from "../../src/client/transport.js";
import { createFactoryHarness, type FactoryHarness } from "../helpers/factory.js";

const NAMES = ["Ada", "Grace", "Linus", "Alan", "Edsger", "Barbara", "Donald", "Frances"];

let h: FactoryHarness;
let client: ApiClient;
beforeEach(async () => {
  h = createFactoryHarness();
  client = await h.client();
  await client.tournaments.create({ name: "Cup", tournament_type: "single elimination" });
  await client.participants.bulkAdd(
    "cup",
    NAMES.map((name) => ({ name })),
  );
  await client.tournaments.changeState("cup", "start");
});
afterEach(() => h.cleanup());

/** A Factory whose requests ("GET /v2.1/tournaments/cup/matches/3", no query) are kept. */
function recorded(globals: { json?: boolean } = {}) {
  const requests: string[] = [];
  const t = h.make({
    globals,
    transport: (shared): Transport => ({
      ...shared,
      send: (request) => {
        requests.push(`${request.method} ${request.path.replace(/\?.*/, "")}`);
        return shared.send(request);
      },
    }),
  });
  return { ...t, requests };
}

async function firstMatch() {
  const m = (await client.matches.listAll("cup")).find((x) => x.attributes.identifier === "A")!;
  const [p1, p2] = [m.attributes.player1_id, m.attributes.player2_id] as [number, number];
  const name = async (id: number) =>
    String((await client.participants.get("cup", id)).attributes.name);
  return { id: m.id, p1, p2, name1: await name(p1), name2: await name(p2) };
}

const base = "/v2.1/tournaments/cup";

describe("match report reads the match and its two players", () => {
  it("by match id and winner name: one GET of the match, one of each player, of the tournament, the PUT", async () => {
    const m = await firstMatch();
    const t = recorded();
    await runMatchReport(
      t.factory,
      parseMatchReport("cup", m.id, { winner: m.name2, scores: "1-3" }),
    );
    expect([...t.requests].sort()).toEqual(
      [
        `GET ${base}/matches/${m.id}`,
        `GET ${base}/participants/${m.p1}`,
        `GET ${base}/participants/${m.p2}`,
        // Whether it hides seeds (seeding_options.hide_seeds), for the match printed.
        `GET ${base}`,
        `PUT ${base}/matches/${m.id}`,
      ].sort(),
    );
    const out = t.stdout();
    expect(out).toContain(`player 1\t${m.name1} (id ${m.p1}, seed 1)`);
    expect(out).toContain(`winner\t${m.name2}`);
    expect((await client.matches.get("cup", m.id)).attributes.winner_id).toBe(m.p2);
  });

  it("by identifier and #seed: the match list, then the two players only", async () => {
    const m = await firstMatch();
    const t = recorded({ json: true });
    await runMatchReport(t.factory, parseMatchReport("cup", "a", { winner: "#1" }));
    expect(t.requests.filter((r) => r.includes("/participants"))).toEqual(
      expect.arrayContaining([`GET ${base}/participants/${m.p1}`]),
    );
    expect(t.requests).not.toContain(`GET ${base}/participants`);
    expect(t.json()).toMatchObject({ identifier: "A", state: "complete", winner_id: m.p1 });
  });

  it("a winner from another match is refused after reading the roster; an unknown one too", async () => {
    const m = await firstMatch();
    const other = NAMES.find((n) => n !== m.name1 && n !== m.name2)!;
    const t = recorded();
    await expect(
      runMatchReport(t.factory, parseMatchReport("cup", m.id, { winner: other })),
    ).rejects.toThrow(
      new UsageError(`--winner ${other} is not a player of match A (${m.name1} vs ${m.name2})`),
    );
    expect(t.requests).toContain(`GET ${base}/participants`);
    expect(t.requests.some((r) => r.startsWith("PUT"))).toBe(false);
    await expect(
      runMatchReport(h.make().factory, parseMatchReport("cup", m.id, { winner: "Nobody" })),
    ).rejects.toThrow(UnknownReferenceError);
    expect((await client.matches.get("cup", m.id)).attributes.state).toBe("open");
  });
});

describe("match view reads the match and its two players", () => {
  it("names both players without listing the participants (and reads the tournament)", async () => {
    const m = await firstMatch();
    const t = recorded();
    await runMatchView(t.factory, { tournament: "cup", match: m.id });
    expect([...t.requests].sort()).toEqual(
      [
        `GET ${base}/matches/${m.id}`,
        `GET ${base}/participants/${m.p1}`,
        `GET ${base}/participants/${m.p2}`,
        `GET ${base}`,
      ].sort(),
    );
    const out = t.stdout();
    expect(out).toContain(`player 1\t${m.name1} (id ${m.p1}, seed 1)`);
    expect(out).toContain(`player 2\t${m.name2} (id ${m.p2}, seed 8)`);
  });

  it("with --json reads the match alone", async () => {
    const m = await firstMatch();
    const t = recorded({ json: true });
    await runMatchView(t.factory, { tournament: "cup", match: m.id });
    expect(t.requests).toEqual([`GET ${base}/matches/${m.id}`]);
    expect(t.json()).toMatchObject({ id: Number(m.id), player1_id: m.p1, player2_id: m.p2 });
  });
});
