import { describe, expect, it } from "vitest";
import { startService, tournamentBody } from "../helpers/service.js";

describe("v2.1 request checks", () => {
  it("answers 406 for an Accept it cannot produce, and accepts the JSON ones", async () => {
    const s = await startService();
    const bad = await s.request("GET", "/v2.1/tournaments", undefined, { accept: "text/html" });
    expect(bad.status).toBe(406);
    expect(bad.json.errors[0].status).toBe(406);
    for (const accept of ["application/json", "application/vnd.api+json", "*/*"]) {
      expect((await s.request("GET", "/v2.1/tournaments", undefined, { accept })).status).toBe(200);
    }
  });

  it("honours q values: q=0 is not acceptable (406), a JSON type above 0 is (RFC 9110 12.4.2)", async () => {
    const s = await startService();
    const status = async (accept: string) =>
      (await s.request("GET", "/v2.1/tournaments", undefined, { accept })).status;
    for (const accept of [
      "application/json;q=0",
      "*/*;q=0, text/html",
      "application/json; q=0.0, application/vnd.api+json;q=0",
      "application/*;q=0",
      "text/html, */*;Q=0",
    ])
      expect(await status(accept), accept).toBe(406);
    for (const accept of [
      "text/html;q=0.9, application/json;q=0.1",
      "application/json;q=1",
      "text/html, */*;q=0.01",
      "*/*;q=0, application/vnd.api+json",
      "application/json;charset=utf-8",
      "application/*",
    ])
      expect(await status(accept), accept).toBe(200);
  });

  it("answers 415 for a body that is not JSON:API or JSON", async () => {
    const s = await startService();
    const r = await s.request("POST", "/v2.1/tournaments", "name=x", {
      "content-type": "text/plain",
    });
    expect(r.status).toBe(415);
    const ok = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "A", tournament_type: "swiss" }),
      {
        "content-type": "application/json",
      },
    );
    expect(ok.status).toBe(201);
  });

  it("answers 400 for malformed JSON and for a body without data", async () => {
    const s = await startService();
    expect((await s.request("POST", "/v2.1/tournaments", "{oops")).status).toBe(400);
    const r = await s.request("POST", "/v2.1/tournaments", { name: "x" });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].source.pointer).toBe("/data");
  });

  it("answers a bare PUT (no body, no Content-Type) 400 naming the body it needs, not 415", async () => {
    const s = await startService();
    const made = await s.request(
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "x", tournament_type: "swiss" }),
    );
    const path = `/v2.1/tournaments/${made.json.data.id}/change_state`;
    const r = await s.service.handle({ method: "PUT", path, headers: {} });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).errors[0].detail).toContain("this request needs a JSON body");
    // A body of another type is still 415.
    const typed = await s.request("PUT", path, "state=start", { "content-type": "text/plain" });
    expect(typed.status).toBe(415);
  });

  it("names a number past the double's range (1e400) as such, not as null", async () => {
    const s = await startService();
    const body =
      '{"data":{"type":"tournament","attributes":{"name":"x","tournament_type":"swiss","swiss_options":{"rounds":1e400}}}}';
    const r = await s.request("POST", "/v2.1/tournaments", body);
    expect(r.status).toBe(422);
    expect(r.json.errors[0].detail).toContain("a number too large to hold");
    expect(r.json.errors[0].detail).not.toContain("null");
  });

  it("answers 413 for a body over 1 MiB", async () => {
    const s = await startService();
    const big = tournamentBody({
      name: "x",
      tournament_type: "swiss",
      description: "y".repeat(1024 * 1024),
    });
    const r = await s.request("POST", "/v2.1/tournaments", big);
    expect(r.status).toBe(413);
  });

  it("answers 404 with an error body for unknown paths and ids, with and without .json", async () => {
    const s = await startService();
    const path = await s.request("GET", "/v2.1/nothing/here");
    expect(path.status).toBe(404);
    expect(path.json.errors[0].detail).toContain("no such path");
    expect((await s.request("GET", "/v2.1/tournaments/999.json")).status).toBe(404);
    expect((await s.request("GET", "/v2.1/tournaments/no_such_slug")).status).toBe(404);
  });

  it("answers 422 for a type of another resource family", async () => {
    const s = await startService();
    const r = await s.request("POST", "/v2.1/tournaments", {
      data: { type: "Race", attributes: { name: "x" } },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors[0].source.pointer).toBe("/data/type");
  });

  it("requires a valid API key when serving, and never accepts a wrong one", async () => {
    const s = await startService({ requireAuth: true });
    const key = s.service.createApiKey("test");
    expect((await s.request("GET", "/v2.1/tournaments")).status).toBe(401);
    expect(
      (await s.request("GET", "/v2.1/tournaments", undefined, { authorization: "tk_wrong" }))
        .status,
    ).toBe(401);
    const bearer = await s.request("GET", "/v2.1/tournaments", undefined, {
      authorization: `Bearer ${key}`,
    });
    expect(bearer.status).toBe(401);
    const ok = await s.request("GET", "/v2.1/tournaments", undefined, {
      authorization: key,
      "authorization-type": "v1",
    });
    expect(ok.status).toBe(200);
  });

  it("never answers 500 with a stack trace", async () => {
    const s = await startService();
    const weird = [
      ["POST", "/v2.1/tournaments", "null"],
      ["POST", "/v2.1/tournaments", "[]"],
      ["POST", "/v2.1/tournaments", '{"data": {"attributes": []}}'],
      [
        "POST",
        "/v2.1/tournaments",
        '{"data": {"attributes": {"name": {"a": 1}, "tournament_type": 7}}}',
      ],
      ["PUT", "/v2.1/tournaments/1", '{"data": {"attributes": {}}}'],
      ["GET", "/v2.1/tournaments?page=-1", undefined],
      ["GET", "/v2.1/tournaments?per_page=100000", undefined],
      ["GET", "/v2.1/tournaments?created_after=yesterday", undefined],
    ] as const;
    for (const [method, path, body] of weird) {
      const r = await s.request(method, path, body);
      expect(r.status, `${method} ${path} ${body}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${method} ${path} ${body}`).toBeLessThan(500);
      expect(r.body).not.toContain("    at ");
    }
  });
});
