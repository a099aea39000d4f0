/**
 * v1 and placement matches: `hold_third_place_match` is true for any consolation rank from 3
 * (5, 9, ...), and writing it back true keeps the placements (false drops them).
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { startV1, type V1Harness } from "../helpers/v1.js";

let v: V1Harness;
beforeEach(async () => {
  v = await startV1();
});
afterEach(() => v.close());

async function rankOf(url: string): Promise<number | null> {
  const r = await v.s.request("GET", `/v2.1/tournaments/${url}`, undefined, {
    authorization: v.key,
  });
  return r.json.data.attributes.match_options.consolation_matches_target_rank;
}

it("a rank-5 tournament reads hold_third_place_match true; true written back keeps 5, false drops it", async () => {
  const made = await v.s.request(
    "POST",
    "/v2.1/tournaments",
    {
      data: {
        type: "tournament",
        attributes: {
          name: "Five",
          tournament_type: "single elimination",
          match_options: { consolation_matches_target_rank: 5 },
        },
      },
    },
    { authorization: v.key },
  );
  expect(made.status, made.body).toBe(201);
  const read = await v.call("GET", "/v1/tournaments/five.json");
  expect(read.json.tournament.hold_third_place_match).toBe(true);
  const kept = await v.call("PUT", "/v1/tournaments/five.json", {
    form: [
      ["tournament[name]", "Five Cup"],
      ["tournament[hold_third_place_match]", "true"],
    ],
  });
  expect(kept.status, JSON.stringify(kept.json)).toBe(200);
  expect(kept.json.tournament).toMatchObject({ name: "Five Cup", hold_third_place_match: true });
  expect(await rankOf("five")).toBe(5);
  const dropped = await v.call("PUT", "/v1/tournaments/five.json", {
    form: [["tournament[hold_third_place_match]", "false"]],
  });
  expect(dropped.json.tournament.hold_third_place_match).toBe(false);
  expect(await rankOf("five")).toBeNull();
});
