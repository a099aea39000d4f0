/** Free-for-all matches through the in-process service: a report's body and the matches read back. */
import { expect } from "vitest";
import type { ServiceHarness } from "./service.js";

/** One player's line of a free-for-all report. */
export interface FfaReportEntry {
  readonly id: number;
  readonly rank?: number;
  readonly advancing?: boolean;
  readonly score?: string;
}

/** A free-for-all match as the service lists it (its points as stored). */
export interface FfaMatch {
  id: string;
  round: number;
  state: string;
  participant_ids: number[];
  points_by_participant: {
    participant_id: number;
    rank: number | null;
    advancing: boolean;
    scores: number[];
  }[];
}

/** The body of a PUT reporting a free-for-all match. */
export function ffaReport(entries: readonly FfaReportEntry[]) {
  return {
    data: {
      type: "Match",
      attributes: {
        match: entries.map((e) => ({
          participant_id: String(e.id),
          score_set: e.score ?? "",
          ...(e.rank === undefined ? {} : { rank: e.rank }),
          advancing: e.advancing ?? false,
        })),
      },
    },
  };
}

/** Every match of tournament `t`, as FfaMatch. */
export async function ffaMatches(s: ServiceHarness, t: string): Promise<FfaMatch[]> {
  const r = await s.request("GET", `/v2.1/tournaments/${t}/matches?per_page=1000`);
  expect(r.status, r.body).toBe(200);
  return r.json.data.map((m: { id: string; attributes: Omit<FfaMatch, "id"> }) => ({
    id: m.id,
    ...m.attributes,
  }));
}
