import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { collectPages, eachPage, nextPage } from "../../src/client/pagination.js";
import type { HttpRequest } from "../../src/model/http.js";
import { json, record, routeTransport, stubTransport } from "./stub-transport.js";

function query(request: HttpRequest | undefined): Record<string, string> {
  const search = request?.path.split("?")[1] ?? "";
  return Object.fromEntries(new URLSearchParams(search));
}

function people(from: number, to: number) {
  const list = [];
  for (let id = from; id <= to; id += 1) list.push(record(id, "participant", { name: `P${id}` }));
  return list;
}

describe("listAll", () => {
  it("asks per_page=1000 and follows meta.total_pages over 3 pages", async () => {
    const pages = [people(1, 1000), people(1001, 2000), people(2001, 2500)];
    const transport = routeTransport((request) => {
      const page = Number(query(request).page);
      return json(200, {
        data: pages[page - 1],
        meta: { count: 2500, page, per_page: 1000, total_pages: 3 },
      });
    });
    const client = createApiClient({ transport });
    const all = await client.participants.listAll(7);
    expect(all).toHaveLength(2500);
    expect(all[0]?.id).toBe("1");
    expect(all[2499]?.id).toBe("2500");
    expect(transport.requests.map((r) => r.path)).toEqual([
      "/v2.1/tournaments/7/participants?page=1&per_page=1000",
      "/v2.1/tournaments/7/participants?page=2&per_page=1000",
      "/v2.1/tournaments/7/participants?page=3&per_page=1000",
    ]);
  });

  it("follows links.next (to the page it names) when there is no meta", async () => {
    const transport = stubTransport(
      json(200, { data: people(1, 2), links: { self: "/x?page=1", next: "/x?page=3&per_page=2" } }),
      json(200, { data: people(3, 4), links: { self: "https://h/x?page=3" } }),
    );
    const client = createApiClient({ transport });
    const all = await client.tournaments.listAll({ state: "pending" });
    expect(all.map((r) => r.id)).toEqual(["1", "2", "3", "4"]);
    expect(query(transport.requests[0])).toEqual({ state: "pending", page: "1", per_page: "1000" });
    expect(query(transport.requests[1])).toMatchObject({ page: "3" });
  });

  it("takes a short bare array as the whole list: one request", async () => {
    const transport = stubTransport(json(200, people(1, 3)));
    const client = createApiClient({ transport });
    const all = await client.matches.listAll(7, { state: "open" });
    expect(all.map((r) => r.id)).toEqual(["1", "2", "3"]);
    expect(transport.requests).toHaveLength(1);
    expect(query(transport.requests[0])).toEqual({ state: "open", page: "1", per_page: "1000" });
  });

  it("asks again after a full bare array, until a short one", async () => {
    const transport = stubTransport(json(200, people(1, 1000)), json(200, people(1001, 1004)));
    const client = createApiClient({ transport });
    expect(await client.participants.listAll(7)).toHaveLength(1004);
    expect(transport.requests).toHaveLength(2);
  });

  it("stops when a service ignoring `page` sends the same page again", async () => {
    const transport = routeTransport(() => json(200, people(1, 1000)));
    const client = createApiClient({ transport });
    expect(await client.participants.listAll(7)).toHaveLength(1000);
    expect(transport.requests).toHaveLength(2);
  });

  it("honours maxPages, and fails rather than pass the pages read for the whole list", async () => {
    let next = 0;
    const fetches: number[] = [];
    const all = collectPages(
      async (page) => {
        fetches.push(page);
        next += 1;
        return { data: [record(next, "x")], links: { self: "", next: `?page=${page + 1}` } };
      },
      { maxPages: 4 },
    );
    await expect(all).rejects.toThrow(
      "the list is incomplete: the service still said more pages follow after 4 pages; it stops there",
    );
    expect(fetches).toEqual([1, 2, 3, 4]);
  });

  it("fails when a page says more follow and the next holds only records seen (page ignored)", async () => {
    const transport = routeTransport(() =>
      json(200, {
        data: people(1, 3),
        meta: { count: 3, page: 1, per_page: 1000, total_pages: 5 },
      }),
    );
    const client = createApiClient({ transport });
    await expect(client.participants.listAll(7)).rejects.toThrow(
      "the list is incomplete: page 2 held only records of earlier pages though the service said more follow (does it ignore ?page=?); it stops there",
    );
  });
});

describe("eachPage", () => {
  it("yields each page's new records before asking for the next page", async () => {
    const fetches: number[] = [];
    const seen: string[][] = [];
    const pages = [people(1, 2), people(2, 3), people(4, 4)];
    const fetchPage = async (page: number) => {
      fetches.push(page);
      return {
        data: pages[page - 1]!,
        meta: { count: 4, page, per_page: 2, total_pages: 3 },
      };
    };
    for await (const page of eachPage(fetchPage, { perPage: 2 })) {
      seen.push(page.map((r) => r.id));
      expect(fetches).toHaveLength(seen.length);
    }
    // Record 2 came again on page 2: yielded once.
    expect(seen).toEqual([["1", "2"], ["3"], ["4"]]);
  });
});

describe("nextPage", () => {
  it("reads meta, links and bare arrays", () => {
    const meta = (page: number, total: number) => ({
      count: 0,
      page,
      per_page: 10,
      total_pages: total,
    });
    expect(nextPage({ data: [], meta: meta(1, 2) }, 1, 10)).toBe(2);
    expect(nextPage({ data: [], meta: meta(2, 2) }, 2, 10)).toBeUndefined();
    expect(nextPage({ data: [], links: { self: "/a?page=4" } }, 4, 10)).toBeUndefined();
    expect(nextPage({ data: [], links: { self: "", next: "/a?page=5" } }, 4, 10)).toBe(5);
    expect(nextPage({ data: [], links: { self: "", next: "/a?cursor=z" } }, 4, 10)).toBe(5);
    expect(nextPage({ data: [] }, 1, 10)).toBeUndefined();
  });
});
