/**
 * An export whose results all carry one completed_at (a service whose clock reads in
 * seconds, or a fast machine's millisecond) imports as the event was played, in every
 * format: the replay orders one instant's results by what depends on what (a player's
 * previous match, a removal's forfeits), not by the clock (match-replay.ts).
 */
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";
import { FORMATS, playedTournament } from "./play-fixture.js";

const pair = useTransferPair();

it.each(FORMATS.map((f) => [f.label, f] as const))(
  "%s, complete, one instant",
  async (_, format) => {
    const c = await pair.source.client();
    await playedTournament(
      c,
      "once",
      { ...format, players: Math.max(format.players, 12) },
      10_000,
      true,
    );
    const doc = await exported(pair.source, "once");
    const at = "2026-11-27T09:00:00Z";
    const matches = doc.matches.map((m: any) => (m.completed_at ? { ...m, completed_at: at } : m));
    const file = `${pair.source.dir}/once.json`;
    writeFileSync(file, JSON.stringify({ ...doc, matches }));
    const f = pair.target.make();
    await runTournamentImport(f.factory, { file });
    expect(comparable(await exported(pair.target, "once"))).toEqual(comparable(doc));
  },
);
