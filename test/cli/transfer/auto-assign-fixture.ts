/** An underway single elimination with station_options.auto_assign, for the station replay tests. */
import type { ApiClient } from "../../../src/client/api-client.js";

/** `players` players (A, B, ...), single elimination, auto_assign, `stations`, the first open match reported. */
export async function underway(
  c: ApiClient,
  url: string,
  stations: readonly string[],
  players = 8,
) {
  await c.tournaments.create({
    name: `Auto ${url}`,
    url,
    tournament_type: "single elimination",
    station_options: { auto_assign: true },
  });
  const names = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    .slice(0, players)
    .split("")
    .map((name) => ({ name }));
  await c.participants.bulkAdd(url, names);
  for (const name of stations) await c.stations.of(url).create({ name });
  await c.tournaments.changeState(url, "start");
  const [first] = await c.matches.listAll(url, { state: "open" });
  const p1 = Number(first!.attributes.player1_id);
  const p2 = Number(first!.attributes.player2_id);
  await c.matches.update(url, first!.id, {
    match: [
      { participant_id: p1, score_set: "2", advancing: true },
      { participant_id: p2, score_set: "0", advancing: false },
    ],
  });
}
