/**
 * A race as the owner of participants (participants/owner.ts): its field is
 * added, removed and reseeded while the race is pending; once started the
 * field is fixed (each started round has an elapsed time per participant),
 * so a removal is refused until the race is reset. Names and the like may
 * change at any time, as a tournament's.
 */
import { unprocessable } from "../errors.js";
import type { OwnerRef } from "../participants/owner.js";
import { currentRace } from "./race-lookup.js";

export function raceOwner(raceId: number): OwnerRef {
  return (service) => {
    const race = currentRace(service, raceId);
    const { races } = service.race;
    return {
      noun: "race",
      id: race.id,
      url: race.url,
      state: race.state,
      participants: service.race.participants,
      beforeStart: race.state === "pending",
      openSignup: race.settings.registrationOptions.openSignup,
      signupCap: race.settings.registrationOptions.signupCap,
      checkLimit: () => {},
      touch: (now) => races.touch(race.id, now),
      setRandomSeed: (seed) => races.setRandomSeed(race.id, seed),
      removeStarted: () => {
        throw unprocessable(
          `cannot remove a participant while the race is ${race.state}: its rounds hold their times; reset the race first`,
        );
      },
    };
  };
}
