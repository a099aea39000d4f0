/**
 * The nesting limit of request bodies (envelope.ts parseJson) at its edge: the walk of
 * the text is skipped when the body holds no more opening brackets than the limit
 * (issue 27, a report's CPU), so the counts on each side of it are checked here, with
 * both kinds of bracket and with brackets inside strings.
 */
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJson } from "../../src/service/envelope.js";
import { ServiceError } from "../../src/service/errors.js";

/** `depth` levels, alternating objects and arrays, around a number. */
function nested(depth: number): string {
  let text = "1";
  for (let i = 0; i < depth; i++) text = i % 2 === 0 ? `[${text}]` : `{"a":${text}}`;
  return text;
}

const refusal = (text: string) => {
  try {
    parseJson(text);
    return undefined;
  } catch (error) {
    return error instanceof ServiceError ? error.status : error;
  }
};

describe("request body nesting", () => {
  it("takes the limit's depth and refuses one more, objects and arrays counted alike", () => {
    expect(refusal(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(refusal(nested(MAX_JSON_DEPTH + 1))).toBe(400);
    expect(refusal(`[${nested(MAX_JSON_DEPTH)}]`)).toBe(400);
    expect(refusal(`{"x":${nested(MAX_JSON_DEPTH)}}`)).toBe(400);
  });

  it("takes many brackets side by side, and brackets inside strings", () => {
    const wide = `[${Array.from({ length: MAX_JSON_DEPTH * 3 }, () => '{"a":[1]}').join(",")}]`;
    expect(parseJson(wide)).toHaveLength(MAX_JSON_DEPTH * 3);
    const quoted = JSON.stringify({ name: "[{".repeat(MAX_JSON_DEPTH * 2) });
    expect(parseJson(quoted)).toEqual({ name: "[{".repeat(MAX_JSON_DEPTH * 2) });
    // Brackets in strings raise the count past the limit: the walk then skips them.
    const both = JSON.stringify({ name: "[".repeat(MAX_JSON_DEPTH), v: JSON.parse(nested(30)) });
    expect(refusal(both)).toBeUndefined();
  });

  it("refuses ill-formed JSON with 400", () => {
    expect(refusal('{"data": [')).toBe(400);
  });
});
