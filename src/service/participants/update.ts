/**
 * Changing participants: attributes and seed, every seed at random, check-in.
 * Each reads and checks the tournament and participant inside its write.
 */
import { seededShuffle } from "../../engine/shuffle.js";
import type { ParticipantRow } from "../../store/participants-repository.js";
import { checkIn } from "../bracket/check-in.js";
import type { ServiceContext } from "../context.js";
import { type Problems, unprocessable } from "../errors.js";
import { currentParticipant, currentTournament } from "../lookup.js";
import type { ParticipantInput } from "../validation/participant-input.js";
import { checkSeed } from "./add.js";
import { currentParticipantOf, type OwnerRef } from "./owner.js";
import { seedRefusal, seedsMayChange } from "./rules.js";

export function updateParticipant(
  service: ServiceContext,
  ids: { readonly owner: OwnerRef; readonly participant: number },
  input: ParticipantInput,
  problems: Problems,
): ParticipantRow {
  return service.write(() => {
    const t = ids.owner(service);
    const p = currentParticipantOf(t, ids.participant);
    const repo = t.participants;
    if (input.name !== undefined) {
      const other = repo.findByName(t.id, input.name);
      if (other !== undefined && other.id !== p.id) {
        problems.add(
          "/data/attributes/name",
          `name ${JSON.stringify(input.name)} is already taken in this ${t.noun}`,
        );
      }
    }
    if (input.seed !== undefined) {
      if (!seedsMayChange(t))
        problems.add("/data/attributes/seed", seedRefusal(t, "change a seed"));
      checkSeed(input.seed, repo.count(t.id), "/data/attributes/seed", problems);
    }
    problems.throwIfAny();
    const now = service.now();
    const { seed, ...changes } = input;
    repo.update(t.id, p.id, changes, now);
    if (seed !== undefined) repo.moveSeed(t.id, p.id, p.seed, seed, now);
    return repo.find(t.id, p.id)!;
  });
}

/** Shuffles the seeds of a tournament not started (rules.ts seedsMayChange) or a pending race, from a fresh stored random seed. */
export function randomizeSeeds(service: ServiceContext, owner: OwnerRef): ParticipantRow[] {
  return service.write(() => {
    const t = owner(service);
    if (!seedsMayChange(t)) throw unprocessable(seedRefusal(t, "randomize the seeds"));
    const seed = service.newRandomSeed();
    t.setRandomSeed(seed);
    const order = seededShuffle(
      t.participants.list(t.id).map((p) => p.id),
      seed,
    );
    t.participants.reseed(t.id, order, service.now());
    return t.participants.list(t.id);
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
