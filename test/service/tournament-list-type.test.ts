/**
 * GET /tournaments?type= takes every value the contract's enum offers: its race types
 * (`time_trail`, sic, and `grand_prix`) list no tournament (races are at /races), where
 * they were refused 400; a value outside the enum is still refused.
 */
import { describe, expect, it } from "vitest";
import { startService, tournamentBody } from "../helpers/service.js";

describe("GET /tournaments?type=", () => {
  it("lists nothing for the contract's race types, and refuses other values", async () => {
    const s = await startService();
    const body = tournamentBody({ name: "Cup", tournament_type: "swiss" });
    expect((await s.request("POST", "/v2.1/tournaments", body)).status).toBe(201);
    for (const type of ["time_trail", "grand_prix", "time_trial"]) {
      const r = await s.request("GET", `/v2.1/tournaments.json?type=${type}`);
      expect(r.status, `${type}: ${r.body}`).toBe(200);
      expect(r.json.data).toEqual([]);
      expect(r.json.meta.count).toBe(0);
    }
    const swiss = await s.request("GET", "/v2.1/tournaments.json?type=swiss");
    expect(swiss.json.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual(
      ["Cup"],
    );
    const bogus = await s.request("GET", "/v2.1/tournaments.json?type=bogus");
    expect(bogus.status).toBe(400);
    expect(bogus.json.errors[0].source).toEqual({ parameter: "type" });
    s.service.close();
  });
});
