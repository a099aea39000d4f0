import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { publishedPath } from "../../src/client/published-path.js";
import { json, record, routeTransport } from "./stub-transport.js";

const noSleep = async () => {};

/** A client over a transport that answers every request with one tournament. */
function published(options: { communityId?: string; publishedForm?: boolean } = {}) {
  const transport = routeTransport(() => json(200, { data: record(12, "tournament", {}) }));
  const client = createApiClient({
    transport,
    sleep: noSleep,
    random: () => 0,
    credentials: { apiKey: "k" },
    publishedForm: true,
    ...options,
  });
  return { client, paths: () => transport.requests.map((r) => `${r.method} ${r.path}`) };
}

describe("the published form of paths (remote backend)", () => {
  it("ends every path in .json, before the query", async () => {
    const { client, paths } = published();
    await client.tournaments.list({ page: 2 });
    await client.tournaments.get("spring cup");
    await client.tournaments.changeState(12, "start");
    await client.participants.randomize(12);
    await client.races.rounds("derby").get(2);
    await client.user.me();
    expect(paths()).toEqual([
      "GET /v2.1/tournaments.json?page=2",
      "GET /v2.1/tournaments/spring%20cup.json",
      "PUT /v2.1/tournaments/12/change_state.json",
      "PUT /v2.1/tournaments/12/participants/randomize.json",
      "GET /v2.1/races/derby/rounds/2.json",
      "GET /v2.1/me.json",
    ]);
  });

  it("puts the community in the path where the description publishes the path under it, else in the query", async () => {
    const { client, paths } = published({ communityId: "lan club" });
    await client.tournaments.list();
    await client.participants.get(12, 5);
    await client.matches.get(12, 8);
    await client.attachments.list(12, 8);
    expect(paths()).toEqual([
      "GET /v2.1/communities/lan%20club/tournaments.json",
      "GET /v2.1/communities/lan%20club/tournaments/12/participants/5.json",
      "GET /v2.1/communities/lan%20club/tournaments/12/matches/8.json",
      "GET /v2.1/tournaments/12/matches/8/attachments.json?community_id=lan+club",
    ]);
  });

  it("sends Content-Type, Accept and Authorization-Type on a GET", async () => {
    const transport = routeTransport(() => json(200, { data: record(1, "user", {}) }));
    const client = createApiClient({
      transport,
      credentials: { apiKey: "k" },
      publishedForm: true,
    });
    await client.user.me();
    expect(transport.requests[0]?.headers).toEqual({
      Accept: "application/json",
      Authorization: "k",
      "Authorization-Type": "v1",
      "Content-Type": "application/vnd.api+json",
    });
  });

  it("leaves the embedded backend's paths as they were (no .json, community as a query)", async () => {
    const { client, paths } = published({ communityId: "c", publishedForm: false });
    await client.tournaments.get(12);
    expect(paths()).toEqual(["GET /v2.1/tournaments/12?community_id=c"]);
  });

  it("does not add .json twice", () => {
    expect(publishedPath("/tournaments.json", undefined)).toBe("/tournaments.json");
    expect(publishedPath("/me", "c")).toBe("/me.json");
  });
});
