/**
 * Issue 25: serve's links are absolute now. The client never requests a link it
 * is given: of `links.next` it reads the page number alone and asks the
 * profile's own service for that page of the same list, so a link naming
 * another host (a hostile or misconfigured server) never receives the
 * profile's credentials.
 */
import { describe, expect, it } from "vitest";
import { createPager } from "../../src/cli/commands/api/paginate.js";
import type { ApiList } from "../../src/client/envelope.js";
import { collectPages, nextPage } from "../../src/client/pagination.js";

const record = (id: number) => ({ id: String(id), type: "tournament", attributes: {} });
const FOREIGN = "https://evil.example/steal/tournaments.json?page=2&per_page=1";

describe("links to another host are never followed", () => {
  it("a verb's pages: only the page number of links.next is read", async () => {
    const asked: number[] = [];
    const records = await collectPages(async (page): Promise<ApiList> => {
      asked.push(page);
      if (page === 1)
        return {
          data: [record(1)],
          links: { self: "https://evil.example/x?page=1", next: FOREIGN },
        };
      return { data: [record(2)], links: { self: "https://evil.example/x?page=2" } };
    });
    expect(asked).toEqual([1, 2]);
    expect(records.map((r) => r.id)).toEqual(["1", "2"]);
    expect(nextPage({ data: [], links: { self: "", next: FOREIGN } }, 1, 1)).toBe(2);
  });

  it("tourney api --paginate: the next request is the path asked, with page set", () => {
    const pager = createPager("/v2.1/tournaments.json?per_page=1");
    expect(pager.first).toBe("/v2.1/tournaments.json?per_page=1");
    const body = JSON.stringify({
      data: [record(1)],
      meta: { count: 2, page: 1, per_page: 1, total_pages: 2 },
      links: { self: "https://evil.example/a.json?page=1", next: FOREIGN },
    });
    expect(pager.read({ status: 200, headers: {}, body })?.next).toBe(
      "/v2.1/tournaments.json?per_page=1&page=2",
    );
  });
});
