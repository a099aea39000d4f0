/**
 * Whose participants a change is about: a tournament's or a race's. The
 * participant changes (add.ts, remove.ts, update.ts) and their state rules
 * (rules.ts) are written once against this; each owner reads itself inside
 * the change's write (lookup.ts) and says what its own rules add.
 */
import type { ParticipantRepository, ParticipantRow } from "../../store/participants-repository.js";
import { forfeitOpenMatches } from "../bracket/match-actions.js";
import { checkParticipantLimit } from "../bracket/stage-limits.js";
import type { ServiceContext } from "../context.js";
import { notFound, type Problems, unprocessable } from "../errors.js";
import { currentTournament } from "../lookup.js";

export interface ParticipantOwner {
  /** How messages name it: "tournament", "race". */
  readonly noun: string;
  readonly id: number;
  readonly url: string;
  readonly state: string;
  /** The owner's participant rows. */
  readonly participants: ParticipantRepository;
  /** Whether the field may still change: participants added or deleted outright. */
  readonly beforeStart: boolean;
  readonly openSignup: boolean;
  readonly signupCap: number | undefined;
  /** The format's own limit on the field size (a tournament's stage limits). */
  checkLimit(existing: number, adding: number, pointer: string, problems: Problems): void;
  touch(now: string): void;
  setRandomSeed(seed: number): void;
  /** Takes a participant out once started (deactivated, forfeits), or refuses. */
  removeStarted(participant: ParticipantRow): void;
}

/** Reads the owner as it stands now: called inside the write that changes its participants. */
export type OwnerRef = (service: ServiceContext) => ParticipantOwner;

const BEFORE_START: ReadonlySet<string> = new Set([
  "pending",
  "checking_in",
  "checked_in",
  "accepting_predictions",
]);

export function tournamentOwner(tournamentId: number): OwnerRef {
  return (service) => {
    const t = currentTournament(service, tournamentId);
    return {
      noun: "tournament",
      id: t.id,
      url: t.url,
      state: t.state,
      participants: service.participants,
      beforeStart: BEFORE_START.has(t.state),
      openSignup: t.settings.registration_options.open_signup,
      signupCap: t.settings.registration_options.signup_cap,
      checkLimit: (existing, adding, pointer, problems) =>
        checkParticipantLimit(t.settings, existing, adding, pointer, problems),
      touch: (now) => service.tournaments.touch(t.id, now),
      setRandomSeed: (seed) => service.tournaments.setRandomSeed(t.id, seed),
      removeStarted: (p) => {
        if (t.state !== "underway" && t.state !== "group_stages_underway") {
          throw unprocessable(
            `cannot remove a participant while the tournament is ${t.state}; nothing is left for them to forfeit`,
          );
        }
        service.participants.setActive(t.id, p.id, false, service.now());
        forfeitOpenMatches(service, t, p.id);
      },
    };
  };
}

/** The owner's participant as it stands now (inside the write), or 404. */
export function currentParticipantOf(owner: ParticipantOwner, id: number): ParticipantRow {
  const row = owner.participants.find(owner.id, id);
  if (row === undefined)
    throw notFound(`participant ${id} not found in ${owner.noun} ${owner.url}`);
  return row;
}
