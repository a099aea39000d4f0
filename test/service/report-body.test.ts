/**
 * A match report's body in the client's form is read without JSON.parse
 * (validation/report-body.ts, issue 27): what it reads must be what JSON.parse gives, keys
 * in the same order, and any other text must be left to JSON.parse. Through the service,
 * a report in that form and the same report in another spelling answer the same bytes.
 */
import { describe, expect, it } from "vitest";
import { readReportBody } from "../../src/service/validation/report-body.js";
import { changeState, createWithPlayers, matches } from "../helpers/play.js";
import { startService, steppingClock } from "../helpers/service.js";

const wrap = (entries: string) => `{"data":{"type":"Match","attributes":{"match":[${entries}]}}}`;
const entry = (id: string, sets: string, advancing?: string) =>
  `{"participant_id":${id},"score_set":${sets}${advancing === undefined ? "" : `,"advancing":${advancing}`}}`;

/** The same value, keys in the same order, numbers alike to the sign of zero. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null)
    return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join("\u0000") !== kb.join("\u0000")) return false;
  return ka.every((k) =>
    same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

describe("readReportBody", () => {
  it("reads the client's form as JSON.parse does", () => {
    const read = [
      wrap(`${entry("12", '"3,1"', "true")},${entry("13", '"1,3"', "false")}`),
      wrap(`${entry('"12"', '"1"', "true")},${entry('"13"', '"0"', "false")}`),
      wrap(`${entry("12", '"2"')},${entry("13", '"2"')}`),
      wrap(entry("0", '""')),
      wrap(entry("-0", '"1"', "false")),
      wrap(entry("-7", '"1"', "true")),
      wrap(entry("999999999999999", '"1"')),
      wrap(`${entry('"x y"', '"é,😀"')},${entry('"\ud800"', '"]}}}"')},${entry("1", '"{"')}`),
      wrap(entry('""', '"\u007f"', "true")),
    ];
    for (const text of read) {
      const fast = readReportBody(text);
      expect(fast, text).not.toBeUndefined();
      expect(same(fast, JSON.parse(text)), text).toBe(true);
    }
  });

  it("leaves any other text to JSON.parse", () => {
    const left = [
      "",
      "{}",
      wrap(""),
      wrap(`${entry("12", '"1"', "true")},`),
      wrap(`${entry("12", '"1"', "true")}${entry("13", '"0"', "false")}`),
      wrap(`${entry("12", '"1"', "true")} ,${entry("13", '"0"', "false")}`),
      wrap(entry("012", '"1"')),
      wrap(entry("1.5", '"1"')),
      wrap(entry("1e3", '"1"')),
      wrap(entry("1000000000000000", '"1"')),
      wrap(entry("", '"1"')),
      wrap(entry("null", '"1"')),
      wrap(entry("12", "1")),
      wrap(entry("12", "null")),
      wrap(entry("12", '"1"', "null")),
      wrap(entry("12", '"1"', '"true"')),
      wrap(entry("12", String.raw`"a\"b"`)),
      wrap(entry("12", String.raw`"\u00e9"`)),
      wrap(entry(String.raw`"\ud800"`, '"1"')),
      wrap(entry("12", '"a\tb"')),
      wrap(entry("12", '"a\u0000b"')),
      wrap('{"score_set":"1","participant_id":12}'),
      wrap('{"participant_id":12,"score_set":"1","rank":1}'),
      wrap('{"participant_id":12,"score_set":"1","advancing":true,"rank":1}'),
      wrap('{"participant_id":12,"participant_id":13,"score_set":"1"}'),
      `{"data":{"type":"Match","attributes":{"match":[${entry("12", '"1"')}],"tie":true}}}`,
      `{"data":{"type":"match","attributes":{"match":[${entry("12", '"1"')}]}}}`,
      `{"data":{"attributes":{"match":[${entry("12", '"1"')}]},"type":"Match"}}`,
      `${wrap(entry("12", '"1"'))} `,
      ` ${wrap(entry("12", '"1"'))}`,
      `${wrap(entry("12", '"1"'))}}`,
      JSON.stringify(JSON.parse(wrap(entry("12", '"1"', "true"))), null, 2),
    ];
    for (const text of left) expect(readReportBody(text), text).toBeUndefined();
  });
});

describe("a report's reply", () => {
  it("is the same bytes whether its body is read in the client's form or by JSON.parse", async () => {
    const replies: string[][] = [];
    for (const spaced of [false, true]) {
      const s = await startService({ now: steppingClock() });
      const { id } = await createWithPlayers(s, { tournament_type: "double elimination" }, 8);
      expect((await changeState(s, id, "start")).status).toBe(200);
      const bodies: string[] = [];
      for (let open = await matches(s, id, "open"); open.length > 0; ) {
        const m = open[0]!;
        const text = wrap(
          `${entry(String(m.player1_id), '"3,1"', "true")},${entry(String(m.player2_id), '"1,3"', "false")}`,
        );
        if (!spaced) expect(readReportBody(text)).not.toBeUndefined();
        const sent = spaced ? JSON.stringify(JSON.parse(text), null, 1) : text;
        const r = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m.id}`, sent);
        expect(r.status, r.body).toBe(200);
        bodies.push(r.body);
        open = await matches(s, id, "open");
      }
      // Refused alike: a participant who is not in the match.
      const done = (await matches(s, id, "complete"))[0]!;
      const refused = wrap(`${entry("999", '"1"', "true")},${entry("998", '"0"', "false")}`);
      const r = await s.request(
        "PUT",
        `/v2.1/tournaments/${id}/matches/${done.id}`,
        spaced ? ` ${refused}` : refused,
      );
      expect(r.status).toBe(422);
      bodies.push(r.body);
      replies.push(bodies);
      s.service.close();
    }
    expect(replies[0]!.length).toBe(15);
    expect(replies[1]).toEqual(replies[0]);
  });
});
