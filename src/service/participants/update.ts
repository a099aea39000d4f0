/**
 * Changing participants: attributes and seed, every seed at random, check-in.
 * Each reads and checks the tournament and participant inside its write.
 */
import { seededShuffle } from "../../engine/shuffle.js";
import type { ParticipantRow } from "../../store/participants-repository.js";
import { checkIn } from "../bracket/check-in.js";
import type { ServiceContext } from "../context.js";
import type { Problems } from "../errors.js";
import { currentParticipant, currentTournament } from "../lookup.js";
import type { ParticipantInput } from "../validation/participant-input.js";
import { checkSeed } from "./add.js";
import { requirePending } from "./rules.js";

export function updateParticipant(
  service: ServiceContext,
  ids: { readonly tournament: number; readonly participant: number },
  input: ParticipantInput,
  problems: Problems,
): ParticipantRow {
  return service.write(() => {
    const t = currentTournament(service, ids.tournament);
    const p = currentParticipant(service, t, ids.participant);
    if (input.name !== undefined) {
      const other = service.participants.findByName(t.id, input.name);
      if (other !== undefined && other.id !== p.id) {
        problems.add(
          "/data/attributes/name",
          `name ${JSON.stringify(input.name)} is already taken in this tournament`,
        );
      }
    }
    if (input.seed !== undefined) {
      if (t.state !== "pending")
        problems.add(
          "/data/attributes/seed",
          `seeds cannot change while the tournament is ${t.state}`,
        );
      checkSeed(input.seed, service.participants.count(t.id), "/data/attributes/seed", problems);
    }
    problems.throwIfAny();
    const now = service.now();
    const { seed, ...changes } = input;
    service.participants.update(t.id, p.id, changes, now);
    if (seed !== undefined) service.participants.moveSeed(t.id, p.id, p.seed, seed, now);
    return service.participants.find(t.id, p.id)!;
  });
}

/** Shuffles the seeds of a pending tournament from a fresh stored random seed. */
export function randomizeSeeds(service: ServiceContext, tournamentId: number): ParticipantRow[] {
  return service.write(() => {
    requirePending(currentTournament(service, tournamentId), "randomize the seeds");
    const seed = service.newRandomSeed();
    service.tournaments.setRandomSeed(tournamentId, seed);
    const order = seededShuffle(
      service.participants.list(tournamentId).map((p) => p.id),
      seed,
    );
    service.participants.reseed(tournamentId, order, service.now());
    return service.participants.list(tournamentId);
  });
}

/** Checks a participant in (`on`) or undoes it, while the tournament's check-in is open. */
export function setCheckedIn(
  service: ServiceContext,
  ids: { readonly tournament: number; readonly participant: number },
  on: boolean,
): ParticipantRow {
  return service.write(() => {
    const t = currentTournament(service, ids.tournament);
    const p = currentParticipant(service, t, ids.participant);
    checkIn(service, t, p, on);
    return service.participants.find(t.id, p.id)!;
  });
}
