/**
 * What a watch over serve's event stream (watch-stream.ts) knows of each match's result, so
 * that a reopen made while serve was away is told once it is back. A serve started again
 * replays what its records tell since the watch's last event (`?since=`), and the records
 * keep no reopen: a result reopened (a match reset) while serve was down was never told, and
 * a result reopened and reported again only by its new completion. So the watch reads the
 * tournament once as it begins (in the background, as a polled watch's first look does:
 * watch-reads.ts) and follows the results its events tell; after a reconnect that followed a
 * lost connection it reads the tournament again and tells, for each match complete as far as
 * it knew and now open again or completed at another time, the `match.reopened` a watcher
 * that never lost serve was told: the same id and time (the match's update), the same match
 * (model/watch-events.ts), by diffing its reading against the results it knew.
 */

import { diffTournament, type WatchEvent } from "../model/watch-events.js";
import type { SnapMatch, TournamentSnapshot } from "../model/watch-snapshot.js";
import type { ApiClient } from "./api-client.js";
import { snapshotReader, type WatchSubject } from "./watch-reads.js";

export interface ReopenTracker {
  /** An event the watch told (in order). */
  told(event: WatchEvent): void;
  /** After serve was away: the reopens made meanwhile, read now, in order; none if unread. */
  reopened(now: string): Promise<WatchEvent[]>;
}

/** A tournament's tracker (undefined for a race: its records keep every reset). */
export function reopenTracker(
  client: ApiClient,
  subject: WatchSubject,
  now: string,
): ReopenTracker | undefined {
  if (subject.kind !== "tournament") return undefined;
  const read = async (at: string) =>
    (await snapshotReader(client, { kind: subject.kind, ref: subject.ref })(at)) as
      | TournamentSnapshot
      | undefined;
  // The results as the watch began; undefined if that read failed (serve gone at once).
  const first = read(now).catch(() => undefined);
  /** Each match's completion the events told since (null: reopened). */
  const results = new Map<string, string | null>();
  const known = async (id: string): Promise<string | null> => {
    if (results.has(id)) return results.get(id)!;
    return (await first)?.matches.get(id)?.completedAt ?? null;
  };
  return {
    told(event) {
      if (event.match === undefined) return;
      if (event.type === "match.completed") results.set(event.match.id, event.at);
      if (event.type === "match.reopened") results.set(event.match.id, null);
    },
    async reopened(at) {
      const now = await read(at).catch(() => undefined);
      if (now === undefined || (await first) === undefined) return [];
      // The reading with each match the watch knew complete as it knew it.
      const matches = new Map<string, SnapMatch>(now.matches);
      for (const [id, m] of now.matches) {
        const completedAt = await known(id);
        if (completedAt === null || completedAt === m.completedAt) continue;
        matches.set(id, { ...m, info: { ...m.info, state: "complete" }, completedAt });
      }
      const events = diffTournament({ ...now, matches }, now);
      return events.filter((e) => e.type === "match.reopened");
    },
  };
}
