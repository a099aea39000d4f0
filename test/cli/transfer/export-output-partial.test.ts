/**
 * `tournament export --output FILE` writes through a partial file of its own beside FILE
 * (`.FILE.<pid>.<random>.partial`, output-target.ts), never through a fixed name: a user's
 * file called FILE.partial is left as it is, and exports to one FILE at once each write their
 * own. Before, FILE.partial was overwritten and then renamed onto FILE (the user's file gone),
 * and two exports at once shared it.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
let out: string;
beforeEach(async () => {
  sb = createSandbox();
  out = join(sb.dir, "out");
  mkdirSync(out);
  ok(await sb.run(["tournament", "create", "--name", "Cup", "--url", "cup"]));
});
afterEach(() => sb.cleanup());

it("a user's FILE.partial is left as it is; FILE is the whole document", async () => {
  const file = join(out, "cup.json");
  writeFileSync(`${file}.partial`, "MINE");
  const r = await sb.run(["tournament", "export", "cup", "--output", file]);
  expect([r.code, r.stderr]).toEqual([0, `exported to ${file}\n`]);
  expect(readFileSync(`${file}.partial`, "utf8")).toBe("MINE");
  expect(JSON.parse(readFileSync(file, "utf8")).format).toBe("tourney.tournament");
  expect(readdirSync(out).sort()).toEqual(["cup.json", "cup.json.partial"]);
});

it("exports to one FILE at once each succeed, FILE whole, nothing left beside it", async () => {
  const file = join(out, "cup.json");
  const runs = await Promise.all(
    [1, 2, 3].map(() => sb.run(["tournament", "export", "cup", "--output", file])),
  );
  expect(runs.map((r) => [r.code, r.stderr])).toEqual(
    [1, 2, 3].map(() => [0, `exported to ${file}\n`]),
  );
  expect(JSON.parse(readFileSync(file, "utf8")).format).toBe("tourney.tournament");
  expect(readdirSync(out)).toEqual(["cup.json"]);
});
