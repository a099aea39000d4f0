/**
 * export → import → export on the embedded backend (two in-memory services), for
 * every format, mid-event and complete: the same document up to ids and times,
 * each one valid against schema/tournament-export.schema.json (ajv).
 */
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { UsageError } from "../../../src/cli/errors.js";
import { refuseSameNamedStations } from "../../../src/cli/transfer/export-contents.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";
import { FORMATS, playedTournament } from "./play-fixture.js";

const pair = useTransferPair();

async function roundTrip(url: string) {
  const first = await exported(pair.source, url);
  const file = `${pair.source.dir}/${url}.json`;
  writeFileSync(file, JSON.stringify(first));
  const f = pair.target.make();
  await runTournamentImport(f.factory, { file });
  expect(f.stdout()).toMatch(new RegExp(`^${url}: created, `));
  const second = await exported(pair.target, url);
  expect(comparable(second)).toEqual(comparable(first));
  return { first, second, f };
}

describe.each(FORMATS)("$label", (format) => {
  it("mid-event: the same document after export → import → export", async () => {
    await playedTournament(await pair.source.client(), "mid", format, 5);
    const { first } = await roundTrip("mid");
    expect(first.matches.filter((m: any) => m.state === "complete").length).toBeGreaterThan(2);
  });

  it("complete: the same document and final ranks", async () => {
    await playedTournament(await pair.source.client(), "done", format, 10_000, true);
    const { first, second } = await roundTrip("done");
    expect(first.tournament.state).toBe("complete");
    // A two-stage event ranks the final stage's players only.
    expect(first.final_ranks.length).toBe(format.twoStage ? 4 : format.players);
    const brackets: Record<string, number> = {};
    for (const m of first.matches) brackets[m.bracket] = (brackets[m.bracket] ?? 0) + 1;
    expect(brackets).toMatchObject(format.brackets ?? {});
    expect(second.final_ranks).toEqual(first.final_ranks);
  });
});

describe("matches completed in one instant (a fast machine: one millisecond)", () => {
  // 24 players: identifiers past Z, whose text order put "final AB" before its feeder "final Z".
  it.each(FORMATS)(
    "$label: replayed with each match's feeders first, the same document",
    async (format) => {
      await playedTournament(
        await pair.source.client(),
        "fast",
        { ...format, players: 24 },
        10_000,
      );
      const first = await exported(pair.source, "fast");
      const instant = "2026-11-27T08:00:00.000Z";
      const file = `${pair.source.dir}/fast.json`;
      const matches = first.matches.map((m: object & { state: string }) =>
        m.state === "complete" ? { ...m, completed_at: instant } : m,
      );
      writeFileSync(file, JSON.stringify({ ...first, matches }));
      const f = pair.target.make();
      await runTournamentImport(f.factory, { file });
      expect(f.stdout()).toMatch(/^fast: created, /);
      const second = await exported(pair.target, "fast");
      expect(comparable(second)).toEqual(comparable(first));
    },
  );
});

describe("stations", () => {
  it("carries stations, the match each holds and their queues", async () => {
    const c = await pair.source.client();
    await playedTournament(c, "st", FORMATS[0]!, 1);
    const open = (await c.matches.listAll("st", { state: "open" })).sort(
      (a, b) => Number(a.id) - Number(b.id),
    );
    expect(open.length).toBeGreaterThanOrEqual(3);
    await c.stations.of("st").create({ name: "Table 1", match_id: Number(open[0]!.id) });
    const t2 = await c.stations
      .of("st")
      .create({ name: "Table 2", stream_url: "https://example.org/t2" });
    for (const m of open.slice(1, 3))
      await c.stations.queuers("st", t2.id).create({ match_id: Number(m.id) });
    const { first } = await roundTrip("st");
    expect(first.stations.map((s: any) => [s.name, s.queue.length])).toEqual([
      ["Table 1", 0],
      ["Table 2", 2],
    ]);
    expect(first.matches.filter((m: any) => m.station === "Table 1").length).toBe(1);
  });

  it("refuses a file with two stations of one name before sending anything (exit 2, naming them); publish likewise (exit 5)", async () => {
    const c = await pair.source.client();
    await playedTournament(c, "dup", FORMATS[0]!, 1);
    const open = await c.matches.listAll("dup", { state: "open" });
    await c.stations.of("dup").create({ name: "Table 1", match_id: Number(open[0]!.id) });
    await c.stations.of("dup").create({ name: "Table 2", match_id: Number(open[1]!.id) });
    const doc = await exported(pair.source, "dup");
    // A hand-edited file (or one from a service that allowed it): "Table 2" renamed "table 1".
    const stations = doc.stations.map((s: any) =>
      s.name === "Table 2" ? { ...s, name: "table 1" } : s,
    );
    const matches = doc.matches.map((m: any) =>
      m.station === "Table 2" ? { ...m, station: "table 1" } : m,
    );
    const file = `${pair.source.dir}/dup.json`;
    writeFileSync(file, JSON.stringify({ ...doc, stations, matches }));
    const f = pair.target.make();
    const refused = runTournamentImport(f.factory, { file });
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(
      /stations\[1\]\.name "table 1" is stations\[0\]'s name too .*nothing was sent/,
    );
    const target = await pair.target.client();
    expect((await target.tournaments.listAll()).map((t: any) => t.attributes.url)).toEqual([]);
    expect(() => refuseSameNamedStations({ ...doc, stations })).toThrow(
      /tournament dup has two stations named "table 1".*nothing was sent/,
    );
  });

  it("a run again puts a held match back on a station there without it, rather than claiming success", async () => {
    const c = await pair.source.client();
    await playedTournament(c, "again", FORMATS[0]!, 1);
    const open = await c.matches.listAll("again", { state: "open" });
    await c.stations.of("again").create({ name: "Table 1", match_id: Number(open[0]!.id) });
    const { first } = await roundTrip("again");
    const target = await pair.target.client();
    const [station] = await target.stations.of("again").listAll();
    await target.stations.of("again").update(station!.id, { match_id: null });
    const file = `${pair.source.dir}/again.json`;
    await runTournamentImport(pair.target.make().factory, { file });
    const second = await exported(pair.target, "again");
    expect(comparable(second)).toEqual(comparable(first));
  });
});
