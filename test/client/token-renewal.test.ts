/**
 * The client's request path with a renewable token, against a stub transport (the network
 * edge): a 401 renews once and sends the request again with the new token; a token known to
 * be expired renews before the first request; a second 401 after renewing is the error; a
 * renewed token taken and later refused is renewed again (once for concurrent requests); a
 * refused renewal is thrown as it is (the CLI exits 4); without a renewal a 401 stays a 401.
 */
import { describe, expect, it } from "vitest";
import { SessionExpiredError } from "../../src/auth/errors.js";
import { createApiClient } from "../../src/client/api-client.js";
import { AuthError } from "../../src/client/errors.js";
import type { TokenRenewal } from "../../src/client/requester.js";
import { json, record, type Step, stubTransport } from "./stub-transport.js";

const tournament = json(200, { data: record(12, "tournament", { name: "Spring Cup" }) });
const expired = json(401, { errors: [{ status: 401, detail: "the access token has expired" }] });

function renewal(answer: () => Promise<string>, expiresAt?: number) {
  const used: string[] = [];
  const r: TokenRenewal & { used: string[] } = {
    used,
    ...(expiresAt === undefined ? {} : { expiresAt }),
    renew: (token) => {
      used.push(token);
      return answer();
    },
  };
  return r;
}

function clientWith(r: TokenRenewal | undefined, now: number, ...steps: Step[]) {
  const transport = stubTransport(...steps);
  const client = createApiClient({
    transport,
    credentials: { token: "at-old" },
    ...(r === undefined ? {} : { renewal: r }),
    sleep: async () => {},
    random: () => 0,
    now: () => now,
  });
  return { client, transport };
}

const bearer = (t: { requests: { headers: Record<string, string> }[] }) =>
  t.requests.map((r) => r.headers.Authorization);

describe("a renewable token", () => {
  it("a 401 renews once and the request is sent again with the new token", async () => {
    const r = renewal(async () => "at-new");
    const { client, transport } = clientWith(r, 0, expired, tournament, tournament);
    expect((await client.tournaments.get(12)).attributes.name).toBe("Spring Cup");
    await client.tournaments.get(12);
    expect(r.used).toEqual(["at-old"]);
    expect(bearer(transport)).toEqual(["Bearer at-old", "Bearer at-new", "Bearer at-new"]);
    expect(transport.requests[1]!.headers["Authorization-Type"]).toBe("v2");
  });

  it("a token past its expiry is renewed before the request, which goes once", async () => {
    const r = renewal(async () => "at-new", 1_000);
    const { client, transport } = clientWith(r, 1_000, tournament);
    await client.tournaments.get(12);
    expect(bearer(transport)).toEqual(["Bearer at-new"]);
  });

  it("a 401 after renewing is the error: no second renewal", async () => {
    const r = renewal(async () => "at-new");
    const { client, transport } = clientWith(r, 0, expired, expired, expired);
    await expect(client.tournaments.get(12)).rejects.toBeInstanceOf(AuthError);
    await expect(client.tournaments.get(12)).rejects.toMatchObject({ status: 401 });
    expect(r.used).toHaveLength(1);
    expect(transport.requests).toHaveLength(3);
  });

  it("a renewed token the server took and later refuses is renewed again, from that token", async () => {
    // A watch outliving its renewed token: it ended with exit 4 at the second expiry.
    const answers = ["at-new", "at-newer"];
    const r = renewal(async () => answers.shift()!);
    const { client, transport } = clientWith(r, 0, expired, tournament, expired, tournament);
    await client.tournaments.get(12);
    expect((await client.tournaments.get(12)).attributes.name).toBe("Spring Cup");
    expect(r.used).toEqual(["at-old", "at-new"]);
    expect(bearer(transport)).toEqual([
      "Bearer at-old",
      "Bearer at-new",
      "Bearer at-new",
      "Bearer at-newer",
    ]);
  });

  it("two requests refused on the same expired token renew it once", async () => {
    const answers = ["at-new", "at-newer", "at-newest"];
    const r = renewal(async () => answers.shift()!);
    const steps = [expired, tournament, expired, expired, tournament, tournament];
    const { client, transport } = clientWith(r, 0, ...steps);
    await client.tournaments.get(12);
    await Promise.all([client.tournaments.get(12), client.tournaments.get(12)]);
    expect(r.used).toEqual(["at-old", "at-new"]);
    expect(bearer(transport).slice(-2)).toEqual(["Bearer at-newer", "Bearer at-newer"]);
  });

  it("a refused renewal is thrown as it is, and the request is not sent again", async () => {
    const refused = new SessionExpiredError("lan", "refused");
    const r = renewal(async () => Promise.reject(refused));
    const { client, transport } = clientWith(r, 0, expired);
    await expect(client.tournaments.get(12)).rejects.toBe(refused);
    expect(transport.requests).toHaveLength(1);
  });

  it("without a renewal a 401 is an AuthError at once", async () => {
    const { client, transport } = clientWith(undefined, 0, expired);
    await expect(client.tournaments.get(12)).rejects.toBeInstanceOf(AuthError);
    expect(transport.requests).toHaveLength(1);
  });
});
