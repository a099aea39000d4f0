/**
 * The race create without a url (src/client/required-fields.ts createWithUrl): the
 * name's slug, then `_2` ... while the service refuses the url alone, never past `_10`,
 * and no second try after a refusal of anything else; the embedded backend sends no url.
 */
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { RejectedError } from "../../src/client/errors.js";
import type { HttpRequest } from "../../src/model/http.js";
import { json, type Reply, record, routeTransport } from "./stub-transport.js";

const taken = (pointer: string): Reply =>
  json(422, { errors: [{ status: 422, detail: "taken", source: { pointer } }] });

function client(answer: (request: HttpRequest) => Reply, publishedForm = true) {
  const transport = routeTransport(answer);
  const api = createApiClient({ transport, credentials: { apiKey: "k" }, publishedForm });
  const urls = () =>
    transport.requests.map((r) => JSON.parse(r.body ?? "{}").data?.attributes?.url);
  return { api, urls };
}

describe("a race created without a url", () => {
  it("takes the first of derby, derby_2 ... the service does not refuse", async () => {
    const { api, urls } = client((r) => {
      const url = JSON.parse(r.body ?? "{}").data.attributes.url;
      return url === "derby_3"
        ? json(201, { data: record(3, "Race", { url }) })
        : taken("/data/attributes/url");
    });
    const made = await api.races.create({ name: "Derby" });
    expect(made.attributes.url).toBe("derby_3");
    expect(urls()).toEqual(["derby", "derby_2", "derby_3"]);
  });

  it("stops at derby_10, and at once on a refusal of something else", async () => {
    const always = client(() => taken("/data/attributes/url"));
    await expect(always.api.races.create({ name: "Derby" })).rejects.toBeInstanceOf(RejectedError);
    expect(always.urls()).toHaveLength(10);
    expect(always.urls().at(-1)).toBe("derby_10");

    const other = client(() => taken("/data/attributes/name"));
    await expect(other.api.races.create({ name: "Derby" })).rejects.toBeInstanceOf(RejectedError);
    expect(other.urls()).toEqual(["derby"]);
  });

  it("is sent without one by the embedded backend (serve picks it)", async () => {
    const { api, urls } = client(() => json(201, { data: record(1, "Race", {}) }), false);
    await api.races.create({ name: "Derby" });
    expect(urls()).toEqual([undefined]);
  });
});
