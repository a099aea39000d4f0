/**
 * A name's length is one rule on every path (model/text-rules.ts): characters are code
 * points, so `participants bulk-add` (and `race participants bulk-add`) takes a name of 130
 * emoji as `participants add` and the service do; before, its roster check counted UTF-16
 * units and refused it as "longer than 255 characters". A roster's misc is checked before
 * anything is sent by the service's own rule too (before, it was not checked at all).
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const E130 = "\u{1F3AE}".repeat(130);
const E256 = "\u{1F3AF}".repeat(256);

const lengths = async (args: readonly string[]) =>
  ok(await sb.run([...args, "list", "len", "--jq", ".[].name | length"])).stdout;

it("bulk-add takes a name of 130 emoji (130 characters) and refuses 256 emoji with their count", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Len"]));
  ok(await sb.run(["participants", "bulk-add", "len", "--file", "-"], { stdin: `${E130}\n` }));
  expect(await lengths(["participants"])).toBe("130\n");
  const long = await sb.run(["participants", "bulk-add", "len", "--file", "-"], {
    stdin: `Ada\n${E256}\n`,
  });
  expect(long.code).toBe(2);
  expect(long.stderr.split("\n")).toEqual([
    "error: the roster has 1 problem; nothing was added",
    "error: line 2: the name is too long (256 characters; at most 255)",
    "",
  ]);
});

it("race participants bulk-add counts as the service does", async () => {
  ok(await sb.run(["race", "create", "--name", "Len"]));
  ok(
    await sb.run(["race", "participants", "bulk-add", "len", "--file", "-"], {
      stdin: `${E130}\n`,
    }),
  );
  expect(await lengths(["race", "participants"])).toBe("130\n");
});

it("a roster's misc past the service's limit is refused before anything is sent, counted in characters", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Len"]));
  const stdin = `name,misc\nAda,${E130}\nBob,${"x".repeat(256)}\n`;
  const r = await sb.run(["participants", "bulk-add", "len", "--file", "-"], { stdin });
  expect(r.code).toBe(2);
  expect(r.stderr.split("\n")).toEqual([
    "error: the roster has 1 problem; nothing was added",
    "error: line 3: misc is too long (256 characters; at most 255)",
    "",
  ]);
  expect(await lengths(["participants"])).toBe("");
});

/**
 * The limit applies to the name as stored (NFC, trimmed): 200 × "e" plus a combining accent
 * (NFD, as text pasted from macOS) is stored as 200 × "é"; the service refused it as "400
 * characters", and bulk-add's check let it through to that refusal (exit 5).
 */
it("a decomposed (NFD) name is counted as stored (NFC): 200 taken, 256 refused with 256", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Len"]));
  const nfd = (n: number) => "e\u0301".repeat(n);
  ok(await sb.run(["participants", "add", "len", nfd(200)]));
  ok(await sb.run(["participants", "bulk-add", "len", "--file", "-"], { stdin: `a${nfd(200)}\n` }));
  expect(await lengths(["participants"])).toBe("200\n201\n");
  const add = await sb.run(["participants", "add", "len", nfd(256)]);
  expect(add.code).toBe(5);
  expect(add.stderr).toContain("name is too long (256 characters; at most 255)");
  const bulk = await sb.run(["participants", "bulk-add", "len", "--file", "-"], {
    stdin: `b${nfd(255)}\n`,
  });
  expect(bulk.code).toBe(2);
  expect(bulk.stderr).toContain("line 1: the name is too long (256 characters; at most 255)");
});
