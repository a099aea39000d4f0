/**
 * --max-participants stops at 8 (an outside review): 9 to 64 was taken, the start made a
 * match of 9 or more players, and every report of it was refused ("match must be an array
 * of 1 to 8 entries", the contract's MatchInput.match maxItems): the tournament never
 * finished. Now create and update refuse it (exit 2, naming the bound and why), --set
 * too (the service's 422, exit 5), and an import of a file carrying more is refused
 * before anything is written (exit 2).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const WHY =
  "a free-for-all match is reported in one request of at most 8 entries (the v2.1 contract's match maxItems), so a larger match could never be completed";

describe("free for all: --max-participants at most 8", () => {
  it("refuses 9 and more on create and update (exit 2), --set by the service (exit 5)", async () => {
    const create = await sb.run([
      "tournament",
      "create",
      "--name",
      "Pile",
      "--type",
      "free for all",
      "--max-participants",
      "9",
    ]);
    expect({ code: create.code, stderr: create.stderr }).toEqual({
      code: 2,
      stderr: `error: --max-participants needs a whole number from 2 to 8, not 9: ${WHY}\n`,
    });
    expect(ok(await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);

    ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        "Pile",
        "--type",
        "free for all",
        "--max-participants",
        "8",
      ]),
    );
    const update = await sb.run(["tournament", "update", "pile", "--max-participants", "64"]);
    expect(update.code).toBe(2);
    expect(update.stderr).toBe(
      `error: --max-participants needs a whole number from 2 to 8, not 64: ${WHY}\n`,
    );
    const set = await sb.run([
      "tournament",
      "update",
      "pile",
      "--set",
      "free_for_all_options.max_participants=12",
    ]);
    expect(set.code).toBe(5);
    expect(set.stderr).toContain(`max_participants must be between 2 and 8, not 12: ${WHY}`);
    const shown = ok(await sb.run(["tournament", "show", "pile", "--json"])).json();
    expect(shown.free_for_all_options).toEqual({ max_participants: 8 });
  });

  it("refuses to import a file of more than 8 a match before anything is written", async () => {
    ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        "Pile",
        "--type",
        "free for all",
        "--max-participants",
        "8",
      ]),
    );
    const file = join(sb.dir, "pile.json");
    ok(await sb.run(["tournament", "export", "pile", "-o", file]));
    ok(await sb.run(["tournament", "delete", "pile", "--yes"]));
    const doc = JSON.parse(readFileSync(file, "utf8"));
    doc.tournament.settings.free_for_all_options.max_participants = 12;
    writeFileSync(file, JSON.stringify(doc));
    const r = await sb.run(["tournament", "import", file]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({
      code: 2,
      stderr: `error: ${file}: tournament.settings.free_for_all_options.max_participants is 12, not between 2 and 8: ${WHY}; nothing was sent (set it to 8 or less in the file)\n`,
    });
    expect(ok(await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);
  });
});
