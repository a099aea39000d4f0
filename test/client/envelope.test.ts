import { describe, expect, it } from "vitest";
import {
  decodeList,
  decodeRecord,
  decodeSingle,
  encodeBody,
  parseResponseBody,
} from "../../src/client/envelope.js";
import { ApiError } from "../../src/client/errors.js";

describe("encodeBody", () => {
  it("wraps type and attributes in data", () => {
    const body = encodeBody({ type: "tournament", attributes: { name: "Spring Cup" } });
    expect(JSON.parse(body)).toEqual({
      data: { type: "tournament", attributes: { name: "Spring Cup" } },
    });
  });
});

describe("decodeSingle", () => {
  it("reads id, type, attributes, relationships and links of a JSON:API document", () => {
    const record = decodeSingle({
      data: {
        id: "7",
        type: "race",
        attributes: { name: "Sprint", raceType: "time trial" },
        relationships: {
          rounds: { links: { related: "/v2.1/races/7/rounds" }, meta: { count: 3 } },
        },
        links: { self: "/v2.1/races/7" },
      },
    });
    expect(record).toEqual({
      id: "7",
      type: "race",
      attributes: { name: "Sprint", raceType: "time trial" },
      relationships: { rounds: { links: { related: "/v2.1/races/7/rounds" }, meta: { count: 3 } } },
      links: { self: "/v2.1/races/7" },
    });
  });

  it("turns a numeric id into a string and leaves out absent relationships and links", () => {
    const record = decodeSingle({
      data: { id: 42, type: "tournament", attributes: { name: "X" } },
    });
    expect(record).toEqual({ id: "42", type: "tournament", attributes: { name: "X" } });
    expect("relationships" in record).toBe(false);
    expect("links" in record).toBe(false);
  });

  it("moves relationships drawn inside attributes (as the contract draws matches) beside them", () => {
    const player1 = { data: { id: "355", type: "participant" } };
    const player2 = { data: { id: "354", type: "participant" } };
    const record = decodeSingle({
      data: {
        id: "1",
        type: "match",
        attributes: { state: "open", relationships: { player1, player2 } },
      },
    });
    expect(record.attributes).toEqual({ state: "open" });
    expect(record.relationships).toEqual({ player1, player2 });
  });

  it("merges both levels, the outer one winning", () => {
    const record = decodeRecord({
      id: "1",
      type: "match",
      attributes: { relationships: { player1: "inner", player2: "inner" } },
      relationships: { player1: "outer" },
    });
    expect(record.relationships).toEqual({ player1: "outer", player2: "inner" });
  });

  it("accepts a one-element array (participant create as the contract draws it)", () => {
    expect(decodeSingle([{ id: "5", type: "participant", attributes: { name: "Ada" } }])).toEqual({
      id: "5",
      type: "participant",
      attributes: { name: "Ada" },
    });
  });

  it("rejects a document without a resource id", () => {
    expect(() => decodeSingle({ data: { type: "tournament" } })).toThrow(ApiError);
    expect(() => decodeSingle({ data: { type: "tournament" } })).toThrow(/no id/);
  });
});

describe("decodeList", () => {
  it("reads data, meta and links of a list document", () => {
    const list = decodeList({
      data: [
        { id: "1", type: "participant", attributes: { name: "Ada" } },
        { id: "2", type: "participant", attributes: { name: "Grace" } },
      ],
      meta: { count: 30, page: 1, per_page: 2, total_pages: 15 },
      links: { self: "/v2.1/x?page=1", next: "/v2.1/x?page=2" },
    });
    expect(list.data.map((r) => r.attributes.name)).toEqual(["Ada", "Grace"]);
    expect(list.meta).toEqual({ count: 30, page: 1, per_page: 2, total_pages: 15 });
    expect(list.links).toEqual({ self: "/v2.1/x?page=1", next: "/v2.1/x?page=2" });
  });

  it("accepts a bare array, without meta or links", () => {
    const list = decodeList([
      { id: 1, type: "participant", attributes: { name: "Ada" } },
      { id: 2, type: "participant", attributes: { name: "Grace" } },
    ]);
    expect(list.data.map((r) => r.id)).toEqual(["1", "2"]);
    expect(list.meta).toBeUndefined();
    expect(list.links).toBeUndefined();
  });

  it("accepts one resource object where a list was expected", () => {
    const list = decodeList({ data: { id: "101", type: "community", attributes: { name: "C" } } });
    expect(list.data).toEqual([{ id: "101", type: "community", attributes: { name: "C" } }]);
  });

  it("gives an empty list for an empty body", () => {
    expect(decodeList(undefined)).toEqual({ data: [] });
  });

  it("reads numeric strings in meta and ignores a meta without page information", () => {
    expect(decodeList({ data: [], meta: { page: "2", total_pages: "3" } }).meta).toEqual({
      count: 0,
      page: 2,
      per_page: 0,
      total_pages: 3,
    });
    expect(decodeList({ data: [], meta: { note: "x" } }).meta).toBeUndefined();
  });
});

describe("parseResponseBody", () => {
  it("gives undefined for an empty body and a clear ApiError for text that is not JSON", () => {
    expect(parseResponseBody("", 204)).toBeUndefined();
    expect(() => parseResponseBody("<html>captive portal</html>", 200)).toThrow(
      /not JSON \("<html>captive portal<\/html>"\)/,
    );
  });
});
