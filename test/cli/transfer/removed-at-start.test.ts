/**
 * A removed participant who played no complete match leaves at the start of the replay,
 * before any result: a swiss player removed after a first-round bye (in no match of the
 * file) is then left out of the second round's pairing on the target as on the source.
 * Removed after the results instead (6cfdb5a), the target paired them in round 2 and
 * forfeited that match at the removal: a complete match the file does not have.
 * (Which inactive players the importer counts as removed mid-event is
 * participant-replay.ts removedAfterStart; this drives replayMatches with the set given.)
 */
import { expect, it } from "vitest";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { replayMatches } from "../../../src/cli/transfer/match-replay.js";
import { SILENT } from "../../../src/cli/transfer/progress.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";

const pair = useTransferPair();
const NAMES = ["A", "B", "C", "D", "E"];

async function startedSwiss(c: ApiClient) {
  await c.tournaments.create({ name: "Sw", url: "sw", tournament_type: "swiss" });
  const people = await c.participants.bulkAdd(
    "sw",
    NAMES.map((name) => ({ name })),
  );
  await c.tournaments.changeState("sw", "start");
  return new Map(people.map((p) => [String(p.attributes.name), Number(p.id)]));
}

const shape = (doc: {
  matches: readonly { identifier: string; players: unknown; state: string }[];
}) => doc.matches.map((m) => [m.identifier, m.players, m.state]);

it("swiss: a player removed after a first-round bye is not paired in round 2 on the target", async () => {
  const c = await pair.source.client();
  const ids = await startedSwiss(c);
  const round1 = await c.matches.listAll("sw", { state: "open" });
  const paired = new Set(round1.flatMap((m) => [m.attributes.player1_id, m.attributes.player2_id]));
  const bye = NAMES.find((n) => !paired.has(ids.get(n)))!;
  await c.participants.delete("sw", String(ids.get(bye)));
  for (const m of round1)
    await c.matches.update("sw", m.id, {
      match: [
        { participant_id: Number(m.attributes.player1_id), score_set: "2", advancing: true },
        { participant_id: Number(m.attributes.player2_id), score_set: "0", advancing: false },
      ],
    });
  const doc = await readExport(c, "sw");
  expect(doc.matches.some((m) => m.players.includes(bye))).toBe(false);
  expect(doc.matches.filter((m) => m.round === 2).length).toBeGreaterThan(0);

  const t = await pair.target.client();
  const targetIds = await startedSwiss(t);
  const roster = {
    idOf: targetIds,
    nameOf: new Map([...targetIds].map(([name, id]) => [id, name])),
    inactive: new Set<string>(),
  };
  const counts = { reported: 0, skipped: 0, checked_in: 0, deactivated: 0 };
  await replayMatches(t, "sw", doc.matches, roster, counts, {
    removed: new Set([bye]),
    progress: SILENT,
  });
  expect(counts).toMatchObject({ reported: round1.length, deactivated: 1 });
  expect(shape(await readExport(t, "sw"))).toEqual(shape(doc));
});
