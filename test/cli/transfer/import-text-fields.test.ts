/**
 * `tournament import` and `race import` of a hand-edited file whose text fields break the
 * service's rules (model/text-rules.ts: a name past 255 characters or with a tab, misc past
 * 255, a station's name past 60, an attachment's ftp:// link): refused with exit 2 naming the
 * field, before anything is sent (no tournament or race on the real embedded target). Before,
 * only the service caught them, half-way through the import: exit 5, the tournament created
 * (with 0 participants; for a station, filled and started) on the target.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runRaceImport } from "../../../src/cli/commands/race/import.js";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

type Doc = Record<string, any>;
type Edit = (doc: Doc) => void;
const fixture = (name: string): Doc =>
  JSON.parse(readFileSync(`test/fixtures/${name}-export-v1.json`, "utf8"));
const long = (n: number) => "a".repeat(n);

async function outcome(run: (file: string) => Promise<unknown>, doc: Doc) {
  const file = join(h.dir, "edited.json");
  writeFileSync(file, JSON.stringify(doc));
  const error = await run(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  return error === undefined ? undefined : outcomeOf(error);
}

const importTournament = (file: string) =>
  runTournamentImport(h.make().factory, { file, force: false });
const importRace = (file: string) => runRaceImport(h.make().factory, { file });

/** The tournament fixture with a station and an attachment (it takes attachments). */
function withExtras(edit: Edit): Edit {
  return (d) => {
    d.tournament.settings.match_options.accept_attachments = true;
    d.stations = [{ name: "Table 1", attributes: { details: "by the window" }, queue: [] }];
    d.attachments = [{ match: "final A", attributes: { url: "https://example.org/vod" } }];
    edit(d);
  };
}

const TOURNAMENT: [string, Edit, RegExp][] = [
  [
    "a name of 300 characters",
    (d) => {
      d.participants[1].name = long(300);
    },
    /participants\[1\]\.name is too long \(300 characters; at most 255\)/,
  ],
  [
    "a name with a tab",
    (d) => {
      d.participants[1].name = "Player\t2";
    },
    /participants\[1\]\.name must not contain control characters \(found U\+0009\)/,
  ],
  [
    "a name of white space alone",
    (d) => {
      d.participants[1].name = "   ";
    },
    /participants\[1\]\.name can't be blank/,
  ],
  [
    "misc of 70,000 characters",
    (d) => {
      d.participants[1].misc = long(70_000);
    },
    /participants\[1\]\.misc is too long \(70000 characters; at most 255\)/,
  ],
  [
    "a station name of 300 characters",
    withExtras((d) => {
      d.stations[0].name = long(300);
    }),
    /stations\[0\]\.name is too long \(300 characters; at most 60\)/,
  ],
  [
    "station details with an escape character",
    withExtras((d) => {
      d.stations[0].attributes.details = "\u001b[31mred";
    }),
    /stations\[0\]\.attributes\.details must not contain control characters \(found U\+001B\)/,
  ],
  [
    "an attachment's ftp:// url",
    withExtras((d) => {
      d.attachments[0].attributes.url = "ftp://example.org/vod";
    }),
    /attachments\[0\]\.attributes\.url "ftp:\/\/example\.org\/vod" is not valid: it must be an http:\/\/ or https:\/\/ address/,
  ],
  [
    "an attachment's description of 1,001 characters",
    withExtras((d) => {
      d.attachments[0].attributes.description = long(1001);
    }),
    /attachments\[0\]\.attributes\.description is too long \(1001 characters; at most 1000\)/,
  ],
];

it.each(TOURNAMENT)("tournament import refuses %s: exit 2, nothing sent", async (_, edit, re) => {
  const doc = fixture("tournament");
  edit(doc);
  const out = await outcome(importTournament, doc);
  expect(out?.code).toBe(2);
  expect(out?.lines.join("\n")).toMatch(re);
  expect(out?.lines.join("\n")).toMatch(/edited\.json: .*nothing was sent/);
  expect(await (await h.client()).tournaments.listAll()).toEqual([]);
});

it("tournament import takes names at the limit: 255 characters, emoji counted as one", async () => {
  const doc = fixture("tournament");
  const edit = withExtras((d) => {
    d.participants[1].name = "😀".repeat(255);
    d.participants[2].misc = long(255);
    d.stations[0].name = long(60);
  });
  edit(doc);
  for (const m of doc.matches)
    m.players = m.players.map((p: string | null) => (p === "Player 2" ? "😀".repeat(255) : p));
  for (const m of doc.matches)
    for (const k of ["winner", "loser"]) if (m[k] === "Player 2") m[k] = "😀".repeat(255);
  for (const e of doc.matches.flatMap((m: Doc) => m.entries))
    if (e.participant === "Player 2") e.participant = "😀".repeat(255);
  for (const r of doc.final_ranks)
    if (r.participant === "Player 2") r.participant = "😀".repeat(255);
  expect(await outcome(importTournament, doc)).toBeUndefined();
  const names = (await (await h.client()).participants.listAll("lan_cup_2026")).map(
    (p) => p.attributes.name,
  );
  expect(names).toContain("😀".repeat(255));
});

const RACE: [string, Edit, RegExp][] = [
  [
    "a racer's name of 300 characters",
    (d) => {
      d.participants[1].name = long(300);
    },
    /participants\[1\]\.name is too long \(300 characters; at most 255\)/,
  ],
  [
    "a racer's misc with an escape character",
    (d) => {
      d.participants[1].misc = "\u001b]0;title\u0007";
    },
    /participants\[1\]\.misc must not contain control characters \(found U\+001B\)/,
  ],
];

it.each(RACE)("race import refuses %s: exit 2, nothing sent", async (_, edit, re) => {
  const doc = fixture("race");
  edit(doc);
  const out = await outcome(importRace, doc);
  expect(out?.code).toBe(2);
  expect(out?.lines.join("\n")).toMatch(re);
  expect(out?.lines.join("\n")).toMatch(/edited\.json: .*nothing was sent/);
  expect(await (await h.client()).races.listAll()).toEqual([]);
});
