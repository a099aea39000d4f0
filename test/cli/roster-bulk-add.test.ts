/**
 * `participants bulk-add` with rosters as organisers have them: headers or
 * none, seeds in any order, problems named by roster line on the embedded
 * backend and on a remote profile (chunks of 20) alike, Unicode names, and
 * rosters over 1,000 names in one transaction.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox, type RunOptions, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** A remote profile's view: a service reached request by request, no transaction across them. */
function remote(): RunOptions {
  return {
    env: { TOURNEY_BASE_URL: "http://127.0.0.1:9" },
    makeTransport: async (): Promise<Transport> => {
      const inner = createInProcessTransport({ dbPath: join(sb.dir, "remote.db") });
      return { send: (request) => inner.send(request), close: () => inner.close() };
    },
  };
}

async function create(options: RunOptions = {}): Promise<void> {
  const args = ["tournament", "create", "--name", "Cup", "--type", "single elimination"];
  const r = await sb.run(args, options);
  expect(r.code, r.stderr).toBe(0);
}

async function listed(options: RunOptions = {}): Promise<[string, number][]> {
  const r = await sb.run(["participants", "list", "cup", "--json"], options);
  return r.json().map((p: { name: string; seed: number }) => [p.name, p.seed]);
}

const bulkAdd = (stdin: string, extra: string[] = [], options: RunOptions = {}) =>
  sb.run(["participants", "bulk-add", "cup", ...extra], { ...options, stdin });

describe("bulk-add reads rosters", () => {
  beforeEach(() => create());

  it("reads a Player,Seed header by column instead of adding 'Player,Seed' as a name", async () => {
    const r = await bulkAdd("Player,Seed\nZed,1\nAmy,2\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(await listed()).toEqual([
      ["Zed", 1],
      ["Amy", 2],
    ]);
  });

  it("reads an exact name column over its synonyms whatever the order, naming only the columns not read", async () => {
    const r = await bulkAdd("Team,Name\nRed,Ada\nBlue,Bob\n", ["--json", "name"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual([{ name: "Ada" }, { name: "Bob" }]);
    expect(r.stderr).toContain('Not read: column "Team" (line 1)');
    expect(r.stderr).not.toContain('"Name"');
    // Among synonyms: player, then participant, then team.
    const next = await bulkAdd("Team;Participant;Player;Seed\nRed;Cy;Di;3\n", [
      "--json",
      "name,seed",
    ]);
    expect(next.code, next.stderr).toBe(0);
    expect(next.json()).toEqual([{ name: "Di", seed: 3 }]);
    expect(next.stderr).toContain('Not read: columns "Team" and "Participant" (line 1)');
  });

  it("folds a line break inside a quoted misc to a space, as inside a name", async () => {
    const r = await bulkAdd('name,seed,misc\n"Ada\nLovelace",1,"line one\nline two"\n', [
      "--json",
      "name,misc",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual([{ name: "Ada Lovelace", misc: "line one line two" }]);
  });

  it("names a column it does not read on stderr", async () => {
    const r = await bulkAdd("Name;Seed;Country\nZed;1;NO\nAmy;2;SE\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Not read: column "Country" (line 1)');
    expect(await listed()).toEqual([
      ["Zed", 1],
      ["Amy", 2],
    ]);
  });

  it("refuses a row wider than its header (a delimiter in an unquoted field), adding nothing", async () => {
    const r = await bulkAdd("name,misc\nAda,paid\nSmith, John,paid\nBea,paid,\n");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'line 3: 3 fields, the header 2: "paid" would not be read (put a field holding the delimiter in double quotes, or name the column in the header)',
    );
    // A trailing empty field (line 4) is nothing lost.
    expect(r.stderr).not.toContain("line 4");
    expect(await listed()).toEqual([]);
    const quoted = await bulkAdd('name,misc\nAda,paid\n"Smith, John",paid\nBea,paid,\n');
    expect(quoted.code, quoted.stderr).toBe(0);
    expect((await listed()).map(([name]) => name)).toEqual(["Ada", "Smith, John", "Bea"]);
  });

  it("takes a seed column listed 16 down to 1", async () => {
    const rows = Array.from({ length: 16 }, (_, i) => `P${16 - i},${16 - i}`);
    const r = await bulkAdd(`name,seed\n${rows.join("\n")}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(await listed()).toEqual(Array.from({ length: 16 }, (_, i) => [`P${i + 1}`, i + 1]));
  });

  it("fills the places the seeds leave with the unseeded names, and prints them by seed", async () => {
    const r = await bulkAdd("A\nB,3\nC\nD,1\n", ["--json"]);
    expect(r.code, r.stderr).toBe(0);
    const printed = r.json().map((p: { name: string; seed: number }) => [p.name, p.seed]);
    const expected = [
      ["D", 1],
      ["A", 2],
      ["B", 3],
      ["C", 4],
    ];
    expect(printed).toEqual(expected);
    expect(await listed()).toEqual(expected);
  });

  it("refuses a seed twice or past the field, naming the lines, and adds nobody", async () => {
    const twice = await bulkAdd("name,seed\nA,1\nB,2\nC,2\n");
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("line 3 and line 4 both have seed 2");
    const past = await bulkAdd("name,seed\nA,1\nB,9\n");
    expect(past.code).toBe(2);
    expect(past.stderr).toContain(
      "line 3: seed 9 is past the last place (the tournament will have 2 participants)",
    );
    expect(await listed()).toEqual([]);
  });

  it("refuses a quote never closed, naming its line, and adds nobody (a list, a CSV)", async () => {
    const list = await bulkAdd('Ada\n"Smith, John\nGrace\n');
    expect(list.code).toBe(2);
    expect(list.stderr).toContain(
      'line 2: the double quote opening "\\"Smith, John" is never closed',
    );
    expect(list.stderr).toContain("nothing was added");
    const csv = await bulkAdd('name,seed\nAda,1\n"Grace,2\nLinus,3\n');
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('line 3: the double quote opening "\\"Grace,2" is never closed');
    expect(await listed()).toEqual([]);
  });

  it("finds 'école' typed two ways as one name, in a roster and against the tournament", async () => {
    const nfd = "e\u0301cole";
    const nfc = "\u00e9cole";
    const twice = await bulkAdd(`${nfc}\n${nfd}\n`);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("line 1 and line 2 both name");
    expect((await bulkAdd(`${nfd}\nAda\n`)).code).toBe(0);
    const again = await bulkAdd(`${nfc}\nADA\n\u00c9cole\n`);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe(`Skipped 2 of 3 names already in the tournament: "${nfc}", "ADA"\n`);
    expect(await listed()).toEqual([
      [nfc, 1],
      ["Ada", 2],
      ["\u00c9cole", 3],
    ]);
  });
});

describe("bulk-add names the roster line of a refusal, on every backend", () => {
  const roster = Array.from({ length: 30 }, (_, i) => (i === 25 ? "Taken" : `P${i + 1}`));

  for (const [backend, options] of [
    ["embedded", () => ({})],
    ["remote (chunks of 20)", remote],
  ] as const) {
    it(`${backend}: a name already present on line 26 is reported as line 26`, async () => {
      const o: RunOptions = options();
      await create(o);
      expect((await sb.run(["participants", "bulk-add", "cup", "Taken"], o)).code).toBe(0);
      const r = await bulkAdd(`${roster.join("\n")}\n`, ["--no-skip-present"], o);
      expect(r.code).toBe(5);
      // Remote, the first 20 names went in a request of their own and were removed again.
      const removed =
        backend === "embedded"
          ? ""
          : "error: the 20 participant(s) this bulk add had added before the refusal were removed again: the roster is not half added\n";
      expect(r.stderr).toBe(
        `error: line 26: name "Taken" is already taken in this tournament\n${removed}`,
      );
      expect(await listed(o)).toEqual([["Taken", 1]]);
    });
  }
});

describe("bulk-add over 1,000 names on the embedded backend", () => {
  beforeEach(() => create());
  const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}`);

  it("adds 2,500 names (three requests, one transaction)", async () => {
    const r = await bulkAdd(`${names(2500).join("\n")}\n`, ["--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toHaveLength(2500);
    // Piped stderr: no progress bar.
    expect(r.stderr).toBe("");
    const all = await listed();
    expect(all).toHaveLength(2500);
    expect(all.at(-1)).toEqual(["P2500", 2500]);
  });

  it("adds none of them when the third request is refused, naming its line", async () => {
    expect((await sb.run(["participants", "bulk-add", "cup", "P2400"])).code).toBe(0);
    const r = await bulkAdd(`${names(2500).join("\n")}\n`, ["--no-skip-present"]);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: line 2400: name "P2400" is already taken in this tournament\n' +
        "error: nothing was added: the bulk add is all or nothing\n",
    );
    expect(await listed()).toEqual([["P2400", 1]]);
  });

  it("names the conflicts of every request, not only the first refused one's", async () => {
    expect((await sb.run(["participants", "bulk-add", "cup", "P20", "P1500"])).code).toBe(0);
    const r = await bulkAdd(`${names(2500).join("\n")}\n`, ["--no-skip-present"]);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: line 20: name "P20" is already taken in this tournament\n' +
        'error: line 1500: name "P1500" is already taken in this tournament\n' +
        "error: nothing was added: the bulk add is all or nothing\n",
    );
    expect(await listed()).toEqual([
      ["P20", 1],
      ["P1500", 2],
    ]);
  });

  it("names five conflicts and counts the rest when every name but one is taken", async () => {
    expect((await bulkAdd(`${names(2500).join("\n")}\n`, [])).code).toBe(0);
    const r = await bulkAdd(`${[...names(2500), "New"].join("\n")}\n`, ["--no-skip-present"]);
    expect(r.code).toBe(5);
    const taken = [1, 2, 3, 4, 5].map(
      (i) => `error: line ${i}: name "P${i}" is already taken in this tournament\n`,
    );
    expect(r.stderr).toBe(
      `${taken.join("")}error: and 2495 more names refused\n` +
        "error: nothing was added: the bulk add is all or nothing\n",
    );
    expect(await listed()).toHaveLength(2500);
  });
});
