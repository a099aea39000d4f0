/**
 * Bidi controls in a name (U+202E, right-to-left override, and the others of Unicode's
 * Bidi_Control) are shown as `<U+202E>` at a terminal, as the C0/C1 controls are shown in caret
 * notation (output/terminal-text.ts): raw, a terminal applying the bidi algorithm drew the rest
 * of the row mirrored, the scores 1-3 as 3-1 (an outside review). The service takes such names
 * (existing data); `--json` keeps them as they are.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { visibleControls } from "../../src/cli/output/terminal-text.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
let sb: Sandbox;
beforeAll(async () => {
  sb = createSandbox();
  ok(await sb.run(["tournament", "create", "--name", "Bidi"]));
  ok(
    await sb.run(["participants", "bulk-add", "bidi", "--file", "-"], {
      stdin: "Ada\u202e\nBob\n",
    }),
  );
  ok(await sb.run(["tournament", "start", "bidi"]));
  ok(await sb.run(["match", "report", "bidi", "A", "--winner", "Bob", "--scores", "1-3"]));
});
afterAll(() => sb.cleanup());

it("shows every bidi control visibly, other text as it is", () => {
  const all = "a\u061cb\u200ec\u200fd\u202ae\u202ef\u2066g\u2069h\u200d";
  expect(visibleControls(all)).toBe(
    "a<U+061C>b<U+200E>c<U+200F>d<U+202A>e<U+202E>f<U+2066>g<U+2069>h\u200d",
  );
});

it("a terminal's match list, participants list and bracket show U+202E as <U+202E>; --json keeps it", async () => {
  for (const args of [
    ["match", "list", "bidi", "--no-color"],
    ["participants", "list", "bidi", "--no-color"],
    ["bracket", "bidi", "--no-color"],
  ]) {
    const r = ok(await sb.run(args, { tty: true, env: { COLUMNS: "100" } }));
    // The bracket's box cuts a name to its width: "Ada<U+2", visible all the same.
    expect(r.stdout, args.join(" ")).toContain(args[0] === "bracket" ? "Ada<U+2" : "Ada<U+202E>");
    expect(BIDI.test(r.stdout), args.join(" ")).toBe(false);
  }
  const json = ok(await sb.run(["participants", "list", "bidi", "--json", "name"]));
  expect(json.json().map((p: { name: string }) => p.name)).toContain("Ada\u202e");
});
