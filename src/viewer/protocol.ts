/**
 * The bracket viewer's control interface v1.0 (issue 18; docs/viewer-control.md):
 * the messages a host page posts to the embedded viewer (actions) and the ones
 * the viewer posts back (events), and the validation of every action's payload.
 * Pure and DOM-free: the page (src/viewer/browser) and the host's wrapper
 * (src/viewer/embed.ts) both use it, and Node tests can check it.
 */

/** Every message of the interface carries `tourney: "viewer"` and the version. */
export const ENVELOPE = "viewer";
export const VERSION = "1.0";

export const THEMES = ["light", "dark", "high-contrast"] as const;
export type ThemeName = (typeof THEMES)[number];

/** The custom properties a theme may set (docs/viewer-control.md); any other name is refused. */
export const THEME_PROPERTIES = [
  "--tv-bg",
  "--tv-fg",
  "--tv-muted",
  "--tv-box-bg",
  "--tv-box-border",
  "--tv-head-bg",
  "--tv-line",
  "--tv-winner-fg",
  "--tv-winner-bg",
  "--tv-loser-fg",
  "--tv-open",
  "--tv-underway",
  "--tv-accent",
  "--tv-table-stripe",
  "--tv-path",
  "--tv-font",
  "--tv-font-size",
] as const;

/**
 * Why the bracket could not be shown (`error` with code `load_failed`): the tournament
 * is not there for this address (or is private: outsiders are not told which), the
 * share link was revoked, it was made private, or the data could not be fetched.
 */
export type LoadReason = "not_found" | "private" | "revoked" | "network";

/** Why live updates stopped (`streamEnded`). */
export type StreamEndReason = "deleted" | "revoked" | "private" | "not_found";

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 4;

/** A match named by its identifier ("C"); `group` picks one of a group stage (else the final stage's). */
export interface MatchTarget {
  readonly identifier: string;
  readonly group?: number | undefined;
}

export interface IntegrationEntry {
  readonly avatarUrl?: string | undefined;
  readonly country?: string | undefined;
}

export type Action =
  | { readonly action: "scrollToCoordinates"; readonly x: number; readonly y: number }
  | ({ readonly action: "scrollToMatchIdentifier" } & MatchTarget)
  | { readonly action: "setZoomScale"; readonly scale: number }
  | {
      readonly action: "zoomToCoordinate";
      readonly x: number;
      readonly y: number;
      readonly scale: number;
    }
  | ({
      readonly action: "zoomToMatchIdentifier";
      readonly scale?: number | undefined;
    } & MatchTarget)
  | {
      readonly action: "loadTheme";
      readonly theme?: ThemeName | undefined;
      readonly properties?: Readonly<Record<string, string>> | undefined;
    }
  | {
      readonly action: "filterRounds";
      readonly from?: number | undefined;
      readonly to?: number | undefined;
    }
  | {
      readonly action: "loadIntegrationData";
      readonly participants: Readonly<Record<string, IntegrationEntry>>;
    }
  | {
      readonly action: "setBracketSettings";
      readonly seeds?: boolean | undefined;
      readonly scores?: boolean | undefined;
      readonly compact?: boolean | undefined;
    }
  /** Asks for `ready` again (a host that attaches after the viewer loaded); no fields. */
  | { readonly action: "getStatus" };

export type ActionName = Action["action"];

export const ACTIONS: readonly ActionName[] = [
  "scrollToCoordinates",
  "scrollToMatchIdentifier",
  "setZoomScale",
  "zoomToCoordinate",
  "zoomToMatchIdentifier",
  "loadTheme",
  "filterRounds",
  "loadIntegrationData",
  "setBracketSettings",
  "getStatus",
];

export interface PlayerInfo {
  readonly id: number | null;
  readonly name: string;
}

/** What each event carries besides the envelope. */
export interface EventPayloads {
  ready: { readonly actions: readonly ActionName[]; readonly matches: number };
  matchClicked: {
    readonly matchId: number;
    readonly identifier: string;
    readonly group: number | null;
    readonly round: number;
    readonly bracket: string;
    readonly state: string;
    readonly players: readonly PlayerInfo[];
  };
  participantClicked: {
    readonly participantId: number;
    readonly name: string;
    /** The match whose row was clicked; null for a row of a standings table. */
    readonly matchId: number | null;
    readonly identifier: string | null;
  };
  zoomChanged: { readonly scale: number };
  scrolled: { readonly x: number; readonly y: number; readonly scale: number };
  bracketUpdated: {
    readonly matches: number;
    readonly complete: number;
    readonly state: string;
  };
  streamEnded: { readonly reason: StreamEndReason };
  error: {
    readonly code: ErrorCode;
    readonly message: string;
    /** With `load_failed`: why. */
    readonly reason?: LoadReason | undefined;
    readonly action?: string | undefined;
    readonly requestId?: string | undefined;
  };
}

export type EventName = keyof EventPayloads;

export const EVENTS: readonly EventName[] = [
  "ready",
  "matchClicked",
  "participantClicked",
  "zoomChanged",
  "scrolled",
  "bracketUpdated",
  "streamEnded",
  "error",
];

export type ErrorCode =
  | "unsupported_version"
  | "unknown_action"
  | "invalid_payload"
  | "match_not_found"
  | "round_not_found"
  | "load_failed";

export type EventMessage<E extends EventName = EventName> = {
  readonly tourney: typeof ENVELOPE;
  readonly version: typeof VERSION;
  readonly event: E;
} & EventPayloads[E];

export function eventMessage<E extends EventName>(
  event: E,
  payload: EventPayloads[E],
): EventMessage<E> {
  return { tourney: ENVELOPE, version: VERSION, event, ...payload } as EventMessage<E>;
}
