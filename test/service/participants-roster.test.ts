/**
 * bulk_add as a roster meets it: seeds in any order, each once and within the
 * field; names stored NFC and compared after NFC, ignoring ASCII case only;
 * several requests in one transaction (the in-process transport's), all or nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { type ServiceHarness, startService, tournamentBody } from "../helpers/service.js";

let h: ServiceHarness;
beforeEach(async () => {
  h = await startService();
  const created = await h.request(
    "POST",
    "/v2.1/tournaments",
    tournamentBody({ name: "Cup", url: "cup", tournament_type: "single elimination" }),
  );
  expect(created.status).toBe(201);
});

const bulk = (participants: readonly object[]) =>
  h.request("POST", "/v2.1/tournaments/cup/participants/bulk_add", {
    data: { type: "Participants", attributes: { participants } },
  });

async function stored(): Promise<[string, number][]> {
  const list = await h.request("GET", "/v2.1/tournaments/cup/participants?per_page=1000");
  return list.json.data.map((p: any) => [p.attributes.name, p.attributes.seed]);
}

describe("bulk_add seeds", () => {
  it("takes a complete seed column in any order: 16 down to 1", async () => {
    const roster = Array.from({ length: 16 }, (_, i) => ({ name: `S${16 - i}`, seed: 16 - i }));
    const r = await bulk(roster);
    expect(r.status, r.body).toBe(200);
    // The answer keeps the request's order, with the seeds given.
    expect(r.json.data.map((p: any) => p.attributes.seed)).toEqual(roster.map((p) => p.seed));
    expect(await stored()).toEqual(Array.from({ length: 16 }, (_, i) => [`S${i + 1}`, i + 1]));
  });

  it("puts names without a seed in the places the seeds leave, in order", async () => {
    const r = await bulk([
      { name: "A" },
      { name: "B", seed: 3 },
      { name: "C" },
      { name: "D", seed: 1 },
    ]);
    expect(r.status, r.body).toBe(200);
    expect(await stored()).toEqual([
      ["D", 1],
      ["A", 2],
      ["B", 3],
      ["C", 4],
    ]);
  });

  it("refuses a seed twice and a seed past the field, pointing at each, and adds nobody", async () => {
    const r = await bulk([
      { name: "A", seed: 2 },
      { name: "B", seed: 2 },
      { name: "C", seed: 4 },
    ]);
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual([
      {
        status: 422,
        detail:
          "seed 2 is given twice in this request (also at /data/attributes/participants/0/seed)",
        source: { pointer: "/data/attributes/participants/1/seed" },
      },
      {
        status: 422,
        detail: "seed must be between 1 and 3, not 4",
        source: { pointer: "/data/attributes/participants/2/seed" },
      },
    ]);
    expect(await stored()).toEqual([]);
  });
});

describe("participant names", () => {
  const nfc = "\u00e9cole";
  const nfd = "e\u0301cole";

  it("are stored NFC: 'école' typed two ways is one name", async () => {
    expect((await bulk([{ name: nfd }])).status).toBe(200);
    expect(await stored()).toEqual([[nfc, 1]]);
    const again = await bulk([{ name: ` ${nfc} ` }]);
    expect(again.status).toBe(422);
    expect(again.json.errors[0].detail).toBe(`name "${nfc}" is already taken in this tournament`);
    const one = await h.request("POST", "/v2.1/tournaments/cup/participants", {
      data: { type: "Participants", attributes: { name: nfc } },
    });
    expect(one.status).toBe(422);
  });

  it("ignore ASCII case only: ADA = Ada, École ≠ école", async () => {
    expect((await bulk([{ name: "Ada" }, { name: nfc }])).status).toBe(200);
    const ada = await bulk([{ name: "ADA" }]);
    expect(ada.status).toBe(422);
    expect((await bulk([{ name: "\u00c9cole" }])).status).toBe(200);
    expect((await stored()).map(([name]) => name)).toEqual(["Ada", nfc, "\u00c9cole"]);
  });
});

describe("Service.transaction (the in-process transport's)", () => {
  it("keeps every request's writes, or none when its function throws", async () => {
    const names = (from: number) => Array.from({ length: 3 }, (_, i) => ({ name: `P${from + i}` }));
    await h.service.transaction(async () => {
      expect((await bulk(names(1))).status).toBe(200);
      expect((await bulk(names(4))).status).toBe(200);
    });
    expect((await stored()).length).toBe(6);
    const failure = await h.service
      .transaction(async () => {
        expect((await bulk(names(7))).status).toBe(200);
        // A refused request undoes itself only; the throw undoes the rest.
        expect((await bulk([{ name: "P1" }])).status).toBe(422);
        throw new Error("refused");
      })
      .catch((e: unknown) => e);
    expect((failure as Error).message).toBe("refused");
    expect((await stored()).length).toBe(6);
    const t = await h.request("GET", "/v2.1/tournaments/cup");
    expect(t.json.data.attributes.participants_count).toBe(6);
  });
});
