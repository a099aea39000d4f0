/**
 * Tournaments holding what an exact restore must carry (issue 29): participants
 * checked in and set aside by the check-in, one removed mid-event (their matches
 * forfeited), an attachment, open matches with scores and marked underway,
 * stations holding a match and with a queue; and a two-stage event with its group
 * stage under way, its stations and queue, and scores on an open group match.
 */
import type { ApiClient } from "../../../src/client/api-client.js";
import type { ApiRecord } from "../../../src/client/envelope.js";
import { playSome } from "./play-fixture.js";

const byId = (a: ApiRecord, b: ApiRecord) => Number(a.id) - Number(b.id);

async function matchesIn(c: ApiClient, url: string, state: string): Promise<ApiRecord[]> {
  return (await c.matches.listAll(url, { state })).sort(byId);
}

/** Scores without a winner on `m` (the match stays open). */
async function scoresOnly(c: ApiClient, url: string, m: ApiRecord): Promise<void> {
  const a = m.attributes;
  await c.matches.update(url, m.id, {
    match: [
      { participant_id: a.player1_id as number, score_set: "1,0" },
      { participant_id: a.player2_id as number, score_set: "0,1" },
    ],
  });
}

/** Station "Table 1" holding `held`, "Table 2" with `queued` waiting, in order. */
async function stations(c: ApiClient, url: string, held: ApiRecord, queued: ApiRecord[]) {
  await c.stations.of(url).create({ name: "Table 1", match_id: Number(held.id) });
  const t2 = await c.stations
    .of(url)
    .create({ name: "Table 2", stream_url: "https://example.org/t2", details: "by the door" });
  for (const m of queued) await c.stations.queuers(url, t2.id).create({ match_id: Number(m.id) });
}

/**
 * A double elimination of 8 registered players with a check-in: 7 check in (the
 * 8th is set aside), some results, one player removed (forfeits), an attachment,
 * an open match with scores, another marked underway, stations and a queue.
 */
export async function eventUnderway(c: ApiClient, url: string): Promise<void> {
  const startsAt = new Date(Date.now() + 30 * 60_000).toISOString();
  await c.tournaments.create({
    name: `Event ${url}`,
    url,
    tournament_type: "double elimination",
    starts_at: startsAt,
    registration_options: { check_in_duration: 60 },
    match_options: { accept_attachments: true },
  });
  const names = Array.from({ length: 8 }, (_, i) => ({ name: `Player ${i + 1}`, misc: `m${i}` }));
  const people = await c.participants.bulkAdd(url, names);
  for (const p of people.slice(0, 7)) await c.participants.checkIn(url, p.id);
  await c.tournaments.changeState(url, "process_checkin");
  await c.tournaments.changeState(url, "start");
  await playSome(c, url, 2);
  // Removed with an open match: forfeited now, and the matches their loss opens.
  const first = (await matchesIn(c, url, "open"))[0]!;
  await c.participants.delete(url, String(first.attributes.player2_id as number));
  await playSome(c, url, 2);
  const done = await matchesIn(c, url, "complete");
  await c.attachments.create(url, done[0]!.id, {
    url: "https://example.org/vod/1",
    description: "the stream's recording",
  });
  const open = await matchesIn(c, url, "open");
  await scoresOnly(c, url, open[0]!);
  await c.matches.changeState(url, open[1]!.id, "mark_as_underway");
  await stations(c, url, open[1]!, (await matchesIn(c, url, "pending")).slice(0, 2));
}

/** A two-stage event, its group stage under way: results, open scores, stations and a queue. */
export async function groupStageUnderway(c: ApiClient, url: string): Promise<void> {
  await c.tournaments.create({
    name: `Event ${url}`,
    url,
    tournament_type: "single elimination",
    group_stage_enabled: true,
    group_stage_options: { group_size: 4, participant_count_to_advance_per_group: 2 },
  });
  await c.participants.bulkAdd(
    url,
    Array.from({ length: 8 }, (_, i) => ({ name: `Player ${i + 1}` })),
  );
  await c.tournaments.changeState(url, "start_group_stage");
  await playSome(c, url, 3);
  const open = await matchesIn(c, url, "open");
  await scoresOnly(c, url, open[0]!);
  await stations(c, url, open[1]!, open.slice(2, 4));
}
