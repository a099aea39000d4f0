/**
 * The race create without a url (src/client/required-fields.ts createWithUrl): the
 * name's slug; refused as the url alone, the races list read once and the first free
 * `_N` sent (then the next free one, ten at most); no second try after a refusal of
 * anything else; the embedded backend sends no url. And an update's read and write
 * (updateWithCurrent): If-Match the read's ETag, a 412 read and sent again, four times
 * at most; a read refused 403 sends the update without the fields read.
 */
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { ApiError, RejectedError } from "../../src/client/errors.js";
import type { HttpRequest } from "../../src/model/http.js";
import { json, type Reply, record, routeTransport } from "./stub-transport.js";

const taken = (pointer: string): Reply =>
  json(422, { errors: [{ status: 422, detail: "taken", source: { pointer } }] });

function client(answer: (request: HttpRequest) => Reply, publishedForm = true) {
  const transport = routeTransport(answer);
  const api = createApiClient({ transport, credentials: { apiKey: "k" }, publishedForm });
  const urls = () =>
    transport.requests
      .filter((r) => r.method === "POST")
      .map((r) => JSON.parse(r.body ?? "{}").data?.attributes?.url);
  const reads = () => transport.requests.filter((r) => r.method === "GET").length;
  return { api, urls, reads, transport };
}

describe("a race created without a url", () => {
  const races = (...urls: string[]) =>
    json(200, { data: urls.map((url, i) => record(i + 1, "Race", { url })) });

  it("reads the taken urls once and takes the first free one (past derby_10)", async () => {
    const held = ["derby", ...Array.from({ length: 11 }, (_, i) => `derby_${i + 2}`)];
    held.splice(2, 1); // derby_3 is free
    const { api, urls, reads } = client((r) => {
      if (r.method === "GET") return races(...held, "other");
      const url = JSON.parse(r.body ?? "{}").data.attributes.url;
      return held.includes(url)
        ? taken("/data/attributes/url")
        : json(201, { data: record(3, "Race", { url }) });
    });
    expect((await api.races.create({ name: "Derby" })).attributes.url).toBe("derby_3");
    expect(urls()).toEqual(["derby", "derby_3"]);
    expect(reads()).toBe(1);

    held.push("derby_3");
    const full = client((r) => {
      if (r.method === "GET") return races(...held);
      const url = JSON.parse(r.body ?? "{}").data.attributes.url;
      return held.includes(url)
        ? taken("/data/attributes/url")
        : json(201, { data: record(13, "Race", { url }) });
    });
    expect((await full.api.races.create({ name: "Derby" })).attributes.url).toBe("derby_13");
    expect(full.urls()).toEqual(["derby", "derby_13"]);
  });

  it("stops after ten free ones refused, and at once on a refusal of something else", async () => {
    const always = client((r) => (r.method === "GET" ? races() : taken("/data/attributes/url")));
    await expect(always.api.races.create({ name: "Derby" })).rejects.toBeInstanceOf(RejectedError);
    expect(always.urls()).toHaveLength(11);
    expect(always.urls().at(-1)).toBe("derby_11");
    expect(always.reads()).toBe(1);

    const other = client(() => taken("/data/attributes/name"));
    await expect(other.api.races.create({ name: "Derby" })).rejects.toBeInstanceOf(RejectedError);
    expect(other.urls()).toEqual(["derby"]);
    expect(other.reads()).toBe(0);
  });

  it("is sent without one by the embedded backend (serve picks it)", async () => {
    const { api, urls } = client(() => json(201, { data: record(1, "Race", {}) }), false);
    await api.races.create({ name: "Derby" });
    expect(urls()).toEqual([undefined]);
  });
});

describe("an update that reads the fields it lacks", () => {
  const cup = (etag?: string) => ({
    ...json(200, { data: record(7, "tournament", { name: "Cup", tournament_type: "swiss" }) }),
    ...(etag === undefined ? {} : { headers: { etag } }),
  });
  const changed = json(412, { errors: [{ status: 412, detail: "changed" }] });

  it("sends If-Match the read's tag; a 412 is read and sent again, four times at most", async () => {
    let tag = 0;
    const { api, transport } = client((r) => (r.method === "GET" ? cup(`"t${++tag}"`) : changed));
    const refused = api.tournaments.update("cup", { description: "x" });
    await expect(refused).rejects.toMatchObject({ status: 412 });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    const sent = transport.requests.map((r) => `${r.method} ${r.headers["If-Match"] ?? ""}`);
    expect(sent).toEqual([
      "GET ",
      'PUT "t1"',
      "GET ",
      'PUT "t2"',
      "GET ",
      'PUT "t3"',
      "GET ",
      'PUT "t4"',
    ]);
  });

  it("does not send again after a 412 when the read had no tag", async () => {
    const { api, transport } = client((r) => (r.method === "GET" ? cup() : changed));
    await expect(api.races.update("7", { description: "x" })).rejects.toMatchObject({
      status: 412,
    });
    expect(transport.requests.map((r) => r.method)).toEqual(["GET", "PUT"]);
    expect(transport.requests[1]!.headers["If-Match"]).toBeUndefined();
  });

  it("a read refused 403 sends the update without the fields it would have read", async () => {
    const scope = json(403, { errors: [{ status: 403, detail: "needs tournaments:read" }] });
    const { api, transport } = client((r) =>
      r.method === "GET" ? scope : json(200, { data: record(7, "tournament", { name: "New" }) }),
    );
    await api.tournaments.update("cup", { name: "New" });
    const put = transport.requests.find((r) => r.method === "PUT")!;
    expect(JSON.parse(put.body ?? "{}").data.attributes).toEqual({ name: "New" });
  });
});
