/**
 * The report's input read without the copies it made before (issue 27, a report's
 * allocation): `data.type` compared in place, digits read without trim and pattern, the
 * community scope looked for only in a URL with a query. Same answers as the general
 * reading: each fast path is checked against it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAttributes, TYPE_FAMILIES, type TypeFamily } from "../../src/service/envelope.js";
import { ServiceError } from "../../src/service/errors.js";
import { readMatchReport } from "../../src/service/validation/match-report.js";
import { serviceWithCommunities } from "../helpers/communities.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";

/** What readAttributes answers for `type`: accepted, or the 422's detail. */
function typeAnswer(type: unknown, family: TypeFamily): string {
  try {
    readAttributes({ data: { type, attributes: {} } }, family);
    return "accepted";
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return `${error.status} ${error.errors[0]?.detail}`;
  }
}

/** The rule as it was written before: lower-cased, `_` and `-` taken out, then compared. */
const acceptedBefore = (type: string, family: TypeFamily) =>
  (TYPE_FAMILIES[family] as readonly string[]).includes(type.toLowerCase().replace(/[_-]/g, ""));

/** readMatchReport's answer: the report, or the 422's details. */
function reportAnswer(attributes: Record<string, unknown>): unknown {
  try {
    return readMatchReport(attributes);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return error.errors.map((e) => `${e.source?.pointer} ${e.detail}`);
  }
}

const entries = (id: unknown, sets: unknown) => ({
  match: [
    { participant_id: id, score_set: sets, advancing: true },
    { participant_id: "77", score_set: "0", advancing: false },
  ],
});

describe("a report's data.type", () => {
  it("is accepted in any case, with _ and -, and refused otherwise, as before", () => {
    for (const type of ["Match", "MATCH", "match", "Matches", "ma_tch", "M-a-t-c-h", "_match_"])
      expect(typeAnswer(type, "match"), type).toBe("accepted");
    for (const type of ["Matc", "matchx", "", "mat ch", "Mätch", 3, null])
      expect(typeAnswer(type, "match"), String(type)).toMatch(/^422 data.type .* does not fit/);
    // Beyond ASCII, toLowerCase's own mapping still applies: the Kelvin sign reads as "k".
    expect(typeAnswer("Bul\u212AElapsedTime", "bulkElapsedTime")).toBe("accepted");
    expect(typeAnswer("elapsed TIME", "elapsedTime")).toBe("accepted");
  });

  it("answers as the lower-cased comparison for any text, in every family", () => {
    const families = Object.keys(TYPE_FAMILIES) as TypeFamily[];
    const letters = fc.constantFrom(
      ..."matchesTOURNAMENTstationquerybulkelapsd _-".split(""),
      "\u212A",
      "\u0130",
      "é",
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...families),
        fc.oneof(
          fc.array(letters, { maxLength: 20 }).map((a) => a.join("")),
          fc.constantFrom(...families.flatMap((f) => TYPE_FAMILIES[f])).map((t) => t.toUpperCase()),
        ),
        (family, type) => {
          expect(typeAnswer(type, family) === "accepted").toBe(acceptedBefore(type, family));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("a report's participant ids and score sets", () => {
  it("reads digits as the general reading does (the same text with a space after it)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,20}$/), fc.boolean(), (digits, asId) => {
        const fast = asId ? entries(digits, "1") : entries("5", digits);
        const general = asId ? entries(`${digits} `, "1") : entries("5", `${digits} `);
        expect(reportAnswer(fast)).toEqual(reportAnswer(general));
      }),
      { numRuns: 1000 },
    );
  });

  it("gives the numbers, and refuses what it refused", () => {
    const report = readMatchReport(entries("007", "123456789012345"));
    expect(report.entries[0]).toEqual({
      participantId: 7,
      sets: [123456789012345],
      keepsScores: false,
      rank: undefined,
      advancing: true,
    });
    expect(readMatchReport(entries(" 12 ", " 3 , 1 ")).entries[0]!.sets).toEqual([3, 1]);
    expect(reportAnswer(entries("5", "9007199254740993"))).toEqual([
      '/data/attributes/match/0/score_set score_set "9007199254740993" holds a score too large to count exactly (at most 9007199254740991)',
    ]);
    expect(reportAnswer(entries("0", "1"))).toEqual([
      "/data/attributes/match/0/participant_id participant_id must be a participant id",
    ]);
    expect(reportAnswer(entries("77", "1"))).toEqual([
      "/data/attributes/match participant 77 is reported twice (entries 0 and 1)",
    ]);
    // Before: "a participant is reported twice", naming no one.
    const three = { match: [...entries("5", "1").match, { participant_id: "5", score_set: "2" }] };
    expect(reportAnswer(three)).toEqual([
      "/data/attributes/match participant 5 is reported twice (entries 0 and 2)",
    ]);
  });
});

describe("a report's community scope", () => {
  it("is read from the query when there is one, and is none without", async () => {
    const s = await serviceWithCommunities(["lan"]);
    const { id } = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    expect((await changeState(s, id, "start")).status).toBe(200);
    const [first, second] = await matches(s, id, "open");
    const path = `/v2.1/tournaments/${id}/matches/${first!.id}`;
    const body = reportBody(first!.player1_id, first!.player2_id);
    const scoped = await s.request("PUT", `${path}?community_id=lan`, body);
    expect(scoped.status).toBe(404);
    expect(scoped.json.errors[0].detail).toBe(`tournament ${id} not found`);
    expect((await s.request("PUT", `${path}?`, body)).status).toBe(200);
    const other = `/v2.1/tournaments/${id}/matches/${second!.id}`;
    const again = await s.request("PUT", other, reportBody(second!.player1_id, second!.player2_id));
    expect(again.status).toBe(200);
  });
});
