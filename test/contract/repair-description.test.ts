import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  originalPath,
  repairDescription,
  writeRepairedDescription,
} from "./repair-description.mjs";

type Json = Record<string, any>;

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

describe("the repaired copy of the published description", () => {
  const hash = () => createHash("sha256").update(readFileSync(originalPath())).digest("hex");

  it("leaves the original as published", () => {
    const before = hash();
    const { path } = writeRepairedDescription();
    expect(path).not.toBe(originalPath());
    expect(hash()).toBe(before);
  });

  it("refers only to definitions it has (the original names two it lacks)", () => {
    const original = JSON.parse(readFileSync(originalPath(), "utf8")) as Json;
    const dangling = (d: Json) =>
      refs(d).filter((ref) => d.definitions[ref.replace("#/definitions/", "")] === undefined);
    expect(dangling(original)).toEqual([
      "#/definitions/ElapsedTimeInput",
      "#/definitions/relationshiplink",
    ]);
    expect(dangling(repairDescription(original).description)).toEqual([]);
  });

  it("declares exactly the path parameters each path names, under the base path", () => {
    const original = JSON.parse(readFileSync(originalPath(), "utf8")) as Json;
    const { description } = repairDescription(original);
    const problems: string[] = [];
    for (const [path, item] of Object.entries(description.paths as Json)) {
      if (!path.startsWith("/v2.1/") || !path.endsWith(".json")) problems.push(path);
      const named = [...path.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1]).sort();
      if (/\{[^}]*\//.test(path)) problems.push(`${path}: unclosed brace`);
      for (const [method, operation] of Object.entries(item as Json)) {
        const declared = (operation.parameters as Json[])
          .filter((p) => p.in === "path")
          .map((p) => p.name)
          .sort();
        if (JSON.stringify(declared) !== JSON.stringify(named))
          problems.push(`${method} ${path}: ${declared} vs ${named}`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(description.paths as Json)).toHaveLength(Object.keys(original.paths).length);
  });
});
