/**
 * v1's tournament with `include_matches=1` (issue 27's scale review): each match's attachment
 * count came from a query of its own, 124,750 of them at a 500-player round robin, in the one
 * turn that makes the body; now one query counts a tournament's attachments. The counts are
 * the same: the match with an attachment says 1, the others 0.
 */
import { afterEach, expect, it, vi } from "vitest";
import { AttachmentRepository } from "../../src/store/attachments-repository.js";
import { startV1, type V1Harness } from "../helpers/v1.js";

let v: V1Harness;
afterEach(() => {
  vi.restoreAllMocks();
  return v.close();
});

it("counts the attachments of every match in one query, each match's count as before", async () => {
  v = await startV1();
  await v.call("POST", "/v1/tournaments.json", {
    query: {
      "tournament[name]": "League",
      "tournament[url]": "league",
      "tournament[tournament_type]": "round robin",
      "tournament[accept_attachments]": "true",
    },
  });
  const names = Array.from({ length: 12 }, (_, i): [string, string] => [
    "participants[][name]",
    `P${i + 1}`,
  ]);
  await v.call("POST", "/v1/tournaments/league/participants/bulk_add", { query: names });
  expect((await v.call("POST", "/v1/tournaments/league/start")).status).toBe(200);
  const second = (await v.call("GET", "/v1/tournaments/league/matches")).json[1].match;
  const made = await v.call("POST", `/v1/tournaments/league/matches/${second.id}/attachments`, {
    query: { "match_attachment[url]": "https://example.org/vod" },
  });
  expect(made.status).toBe(200);

  const perMatch = vi.spyOn(AttachmentRepository.prototype, "count");
  const shown = await v.call("GET", "/v1/tournaments/league.json", {
    query: { include_matches: "1" },
  });
  expect(shown.status).toBe(200);
  const matches = shown.json.tournament.matches.map(
    (w: { match: { id: number; attachment_count: number; has_attachment: boolean } }) => w.match,
  );
  expect(matches).toHaveLength(66);
  for (const m of matches) {
    const count = m.id === second.id ? 1 : 0;
    expect([m.id, m.attachment_count, m.has_attachment]).toEqual([m.id, count, count > 0]);
  }
  expect(perMatch).not.toHaveBeenCalled();
});
