/** Match attachments through the in-process service (issue 15). */
import { describe, expect, it } from "vitest";
import { serviceWithCommunities } from "../helpers/communities.js";
import { participantsBody, type ServiceHarness, tournamentBody } from "../helpers/service.js";

const body = (attributes: Record<string, unknown>) => ({
  data: { type: "match_attachment", attributes },
});

async function withMatch(s: ServiceHarness, base: string, accept: boolean) {
  await s.request(
    "POST",
    `${base}/tournaments`,
    tournamentBody({
      name: "Cup",
      url: "cup",
      tournament_type: "single elimination",
      match_options: { accept_attachments: accept },
    }),
  );
  await s.request(
    "POST",
    `${base}/tournaments/cup/participants/bulk_add`,
    participantsBody(["A", "B"]),
  );
  await s.request("PUT", `${base}/tournaments/cup/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  return (await s.request("GET", `${base}/tournaments/cup/matches`)).json.data[0].id as string;
}

describe("match attachments", () => {
  it("creates (url, description, a file), lists and deletes; at most 4 a match; files up to 250 KB", async () => {
    const s = await serviceWithCommunities(["lan"]);
    const m = await withMatch(s, "/v2.1", true);
    const path = `/v2.1/tournaments/cup/matches/${m}/attachments`;
    const link = await s.request(
      "POST",
      path,
      body({ url: "https://example.org/vod", description: "VOD", colour: "red" }),
    );
    expect(link.status).toBe(201);
    expect(link.json.data).toMatchObject({
      type: "match_attachment",
      attributes: { url: "https://example.org/vod", description: "VOD", asset: null },
    });
    expect(link.json.meta).toEqual({ ignored_attributes: ["colour"] });
    const bytes = Buffer.alloc(250 * 1024, 7);
    const file = await s.request(
      "POST",
      path,
      body({
        description: "photo",
        asset: { file_name: "a.png", content_type: "image/png", data: bytes.toString("base64") },
      }),
    );
    expect(file.status).toBe(201);
    expect(file.json.data.attributes.asset).toEqual({
      file_name: "a.png",
      content_type: "image/png",
      byte_size: 250 * 1024,
    });
    const big = await s.request(
      "POST",
      path,
      body({
        asset: { file_name: "b.bin", data: Buffer.alloc(250 * 1024 + 1).toString("base64") },
      }),
    );
    expect(big.status).toBe(413);
    expect(big.json.errors[0]).toMatchObject({
      source: { pointer: "/data/attributes/asset/data" },
    });
    expect(big.json.errors[0].detail).toMatch(/at most 256000 bytes/);
    const empty = await s.request("POST", path, body({}));
    expect(empty.status).toBe(422);
    const badUrl = await s.request("POST", path, body({ url: "ftp://x" }));
    expect(badUrl.json.errors[0].source.pointer).toBe("/data/attributes/url");
    for (const d of ["3", "4"])
      expect((await s.request("POST", path, body({ description: d }))).status).toBe(201);
    const fifth = await s.request("POST", path, body({ description: "5" }));
    expect(fifth.status).toBe(422);
    expect(fifth.json.errors[0].detail).toMatch(/has 4 attachments already/);
    const list = await s.request("GET", path);
    expect(list.json.meta.count).toBe(4);
    expect(
      list.json.data.map((a: { attributes: { description: string } }) => a.attributes.description),
    ).toEqual(["VOD", "photo", "3", "4"]);
    expect((await s.request("DELETE", `${path}/${link.json.data.id}`)).status).toBe(204);
    expect((await s.request("DELETE", `${path}/${link.json.data.id}`)).status).toBe(404);
    expect((await s.request("GET", path)).json.meta.count).toBe(3);
    expect((await s.request("GET", `/v2.1/tournaments/cup/matches/999/attachments`)).status).toBe(
      404,
    );
  });

  it("refuses attachments when accept_attachments is false (422), writing nothing", async () => {
    const s = await serviceWithCommunities([]);
    const m = await withMatch(s, "/v2.1", false);
    const path = `/v2.1/tournaments/cup/matches/${m}/attachments`;
    const r = await s.request("POST", path, body({ url: "https://example.org" }));
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toMatch(/match_options.accept_attachments/);
    expect((await s.request("GET", path)).json.meta.count).toBe(0);
  });

  it("answers on community paths (as for matches, and the contract's match_attachments form); an unknown community is 404", async () => {
    const s = await serviceWithCommunities(["lan"]);
    const m = await withMatch(s, "/v2.1/communities/lan", true);
    const scoped = `/v2.1/communities/lan/tournaments/cup/matches/${m}/attachments`;
    expect((await s.request("POST", scoped, body({ description: "one" }))).status).toBe(201);
    const flat = `/v2.1/communities/lan/tournaments/cup/match_attachments`;
    const two = await s.request("POST", flat, body({ description: "two", match_id: Number(m) }));
    expect(two.status).toBe(201);
    expect(two.json.meta).toBeUndefined();
    expect((await s.request("GET", `${flat}?match_id=${m}`)).json.meta.count).toBe(2);
    expect((await s.request("DELETE", `${flat}/${two.json.data.id}?match_id=${m}`)).status).toBe(
      204,
    );
    // Without match_id (the published path cannot hold it): every match of the tournament.
    const all = await s.request("GET", flat);
    expect(all.status).toBe(200);
    expect(all.json.meta.count).toBe(1);
    const unknown = await s.request(
      "GET",
      `/v2.1/communities/nope/tournaments/cup/matches/${m}/attachments`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].detail).toMatch(/community nope not found/);
  });
});
