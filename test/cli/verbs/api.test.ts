/** `tourney api`'s parse step and its fields (no I/O). */

import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { fieldsBody, fieldsQuery, parseField } from "../../../src/cli/commands/api/fields.js";
import { apiPath, parseApi } from "../../../src/cli/commands/api/request.js";
import { UsageError } from "../../../src/cli/errors.js";
import { attachJsonFields } from "../../../src/cli/json-argv.js";

function body(raw: string[], typed: string[] = []) {
  const fields = [
    ...raw.map((f) => parseField(f, false)),
    ...typed.map((f) => parseField(f, true)),
  ];
  return fieldsBody(
    fields,
    fields.map((f) => f.value as string | number | boolean | null),
  );
}

describe("api fields", () => {
  it("-f is a string, -F is typed: true, false, null, integers; @file names a file", () => {
    expect(parseField("a=true", false).value).toBe("true");
    expect(parseField("a=true", true).value).toBe(true);
    expect(parseField("a=false", true).value).toBe(false);
    expect(parseField("a=null", true).value).toBeNull();
    expect(parseField("a=-12", true).value).toBe(-12);
    expect(parseField("a=1.5", true).value).toBe("1.5");
    expect(parseField("a=@notes.txt", true).value).toEqual({ file: "notes.txt" });
    expect(parseField("a=@notes.txt", false).value).toBe("@notes.txt");
    expect(parseField("a=x=y", false).value).toBe("x=y");
  });

  it("nests objects, appends to arrays, fills objects inside arrays", () => {
    expect(
      body(
        [
          "data[type]=Match",
          "data[attributes][match][][participant_id]=1",
          "data[attributes][match][][score_set]=3,1",
        ],
        [
          "data[attributes][match][][advancing]=true",
          "data[attributes][match][][participant_id]=2",
          "tags[]=1",
          "tags[]=2",
        ],
      ),
    ).toEqual({
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: "1", score_set: "3,1", advancing: true },
            { participant_id: 2 },
          ],
        },
      },
      tags: [1, 2],
    });
  });

  it("refuses keys that cannot nest and keys that clash", () => {
    expect(() => parseField("a[b=1", false)).toThrow(UsageError);
    expect(() => parseField("=1", false)).toThrow(/expected key=value/);
    expect(() => body(["a=1", "a[b]=2"])).toThrow(/conflicts/);
    expect(() => body(["a[]=1", "a[b]=2"])).toThrow(/conflicts/);
  });

  it("in the query, keys stay as written", () => {
    const fields = [parseField("page=2", true), parseField("filter[state]=open", false)];
    expect(fieldsQuery(fields, [2, "open"])).toBe("page=2&filter%5Bstate%5D=open");
  });
});

describe("parseApi", () => {
  it("prefixes /v2.1 unless the path names a version", () => {
    expect(apiPath("tournaments")).toBe("/v2.1/tournaments");
    expect(apiPath("/tournaments.json?page=2")).toBe("/v2.1/tournaments.json?page=2");
    expect(apiPath("/v2.1/me")).toBe("/v2.1/me");
    expect(apiPath("/v1/tournaments.json")).toBe("/v1/tournaments.json");
    expect(() => apiPath("http://host/v2.1/me")).toThrow(UsageError);
  });

  it("GET by default, POST with fields or --input (as gh api), -X as given; no body on a GET", () => {
    expect(parseApi("me", {}).method).toBe("GET");
    expect(parseApi("tournaments", { rawField: ["a=1"] }).method).toBe("POST");
    expect(parseApi("tournaments", { rawField: ["a=1"], input: "-" }).method).toBe("POST");
    expect(parseApi("tournaments", { input: "body.json" }).method).toBe("POST");
    expect(parseApi("tournaments/1", { method: "delete" }).method).toBe("DELETE");
    expect(parseApi("tournaments/1", { method: "PUT", input: "-" }).method).toBe("PUT");
    for (const method of ["GET", "head"])
      expect(() => parseApi("tournaments", { method, input: "-" })).toThrow(UsageError);
    expect(() => parseApi("x", { method: "FETCH" })).toThrow(/-X FETCH/);
  });

  it("headers as name: value; --paginate only with GET", () => {
    expect(parseApi("me", { header: ["Accept: application/json", "X-Trace:1"] }).headers).toEqual({
      Accept: "application/json",
      "X-Trace": "1",
    });
    expect(() => parseApi("me", { header: ["no colon"] })).toThrow(UsageError);
    expect(() => parseApi("me", { paginate: true, method: "PUT" })).toThrow(/GET only/);
  });
});

describe("--json before a word (json-argv.ts)", () => {
  const program = new Command("tourney");
  program.command("tournament").command("list");
  it("joins a field list, leaves a command word or an operand bare", () => {
    expect(attachJsonFields(["tournament", "list", "--json", "id,name"], program)).toEqual([
      "tournament",
      "list",
      "--json=id,name",
    ]);
    expect(attachJsonFields(["--json", "tournament", "list"], program)).toEqual([
      "--json=",
      "tournament",
      "list",
    ]);
    expect(attachJsonFields(["tournament", "--json", "list", "--json"], program)).toEqual([
      "tournament",
      "--json=",
      "list",
      "--json=",
    ]);
    expect(attachJsonFields(["x", "--json", "my-cup", "--", "--json", "id"], program)).toEqual([
      "x",
      "--json=",
      "my-cup",
      "--",
      "--json",
      "id",
    ]);
  });
});
