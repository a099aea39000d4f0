/**
 * Dates naming a day that does not exist (30 February, 31 June) are refused where a date is
 * read, naming the field and the date; JavaScript's Date.parse rolled them over to another
 * day (2026-02-30 was stored as 2 March). Times of day that do not exist likewise: the hour
 * 24 was taken as the next day's midnight (2026-12-01T24:00Z stored as 2 December), and
 * T23:60 or :60 seconds were refused without saying why. Real days, 29 February of a leap
 * year among them, and real times (00:00, 23:59:59.999) are still taken.
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

  it("names the hour, minute or second out of its range and the form a time takes", () => {
    const form = "a time of day is hh:mm or hh:mm:ss, 00:00 to 23:59:59";
    expect(impossibleDay("2026-12-01T24:00")).toBe(
      `the hour runs from 00 to 23, not 24 (${form}; midnight at the end of a day is 00:00 the next day)`,
    );
    expect(impossibleDay("2026-12-01T24:00:00.000Z")).toContain("not 24 (");
    expect(impossibleDay("2026-12-01 25:00+01:00")).toBe(
      `the hour runs from 00 to 23, not 25 (${form})`,
    );
    expect(impossibleDay("2026-12-01T23:60Z")).toBe(
      `the minute runs from 00 to 59, not 60 (${form})`,
    );
    expect(impossibleDay("2026-12-01T23:59:60+02:00")).toBe(
      `the second runs from 00 to 59, not 60 (${form})`,
    );
    for (const real of [
      "2026-12-01T00:00Z",
      "2026-12-01T23:59:59.999Z",
      "2026-12-01T23:59+23:59",
      "2026-12-01",
    ])
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

  it("a time of day that does not exist: 422 naming starts_at, nothing stored or changed", async () => {
    const s = await startService();
    for (const [date, why] of [
      ["2026-12-01T24:00:00Z", "the hour runs from 00 to 23, not 24"],
      ["2026-12-01T24:00+01:00", "the hour runs from 00 to 23, not 24"],
      ["2026-12-01T23:60:00Z", "the minute runs from 00 to 59, not 60"],
      ["2026-12-01T23:59:60Z", "the second runs from 00 to 59, not 60"],
    ] as const) {
      const r = await s.request(
        "POST",
        "/v2.1/tournaments.json",
        tournamentBody({ name: "X", tournament_type: "swiss", starts_at: date }),
      );
      expect(r.status, date).toBe(422);
      expect(r.json.errors[0].detail).toContain(
        `starts_at ${JSON.stringify(date)} is not a date: ${why} (a time of day is hh:mm or hh:mm:ss`,
      );
      expect(r.json.errors[0].source).toEqual({ pointer: "/data/attributes/starts_at" });
    }
    expect((await s.request("GET", "/v2.1/tournaments")).json.data).toEqual([]);
    const made = await s.request(
      "POST",
      "/v2.1/tournaments.json",
      tournamentBody({ name: "Y", tournament_type: "swiss", starts_at: "2026-12-01T00:00:00Z" }),
    );
    expect(made.status).toBe(201);
    const id = made.json.data.id as string;
    const put = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}.json`,
      tournamentBody({ starts_at: "2026-12-01T24:00:00Z" }),
    );
    expect(put.status).toBe(422);
    const after = await s.request("GET", `/v2.1/tournaments/${id}.json`);
    expect(after.json.data.attributes.starts_at).toBe("2026-12-01T00:00:00.000Z");
    const race = await s.request(
      "POST",
      "/v2.1/races.json",
      raceBody({ name: "R", raceType: "time trial", startsAt: "2026-12-01T24:00:00+02:00" }),
    );
    expect(race.status).toBe(422);
    expect(race.json.errors[0].detail).toContain("is not a date: the hour runs from 00 to 23");
    expect((await s.request("GET", "/v2.1/races")).json.data).toEqual([]);
    const filter = await s.request("GET", "/v2.1/tournaments?created_after=2026-12-01T24:00");
    expect(filter.status).toBe(400);
    expect(filter.json.errors[0].detail).toContain(
      'created_after "2026-12-01T24:00" is not a date: the hour runs from 00 to 23, not 24',
    );
    expect(filter.json.errors[0].source).toEqual({ parameter: "created_after" });
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
      const midnight = await v.call("POST", "/v1/tournaments.json", {
        query: { "tournament[name]": "Cup", "tournament[start_at]": "2026-12-01T24:00:00Z" },
      });
      expect(midnight.status).toBe(422);
      expect(midnight.json.errors.join("\n")).toContain(
        '"2026-12-01T24:00:00Z" is not a date: the hour runs from 00 to 23, not 24',
      );
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
