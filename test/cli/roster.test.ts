/**
 * Reading rosters: plain lists, CSV with or without a header, `;` and tab
 * delimiters, quoted fields with commas and line breaks, a BOM, blank lines;
 * seeds in any order; problems named by roster line.
 */
import { describe, expect, it } from "vitest";
import {
  checkRosterRepeats,
  checkRosterSeeds,
  parseRoster,
  type RosterEntry,
  sendingOrder,
} from "../../src/cli/commands/participants/roster.js";
import { detectFormat } from "../../src/cli/commands/participants/roster-format.js";
import { UsageError } from "../../src/cli/errors.js";
import { progressBar } from "../../src/cli/output/progress.js";

const brief = (entries: readonly RosterEntry[]) =>
  entries.map((e) => [e.name, e.seed ?? null, e.misc ?? null, e.where]);

async function refusal(text: string): Promise<string> {
  const error = await parseRoster(text).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UsageError);
  return (error as Error).message;
}

describe("detectFormat", () => {
  it("tells a plain list from CSV by delimiters outside quotes", () => {
    expect(detectFormat("Ada\nGrace\n#TeamLiquid\n")).toEqual({ kind: "list" });
    expect(detectFormat("Ada,1\nGrace,2\n")).toEqual({ kind: "csv", delimiter: "," });
    expect(detectFormat('Name;Seed\n"Smith, John";1\n"A, B";2\n')).toEqual({
      kind: "csv",
      delimiter: ";",
    });
    expect(detectFormat("name\tseed\nAda\t1\n")).toEqual({ kind: "csv", delimiter: "\t" });
    expect(detectFormat("Player\nAda\nGrace\n")).toEqual({ kind: "csv", delimiter: "," });
    // A quote opens a quoted field only at a field's start: O"Brien hides no delimiter.
    expect(detectFormat('O"Brien\nZed,1\nAmy,2\n')).toEqual({ kind: "csv", delimiter: "," });
    expect(detectFormat('"Smith, John"\n"Ann\nMarie"\nAda\n')).toEqual({ kind: "list" });
  });
});

describe("parseRoster", () => {
  it("reads a plain list line by line: '#' starts a name, blank lines are skipped", async () => {
    const roster = await parseRoster('\uFEFFAda\n\n#TeamLiquid\r\n  # 1 Fan  \nO"Brien\n');
    expect(brief(roster.entries)).toEqual([
      ["Ada", null, null, "line 1"],
      ["#TeamLiquid", null, null, "line 3"],
      ["# 1 Fan", null, null, "line 4"],
      ['O"Brien', null, null, "line 5"],
    ]);
    expect(roster.notes).toEqual([]);
  });

  it("reads a quoted name in a plain list as in CSV: commas, line breaks, doubled quotes", async () => {
    const roster = await parseRoster(
      '"Smith, John"\n"Ann\nMarie"\n"Say ""hi"""\n"Weird" Al\nAda\n',
    );
    expect(brief(roster.entries)).toEqual([
      ["Smith, John", null, null, "line 1"],
      ["Ann Marie", null, null, "line 2"],
      ['Say "hi"', null, null, "line 4"],
      ['"Weird" Al', null, null, "line 5"],
      ["Ada", null, null, "line 6"],
    ]);
  });

  it("reads a header by column, case-blind, and names the columns it does not read", async () => {
    const roster = await parseRoster("Seed,Player,Country,Misc\n2,Zed,NO,left\n1,Amy,SE,\n");
    expect(brief(roster.entries)).toEqual([
      ["Zed", 2, "left", "line 2"],
      ["Amy", 1, null, "line 3"],
    ]);
    expect(roster.notes).toEqual([
      'Not read: column "Country" (line 1); bulk-add reads name (or player, participant, team), seed and misc',
    ]);
  });

  it("reads rows without a header by position: name, seed, misc", async () => {
    const roster = await parseRoster("Zed,2\nAmy,1,note\nBo\n");
    expect(brief(roster.entries)).toEqual([
      ["Zed", 2, null, "line 1"],
      ["Amy", 1, "note", "line 2"],
      ["Bo", null, null, "line 3"],
    ]);
  });

  it("says that columns past the third are not read without a header", async () => {
    const roster = await parseRoster("Zed,2,,\nAmy,1,x,extra\n");
    expect(roster.entries.map((e) => e.name)).toEqual(["Zed", "Amy"]);
    expect(roster.notes[0]).toContain("Not read: columns after the third (line 2 has 4)");
  });

  it("reads a spreadsheet's ';' export: BOM, CRLF, quoted commas and line breaks, blank rows", async () => {
    const text =
      '\uFEFFName;Seed\r\n"Smith, John";2\r\n;\r\n\r\n"Ann\r\nMarie";1\r\n"Say ""hi""";\r\n';
    const roster = await parseRoster(text);
    expect(brief(roster.entries)).toEqual([
      ["Smith, John", 2, null, "line 2"],
      ["Ann Marie", 1, null, "line 5"],
      ['Say "hi"', null, null, "line 7"],
    ]);
  });

  it("reads a one-column CSV with a name header", async () => {
    const roster = await parseRoster('name\n"Lovelace, Ada"\nGrace\n');
    expect(brief(roster.entries)).toEqual([
      ["Lovelace, Ada", null, null, "line 2"],
      ["Grace", null, null, "line 3"],
    ]);
  });

  it("refuses bad seeds and empty names, naming every line", async () => {
    const message = await refusal("name,seed\nAda,0\n,3\nGrace,first\n");
    // One error per line (the first line's "error: " is added where it is printed).
    expect(message.split("\nerror: ")).toEqual([
      "the roster has problems; nothing was added",
      'line 2: seed must be a whole number from 1, not "0"',
      "line 3: the name is empty",
      'line 4: seed must be a whole number from 1, not "first"',
    ]);
  });

  it("suggests quotes when an unquoted comma splits a name", async () => {
    expect(await refusal("Smith, John\nDoe, Jane\n")).toContain(
      'line 1: seed must be a whole number from 1, not "John" (if "Smith, John" is one name, put it in double quotes)',
    );
  });

  it("names a stray tab in a list of names, and the list's repeats with it", async () => {
    const names = Array.from({ length: 20 }, (_, i) => `P${i + 1}`);
    const message = await refusal(`${names.join("\n")}\nP5\nP6\nBad\tName\n`);
    expect(message.split("\nerror: ")).toEqual([
      "the roster has problems; nothing was added",
      'line 23: seed must be a whole number from 1, not "Name" (the line holds a tab, read as a column break; if "Bad Name" is one name, write a space for the tab)',
      'line 5 and line 21 both name "P5"',
      'line 6 and line 22 both name "P6"',
    ]);
  });

  it("refuses a quote never closed, naming the line it opens on (a list, a CSV)", async () => {
    const list = await refusal('Ada\n"Smith, John\nGrace\n');
    expect(list.split("\nerror: ")).toEqual([
      "the roster has problems; nothing was added",
      'line 2: the double quote opening "\\"Smith, John" is never closed; end the name with a double quote, or write a quote that is part of the name as two ("") inside a quoted name',
    ]);
    // A quoted name that spans lines and closes with text after it: the quote opens on line 2.
    expect(await refusal('Ada\n"Ann\nMarie" x\nGrace\n')).toContain(
      'line 2: the quoted name "\\"Ann" closes on line 3 with text after its closing quote',
    );
    const csv = await refusal('name,seed\nAda,1\n"Grace,2\nLinus,3\n');
    expect(csv).toBe(
      'the roster is not valid CSV: line 3: the double quote opening "\\"Grace,2" is never closed; end the field with a double quote, or write a quote that is part of it as two ("") inside a quoted field',
    );
  });

  it("refuses a header without a name column", async () => {
    expect(await refusal("seed,misc\n1,x\n")).toContain("line 1: the header names no name column");
  });
});

describe("roster checks", () => {
  const entries = (seeds: (number | undefined)[]): RosterEntry[] =>
    seeds.map((seed, i) => ({
      name: `P${i + 1}`,
      where: `line ${i + 1}`,
      ...(seed === undefined ? {} : { seed }),
    }));

  it("accepts seeds in any order and sends unseeded names first, then by seed", () => {
    const roster = entries([3, undefined, 1, 2]);
    expect(() => checkRosterSeeds(roster, 4)).not.toThrow();
    expect(sendingOrder(roster).map((e) => e.name)).toEqual(["P2", "P3", "P4", "P1"]);
  });

  it("refuses a seed twice, naming both lines, and a seed past the last place", () => {
    expect(() => checkRosterSeeds(entries([1, 2, 2]))).toThrow(
      "line 2 and line 3 both have seed 2",
    );
    expect(() => checkRosterSeeds(entries([1, 5, 2]), 3)).toThrow(
      "line 2: seed 5 is past the last place (the tournament will have 3 participants)",
    );
  });

  it("finds a name twice after NFC, ignoring ASCII case only", () => {
    const nfd = "e\u0301cole";
    const nfc = "\u00e9cole";
    expect(() =>
      checkRosterRepeats([
        { name: nfc, where: "line 1" },
        { name: nfd, where: "line 2" },
      ]),
    ).toThrow(`line 1 and line 2 both name "${nfd}"`);
    expect(() =>
      checkRosterRepeats([
        { name: "\u00c9cole", where: "line 1" },
        { name: nfc, where: "line 2" },
        { name: "ADA", where: "line 3" },
      ]),
    ).not.toThrow();
    expect(() =>
      checkRosterRepeats([
        { name: "ADA", where: "line 3" },
        { name: "ada ", where: "line 4" },
      ]),
    ).toThrow('line 3 and line 4 both name "ada"');
  });
});

describe("progressBar", () => {
  const stream = (isTTY: boolean) => ({
    isTTY,
    text: "",
    write(chunk: string) {
      this.text += chunk;
    },
  });

  it("draws on a terminal only, and not for a roster sent in one request", () => {
    const piped = stream(false);
    const bar = progressBar(piped);
    bar.update(1000, 5000);
    bar.done();
    expect(piped.text).toBe("");
    const single = stream(true);
    progressBar(single).update(10, 10);
    expect(single.text).toBe("");
    const tty = stream(true);
    const drawn = progressBar(tty);
    drawn.update(2000, 5000);
    drawn.done();
    expect(tty.text).toBe(
      `\r\x1b[2KAdding participants [${"#".repeat(12)}${"-".repeat(18)}] 2,000/5,000\r\x1b[2K`,
    );
  });
});
