/**
 * What a tournament's and a race's watch snapshots (watch-events.ts,
 * race-watch-events.ts) share: the readers of a v2.1 record's attributes, and the
 * head every snapshot begins with (the subject, its state, its stamps and its
 * notification flags), read alike from a tournament's snake_case attributes and a
 * race's camelCase ones. Pure.
 */

/** A record of a v2.1 response: the fields the snapshot reads. */
export interface RecordLike {
  readonly id: string;
  readonly attributes: Record<string, unknown>;
}

export const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
export const num = (v: unknown): number | null => (typeof v === "number" ? v : null);
export const obj = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};

/** The tournament, or the race, an event is about. */
export interface EventSubject {
  readonly id: string;
  readonly url: string | null;
  readonly name: string;
}

/** The notification flags (a tournament's snake_case, a race's camelCase). */
export interface Notifications {
  readonly matchesOpen: boolean;
  readonly tournamentEnds: boolean;
}

export interface SnapshotHead {
  readonly tournament: EventSubject;
  readonly state: string;
  readonly updatedAt: string;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  readonly notifications: Notifications;
  /** When the snapshot was taken (the `at` of an event no record dates). */
  readonly seenAt: string;
}

/** The attribute names of a tournament (snake_case) and of a race (camelCase). */
const KEYS = {
  snake_case: {
    updatedAt: "updated_at",
    startedAt: "started_at",
    completedAt: "completed_at",
    matchesOpen: "upon_matches_open",
    tournamentEnds: "upon_tournament_ends",
  },
  camelCase: {
    updatedAt: "updatedAt",
    startedAt: "startedAt",
    completedAt: "completedAt",
    matchesOpen: "uponMatchesOpen",
    tournamentEnds: "uponTournamentEnds",
  },
} as const;

/** The head of a snapshot of `record` (a tournament's or a race's), taken at `seenAt`. */
export function snapshotHead(
  record: RecordLike,
  seenAt: string,
  naming: keyof typeof KEYS,
): SnapshotHead {
  const a = record.attributes;
  const key = KEYS[naming];
  const stamps = obj(a.timestamps);
  const notifications = obj(a.notifications);
  return {
    tournament: { id: record.id, url: str(a.url), name: str(a.name) ?? "" },
    state: str(a.state) ?? "pending",
    updatedAt: str(stamps[key.updatedAt]) ?? seenAt,
    startedAt: str(stamps[key.startedAt]),
    completedAt: str(stamps[key.completedAt]),
    notifications: {
      matchesOpen: notifications[key.matchesOpen] !== false,
      tournamentEnds: notifications[key.tournamentEnds] !== false,
    },
    seenAt,
  };
}
