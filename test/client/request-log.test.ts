import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { NetworkError } from "../../src/client/errors.js";
import { redactPath } from "../../src/client/request-log.js";
import { json, record, type Step, stubTransport } from "./stub-transport.js";

const API_KEY = "sk_live_5ecr3t_KEY_98765";
const TOKEN = "eyJhbGciOi.secret-token.sig";

function logged(credentials: { apiKey?: string; token?: string }, ...steps: Step[]) {
  const lines: string[] = [];
  let clock = 1_000;
  const client = createApiClient({
    transport: stubTransport(...steps),
    credentials,
    log: (line) => lines.push(line),
    sleep: async () => {},
    random: () => 0.5,
    now: () => {
      clock += 3;
      return clock;
    },
  });
  return { client, lines };
}

describe("verbose request log", () => {
  it("logs the request line, headers with Authorization redacted, and the status with timing", async () => {
    const reply = json(200, { data: record(12, "tournament", { name: "Cup" }) });
    const { client, lines } = logged({ apiKey: API_KEY }, reply);
    await client.tournaments.update(12, { name: "Cup", description: API_KEY });
    expect(lines).toEqual([
      "> PUT /v2.1/tournaments/12",
      "> Accept: application/json",
      "> Authorization: [redacted]",
      "> Authorization-Type: v1",
      "> Content-Type: application/vnd.api+json",
      expect.stringMatching(/^> \[body: \d+ bytes\]$/),
      "< 200 OK (3 ms)",
      "< content-type: application/json",
      expect.stringMatching(/^< \[body: \d+ bytes\]$/),
    ]);
  });

  it("never shows the API key or the token, even through retries and failures", async () => {
    for (const credentials of [{ apiKey: API_KEY }, { token: TOKEN }]) {
      const { client, lines } = logged(
        credentials,
        { status: 503, body: "" },
        new NetworkError("connection reset", { code: "ECONNRESET", retryable: true }),
        json(401, { errors: [{ status: 401, detail: "Invalid credentials" }] }),
      );
      await expect(client.tournaments.get(12)).rejects.toThrow("Invalid credentials");
      const text = lines.join("\n");
      expect(lines.length).toBeGreaterThan(10);
      expect(text).toContain("Authorization: [redacted]");
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain("secret");
      expect(lines).toContain("* 503 Service Unavailable; retrying in 250 ms (attempt 2 of 3)");
      expect(lines).toContain("< failed after 3 ms: NetworkError: connection reset");
      expect(lines).toContain("< 401 Unauthorized (3 ms)");
    }
  });

  it("logs nothing when no log is given", async () => {
    const transport = stubTransport(json(200, { data: record(1, "user") }));
    const client = createApiClient({ transport, credentials: { apiKey: API_KEY } });
    await expect(client.user.me()).resolves.toMatchObject({ id: "1" });
  });
});

describe("redactPath", () => {
  it("hides credential query values", () => {
    expect(redactPath("/v1/tournaments.json?api_key=abc&state=all")).toBe(
      "/v1/tournaments.json?api_key=[redacted]&state=all",
    );
    expect(redactPath("/v2.1/me?x=1&access_token=zzz")).toBe(
      "/v2.1/me?x=1&access_token=[redacted]",
    );
  });
});
