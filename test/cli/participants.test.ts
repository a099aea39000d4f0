import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  const r = await sb.run([
    "tournament",
    "create",
    "--name",
    "Spring Cup",
    "--type",
    "single elimination",
  ]);
  expect(r.code).toBe(0);
});
afterEach(() => sb.cleanup());

const namesOf = async () =>
  (await sb.run(["participants", "list", "spring_cup", "--json"]))
    .json()
    .map((p: { name: string }) => p.name);

describe("tourney participants", () => {
  it("bulk-adds names from stdin, one per line, and lists them ('#' starts a name, not a comment)", async () => {
    const r = await sb.run(["participants", "bulk-add", "spring_cup"], {
      stdin: "Ada\nGrace\n\n#TeamLiquid\n# 1 Fan\nLinus\r\nMargaret\n",
    });
    expect(r.code).toBe(0);
    expect(await namesOf()).toEqual([
      "Ada",
      "Grace",
      "#TeamLiquid",
      "# 1 Fan",
      "Linus",
      "Margaret",
    ]);
  });

  it("bulk-adds CSV with name, seed and misc columns from a file", async () => {
    const file = join(sb.dir, "roster.csv");
    writeFileSync(file, 'name,seed,misc\n"Lovelace, Ada",,team a\nGrace,1,\n');
    const r = await sb.run(["participants", "bulk-add", "spring_cup", "--file", file, "--json"]);
    expect(r.code).toBe(0);
    const list = (await sb.run(["participants", "list", "spring_cup", "--json"])).json();
    expect(
      list.map((p: { name: string; seed: number; misc: string | null }) => [
        p.name,
        p.seed,
        p.misc,
      ]),
    ).toEqual([
      ["Grace", 1, null],
      ["Lovelace, Ada", 2, "team a"],
    ]);
  });

  it("adds nobody when one name is bad (all-or-nothing), naming the entry", async () => {
    await sb.run(["participants", "bulk-add", "spring_cup", "Ada"]);
    const r = await sb.run([
      "participants",
      "bulk-add",
      "spring_cup",
      "--no-skip-present",
      "Bob",
      "ada",
      "Cy",
    ]);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('error: argument 2: name "ada" is already taken in this tournament\n');
    expect(await namesOf()).toEqual(["Ada"]);
  });

  it("re-running a bulk add skips the names already present and says how many", async () => {
    await sb.run(["participants", "bulk-add", "spring_cup", "Ada", "Grace"]);
    const r = await sb.run(["participants", "bulk-add", "spring_cup", "--json"], {
      stdin: "Ada\nGRACE\nLinus\n",
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('Skipped 2 of 3 names already in the tournament: "Ada", "GRACE"\n');
    expect(r.json().map((p: { name: string }) => p.name)).toEqual(["Linus"]);
    expect(await namesOf()).toEqual(["Ada", "Grace", "Linus"]);
    const again = await sb.run(["participants", "bulk-add", "spring_cup", "Ada", "Grace", "Linus"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("Skipped 3 of 3 names");
    expect(await namesOf()).toEqual(["Ada", "Grace", "Linus"]);
  });

  it("refuses a roster that names someone twice, naming both lines, and adds nobody", async () => {
    const r = await sb.run(["participants", "bulk-add", "spring_cup"], {
      stdin: "Ada\nGrace\n\nada\n",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 1 and line 4 both name "ada"');
    const args = await sb.run(["participants", "bulk-add", "spring_cup", "Bo", "Cy", "BO"]);
    expect(args.code).toBe(2);
    expect(args.stderr).toContain('argument 1 and argument 3 both name "BO"');
    expect(await namesOf()).toEqual([]);
  });

  it("refuses a bulk add past signup_cap", async () => {
    await sb.run(["tournament", "update", "spring_cup", "--signup-cap", "2"]);
    const r = await sb.run(["participants", "bulk-add", "spring_cup", "A", "B", "C"]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("signup_cap is 2");
    expect(await namesOf()).toEqual([]);
  });

  it("names participants by id, #seed or exact name", async () => {
    await sb.run(["participants", "bulk-add", "spring_cup", "Ada", "Grace", "Linus"]);
    expect((await sb.run(["participants", "view", "spring_cup", "#2", "--json"])).json().name).toBe(
      "Grace",
    );
    expect(
      (await sb.run(["participants", "view", "spring_cup", "linus", "--json"])).json().seed,
    ).toBe(3);
    expect((await sb.run(["participants", "view", "spring_cup", "1", "--json"])).json().name).toBe(
      "Ada",
    );
    const missing = await sb.run(["participants", "view", "spring_cup", "Nobody"]);
    expect(missing.code).toBe(3);
    const updated = await sb.run([
      "participants",
      "update",
      "spring_cup",
      "Linus",
      "--seed",
      "1",
      "--json",
    ]);
    expect(updated.json().seed).toBe(1);
    expect(await namesOf()).toEqual(["Linus", "Ada", "Grace"]);
  });

  it("finds a name typed in another Unicode form, as the service compares names", async () => {
    await sb.run(["participants", "bulk-add", "spring_cup", "\u00c9cole", "\u00e9cole"]);
    // "E" + combining acute is the same name as the precomposed "É" (NFC).
    const decomposed = await sb.run([
      "participants",
      "view",
      "spring_cup",
      "E\u0301cole",
      "--json",
    ]);
    expect(decomposed.code, decomposed.stderr).toBe(0);
    expect(decomposed.json().seed).toBe(1);
    // Only ASCII letters ignore case: "é" and "É" are different names.
    const lower = await sb.run(["participants", "view", "spring_cup", "\u00e9COLE", "--json"]);
    expect(lower.json().seed).toBe(2);
  });

  it("deletes with --yes, clears, randomizes", async () => {
    await sb.run(["participants", "bulk-add", "spring_cup", "A", "B", "C", "D"]);
    expect((await sb.run(["participants", "delete", "spring_cup", "B", "--yes"])).code).toBe(0);
    expect(await namesOf()).toEqual(["A", "C", "D"]);
    const shuffled = await sb.run(["participants", "randomize", "spring_cup", "--json"]);
    expect(shuffled.json().map((p: { seed: number }) => p.seed)).toEqual([1, 2, 3]);
    expect((await sb.run(["participants", "clear", "spring_cup"])).code).toBe(2);
    expect((await sb.run(["participants", "clear", "spring_cup", "-y"])).code).toBe(0);
    expect(await namesOf()).toEqual([]);
  });

  it("is a usage error to give no names without stdin (and no prompts: --no-input)", async () => {
    const r = await sb.run(["participants", "bulk-add", "spring_cup", "--no-input"], {
      tty: true,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no participants given");
  });
});
