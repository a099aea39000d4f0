import { describe, expect, it } from "vitest";
import { type ApiClientOptions, createApiClient } from "../../src/client/api-client.js";
import { ApiError, NotFoundError, RejectedError } from "../../src/client/errors.js";
import { json, record, type Step, stubTransport } from "./stub-transport.js";

const noSleep = async () => {};

function clientWith(options: Partial<ApiClientOptions>, ...steps: Step[]) {
  const transport = stubTransport(...steps);
  const client = createApiClient({ transport, sleep: noSleep, random: () => 0, ...options });
  return { client, transport };
}

const tournament = json(200, { data: record(12, "tournament", { name: "Spring Cup" }) });

describe("headers and credentials", () => {
  it("sends an API key with Authorization-Type v1", async () => {
    const { client, transport } = clientWith({ credentials: { apiKey: "k-123" } }, tournament);
    await client.tournaments.get(12);
    expect(transport.requests[0]?.headers).toEqual({
      Accept: "application/json",
      Authorization: "k-123",
      "Authorization-Type": "v1",
      "Content-Type": "application/vnd.api+json",
    });
  });

  it("sends a token as Bearer with Authorization-Type v2, preferred over an API key", async () => {
    const { client, transport } = clientWith(
      { credentials: { apiKey: "k-123", token: "t-456" } },
      tournament,
    );
    await client.tournaments.get(12);
    expect(transport.requests[0]?.headers).toEqual({
      Accept: "application/json",
      Authorization: "Bearer t-456",
      "Authorization-Type": "v2",
      "Content-Type": "application/vnd.api+json",
    });
  });

  it("sends no Authorization without credentials, and Content-Type on every request, GETs too (the description requires it on every operation)", async () => {
    const created = json(201, { data: record(13, "tournament", { name: "New" }) });
    const { client, transport } = clientWith({}, tournament, created);
    await client.tournaments.get(12);
    await client.tournaments.create({ name: "New" });
    expect(transport.requests[0]?.headers).toEqual({
      Accept: "application/json",
      "Content-Type": "application/vnd.api+json",
    });
    expect(transport.requests[0]?.body).toBeUndefined();
    expect(transport.requests[1]?.headers).toEqual({
      Accept: "application/json",
      "Content-Type": "application/vnd.api+json",
    });
  });
});

describe("paths and envelopes", () => {
  it("prefixes the base path and encodes path segments", async () => {
    const { client, transport } = clientWith({}, tournament, tournament);
    await client.tournaments.get("spring cup/2");
    expect(transport.requests[0]?.path).toBe("/v2.1/tournaments/spring%20cup%2F2");
    const otherTransport = stubTransport(tournament);
    const other = createApiClient({ transport: otherTransport, basePath: "/api/v2.1/" });
    await other.tournaments.get(1);
    expect(otherTransport.requests[0]?.path).toBe("/api/v2.1/tournaments/1");
  });

  it("adds community_id to tournament paths only", async () => {
    const me = json(200, { data: record(1, "user", { username: "ada" }) });
    const { client, transport } = clientWith({ communityId: "lan-club" }, tournament, me);
    await client.tournaments.get(12);
    await client.user.me();
    expect(transport.requests.map((r) => r.path)).toEqual([
      "/v2.1/tournaments/12?community_id=lan-club",
      "/v2.1/me",
    ]);
  });

  it("returns the decoded record of a create, with the request in the envelope", async () => {
    const created = json(201, { data: record(13, "tournament", { name: "New", url: "new" }) });
    const { client, transport } = clientWith({}, created);
    const result = await client.tournaments.create({ name: "New", tournament_type: "swiss" });
    expect(result).toEqual({
      id: "13",
      type: "tournament",
      attributes: { name: "New", url: "new" },
    });
    const request = transport.requests[0];
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v2.1/tournaments");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      data: { type: "tournament", attributes: { name: "New", tournament_type: "swiss" } },
    });
  });

  it("resolves a 204 delete to undefined", async () => {
    const { client, transport } = clientWith({}, { status: 204 });
    await expect(client.tournaments.delete(12)).resolves.toBeUndefined();
    expect(transport.requests[0]).toMatchObject({ method: "DELETE", path: "/v2.1/tournaments/12" });
  });
});

describe("errors", () => {
  it("throws the typed error with every detail", async () => {
    const body = {
      errors: [
        {
          status: 422,
          detail: "Name can't be blank",
          source: { pointer: "/data/attributes/name" },
        },
        { status: 422, detail: "Url is taken", source: { pointer: "/data/attributes/url" } },
      ],
    };
    const { client } = clientWith({}, json(422, body));
    const error = await client.tournaments.create({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RejectedError);
    expect((error as RejectedError).errors.map((e) => e.pointer)).toEqual([
      "/data/attributes/name",
      "/data/attributes/url",
    ]);
  });

  it("throws NotFoundError for a 404 with an empty body", async () => {
    const { client } = clientWith({}, { status: 404 });
    await expect(client.tournaments.get(99)).rejects.toThrow(NotFoundError);
  });

  it("throws a clear ApiError for a 200 that is not JSON", async () => {
    const { client } = clientWith({}, { status: 200, body: "<html><title>Login</title></html>" });
    const error = await client.tournaments.get(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/^unexpected response from the service: not JSON/);
  });

  it("treats a redirect as an error rather than data", async () => {
    const { client } = clientWith({}, { status: 301, headers: { location: "https://x/" } });
    await expect(client.tournaments.get(1)).rejects.toThrow("301 Moved Permanently");
  });
});

describe("close", () => {
  it("closes the transport", async () => {
    const { client, transport } = clientWith({});
    await client.close();
    expect(transport.closed).toBe(true);
  });
});

describe("the resource families' APIs", () => {
  it("are made on first use, then kept (a command uses one or two of the eight)", async () => {
    const { client } = clientWith({}, tournament);
    const families = [
      "tournaments",
      "participants",
      "matches",
      "attachments",
      "stations",
      "races",
      "user",
      "communities",
    ] as const;
    for (const family of families) {
      // A getter, not a value made with the client (issue 27: ~0.5 ms of a process's start).
      expect(typeof Object.getOwnPropertyDescriptor(client, family)?.get).toBe("function");
      expect(client[family]).toBe(client[family]);
    }
    expect((await client.tournaments.get(12)).attributes.name).toBe("Spring Cup");
  });
});
