/** v1 match attachments (issue 17): index, create, show, update, destroy over issue 15's store. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startV1, type V1Harness } from "../helpers/v1.js";

let v: V1Harness;
let path: string;

beforeEach(async () => {
  v = await startV1();
  await v.call("POST", "/v1/tournaments.json", {
    query: {
      "tournament[name]": "Cup",
      "tournament[url]": "cup",
      "tournament[accept_attachments]": "true",
    },
  });
  await v.call("POST", "/v1/tournaments/cup/participants/bulk_add", {
    query: [
      ["participants[][name]", "A"],
      ["participants[][name]", "B"],
    ],
  });
  await v.call("POST", "/v1/tournaments/cup/start");
  const m = (await v.call("GET", "/v1/tournaments/cup/matches")).json[0].match;
  path = `/v1/tournaments/cup/matches/${m.id}/attachments`;
});
afterEach(() => v.close());

describe("v1 match attachments", () => {
  it("create, index, show, update and destroy; the match counts them", async () => {
    const made = await v.call("POST", `${path}.json`, {
      query: {
        "match_attachment[url]": "https://example.org/vod",
        "match_attachment[description]": "VOD",
      },
    });
    expect(made.status).toBe(200);
    const a = made.json.match_attachment;
    expect(a).toMatchObject({ url: "https://example.org/vod", description: "VOD" });
    expect(a.created_at).toMatch(/\+00:00$/);
    const list = await v.call("GET", `${path}.json`);
    expect(list.json.map((w: any) => w.match_attachment.id)).toEqual([a.id]);
    const match = await v.call("GET", path.replace("/attachments", ""));
    expect(match.json.match).toMatchObject({ attachment_count: 1, has_attachment: true });
    const shown = await v.call("GET", `${path}/${a.id}.json`);
    expect(shown.json.match_attachment.description).toBe("VOD");
    const updated = await v.call("PUT", `${path}/${a.id}.json`, {
      query: { "match_attachment[description]": "Finals VOD" },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.match_attachment).toMatchObject({
      url: "https://example.org/vod",
      description: "Finals VOD",
    });
    const gone = await v.call("DELETE", `${path}/${a.id}.json`);
    expect(gone.json.match_attachment.id).toBe(a.id);
    expect((await v.call("GET", `${path}/${a.id}.json`)).status).toBe(404);
    // The v2.1 list agrees.
    const v21 = await v.s.request("GET", path.replace("/v1/", "/v2.1/"), undefined, {
      authorization: v.key,
    });
    expect(v21.json.data).toEqual([]);
  });

  it("refuses an address that is not http(s), an unknown field, and a tournament not taking attachments", async () => {
    const before = v.snapshot();
    const bad = await v.call("POST", path, { query: { "match_attachment[url]": "ftp://x" } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0]).toMatch(/^Match_attachment\[url\]: url "ftp:\/\/x" is not valid/);
    const unknown = await v.call("POST", path, { query: { "match_attachment[colour]": "red" } });
    expect(unknown.json).toEqual({
      errors: ["Match_attachment[colour] is not a v1 attachment field"],
    });
    await v.call("POST", "/v1/tournaments.json", {
      query: { "tournament[name]": "Shut", "tournament[url]": "shut" },
    });
    await v.call("POST", "/v1/tournaments/shut/participants/bulk_add", {
      query: [
        ["participants[][name]", "A"],
        ["participants[][name]", "B"],
      ],
    });
    await v.call("POST", "/v1/tournaments/shut/start");
    const m = (await v.call("GET", "/v1/tournaments/shut/matches")).json[0].match;
    const shut = v.snapshot();
    const closed = await v.call("POST", `/v1/tournaments/shut/matches/${m.id}/attachments`, {
      query: { "match_attachment[url]": "https://x.org" },
    });
    expect(closed.status).toBe(422);
    expect(closed.json.errors[0]).toMatch(/does not accept attachments/);
    expect(v.snapshot()).toBe(shut);
    const list = await v.call("GET", path);
    expect(list.json).toEqual([]);
    expect(before).not.toBe(shut);
  });
});
