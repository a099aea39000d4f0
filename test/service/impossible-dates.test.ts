/**
 * Dates naming a day that does not exist (30 February, 31 June) are refused where a date is
 * read, naming the field and the date; JavaScript's Date.parse rolled them over to another
 * day (2026-02-30 was stored as 2 March). Real days, 29 February of a leap year among them,
 * are still taken.
 */
import { describe, expect, it } from "vitest";
import { impossibleDay } from "../../src/model/calendar-date.js";
import { raceBody } from "../helpers/race-service.js";
import { startService, tournamentBody } from "../helpers/service.js";
import { startV1 } from "../helpers/v1.js";

describe("impossibleDay", () => {
  it("names the month's length or the missing month", () => {
    expect(impossibleDay("2026-02-30T10:00:00Z")).toBe("February 2026 has 28 days");
    expect(impossibleDay("2026-06-31T10:00:00+02:00")).toBe("June 2026 has 30 days");
    expect(impossibleDay("2100-02-29")).toBe("February 2100 has 28 days");
    expect(impossibleDay("2026-13-01")).toBe("there is no month 13");
    expect(impossibleDay("2026-01-00")).toBe("January 2026 has 31 days");
    for (const real of ["2028-02-29T10:00:00Z", "2000-02-29", "2026-12-31T23:59:59Z", "notadate"])
      expect(impossibleDay(real)).toBeUndefined();
  });
});

describe("v2.1", () => {
  it("POST /v2.1/tournaments.json: 422 naming starts_at and the date, nothing stored", async () => {
    const s = await startService();
    for (const [date, why] of [
      ["2026-02-30T10:00:00Z", "February 2026 has 28 days"],
      ["2026-06-31T10:00:00+02:00", "June 2026 has 30 days"],
    ] as const) {
      const r = await s.request(
        "POST",
        "/v2.1/tournaments.json",
        tournamentBody({ name: "X", tournament_type: "swiss", starts_at: date }),
      );
      expect(r.status).toBe(422);
      expect(r.json.errors[0].detail).toBe(
        `starts_at ${JSON.stringify(date)} is not a date: ${why}`,
      );
      expect(r.json.errors[0].source).toEqual({ pointer: "/data/attributes/starts_at" });
    }
    expect((await s.request("GET", "/v2.1/tournaments")).json.data).toEqual([]);
    const leap = await s.request(
      "POST",
      "/v2.1/tournaments.json",
      tournamentBody({ name: "Y", tournament_type: "swiss", starts_at: "2028-02-29T10:00:00Z" }),
    );
    expect(leap.status).toBe(201);
    expect(leap.json.data.attributes.starts_at).toBe("2028-02-29T10:00:00.000Z");
  });

  it("PUT of starts_at: 422, the stored date kept", async () => {
    const s = await startService();
    const made = await s.request(
      "POST",
      "/v2.1/tournaments.json",
      tournamentBody({ name: "X", tournament_type: "swiss", starts_at: "2026-06-01T10:00:00Z" }),
    );
    const id = made.json.data.id as string;
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}.json`,
      tournamentBody({ starts_at: "2026-04-31T10:00:00Z" }),
    );
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toContain('"2026-04-31T10:00:00Z" is not a date');
    const after = await s.request("GET", `/v2.1/tournaments/${id}.json`);
    expect(after.json.data.attributes.starts_at).toBe("2026-06-01T10:00:00.000Z");
  });

  it("created_after and created_before: 400 naming the parameter, both date forms", async () => {
    const s = await startService();
    for (const query of [
      "created_after=2026-02-30",
      "created_before=2026-06-31",
      "created_after=2/30/2026",
    ]) {
      const r = await s.request("GET", `/v2.1/tournaments?${query}`);
      expect(r.status, query).toBe(400);
      const [name, value] = query.split("=") as [string, string];
      expect(r.json.errors[0].detail).toMatch(
        new RegExp(`^${name} ${JSON.stringify(value)} is not a date: \\w+ 2026 has \\d\\d days$`),
      );
      expect(r.json.errors[0].source).toEqual({ parameter: name });
    }
  });

  it("a race's startsAt: 422", async () => {
    const s = await startService();
    const r = await s.request(
      "POST",
      "/v2.1/races.json",
      raceBody({ name: "R", raceType: "time trial", startsAt: "2026-09-31T18:00:00+02:00" }),
    );
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toContain(
      '"2026-09-31T18:00:00+02:00" is not a date: September 2026 has 30 days',
    );
    expect((await s.request("GET", "/v2.1/races")).json.data).toEqual([]);
  });
});

describe("v1", () => {
  it("tournament[start_at]: 422 naming the date, nothing stored", async () => {
    const v = await startV1();
    try {
      const before = v.snapshot();
      const r = await v.call("POST", "/v1/tournaments.json", {
        query: { "tournament[name]": "Cup", "tournament[start_at]": "2026-02-30T10:00:00Z" },
      });
      expect(r.status).toBe(422);
      expect(r.json.errors.join("\n")).toContain('"2026-02-30T10:00:00Z" is not a date');
      expect(v.snapshot()).toBe(before);
      const index = await v.call("GET", "/v1/tournaments.json", {
        query: { created_after: "2026-06-31" },
      });
      // The status v1 gives a created_after that is no date at all.
      const notADate = await v.call("GET", "/v1/tournaments.json", {
        query: { created_after: "notadate" },
      });
      expect(index.status).toBe(notADate.status);
      expect(index.status).toBeGreaterThanOrEqual(400);
      expect(index.json.errors[0]).toBe(
        'Created_after "2026-06-31" is not a date: June 2026 has 30 days',
      );
    } finally {
      v.close();
    }
  });
});
