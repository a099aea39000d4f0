/**
 * export → import → export of single eliminations with placement matches below third place
 * (consolation_matches_target_rank 5 and 9), mid-event and complete, on the embedded backend:
 * the same document, the placement matches carried with their bracket and round, the same
 * final ranks (every decided place its own).
 */
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";
import { type Format, playedTournament } from "./play-fixture.js";

const pair = useTransferPair();

const placements = (rank: number, players: number): Format => ({
  label: `single elimination to rank ${rank}, ${players} players`,
  attributes: {
    tournament_type: "single elimination",
    match_options: { consolation_matches_target_rank: rank },
  },
  players,
});

async function roundTrip(url: string) {
  const first = await exported(pair.source, url);
  const file = `${pair.source.dir}/${url}.json`;
  writeFileSync(file, JSON.stringify(first));
  const f = pair.target.make();
  await runTournamentImport(f.factory, { file });
  expect(f.stdout()).toMatch(new RegExp(`^${url}: created, `));
  const second = await exported(pair.target, url);
  expect(comparable(second)).toEqual(comparable(first));
  return { first, second };
}

describe("placement matches: export, import, export", () => {
  it("8 players to rank 5, mid-event (the placement semis played): the same document", async () => {
    await playedTournament(await pair.source.client(), "mid", placements(5, 8), 6);
    const { first } = await roundTrip("mid");
    const semis = first.matches.filter((m: any) => m.bracket === "placement" && m.round === 2);
    expect(semis.map((m: any) => m.state)).toEqual(["complete", "complete"]);
  });

  it("13 players to rank 9, complete: the same document and final ranks 1 to 13", async () => {
    await playedTournament(await pair.source.client(), "done", placements(9, 13), 10_000, true);
    const { first, second } = await roundTrip("done");
    expect(first.tournament.state).toBe("complete");
    const ranks = first.final_ranks
      .map((r: any) => r.final_rank ?? r.rank)
      .sort((a: number, b: number) => a - b);
    expect(ranks).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(second.final_ranks).toEqual(first.final_ranks);
    expect(first.matches.filter((m: any) => m.bracket === "placement").length).toBeGreaterThan(4);
  });
});
