/**
 * The tournament verbs called as functions: typed options in, the Factory's
 * streams and the in-process service's state out; no commander, no argv.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  parseTournamentCreate,
  runTournamentCreate,
} from "../../../src/cli/commands/tournament/create.js";
import { runTournamentDelete } from "../../../src/cli/commands/tournament/delete.js";
import {
  parseTournamentList,
  runTournamentList,
} from "../../../src/cli/commands/tournament/list.js";
import { runTournamentStateChange } from "../../../src/cli/commands/tournament/state-change.js";
import {
  parseTournamentUpdate,
  runTournamentUpdate,
} from "../../../src/cli/commands/tournament/update.js";
import { DeclinedError, UsageError } from "../../../src/cli/errors.js";
import { answering, createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(() => h.cleanup());

describe("parse steps (no I/O)", () => {
  it("create: flags become nested attributes, the type defaults to single elimination", () => {
    expect(
      parseTournamentCreate({
        name: "Cup",
        thirdPlace: true,
        signupCap: "16",
        set: ["private=true"],
      }),
    ).toEqual({
      attributes: {
        name: "Cup",
        registration_options: { signup_cap: 16 },
        match_options: { consolation_matches_target_rank: 3 },
        private: true,
        tournament_type: "single elimination",
      },
    });
  });

  it("create: refuses --third-place in double elimination and a number that is not one", () => {
    expect(() =>
      parseTournamentCreate({ name: "Cup", type: "double elimination", thirdPlace: true }),
    ).toThrow(/--third-place does not apply to double elimination/);
    expect(() => parseTournamentCreate({ swissRounds: "three" })).toThrow(UsageError);
  });

  it("update: nothing to change is a usage error", () => {
    expect(() => parseTournamentUpdate("cup", {})).toThrow(/nothing to change/);
    expect(parseTournamentUpdate("cup", { game: "Chess" })).toEqual({
      tournament: "cup",
      attributes: { game_name: "Chess" },
    });
  });

  it("list: the type is spelled as the query wants it", () => {
    expect(parseTournamentList({ type: "round robin", state: "ended" })).toEqual({
      filters: { state: "ended", type: "round_robin" },
    });
  });
});

describe("run functions on the in-process service", () => {
  it("runTournamentCreate creates what the options say and prints the record", async () => {
    const t = h.make({ globals: { json: true } });
    await runTournamentCreate(t.factory, {
      attributes: { name: "Spring Cup", tournament_type: "swiss", swiss_options: { rounds: 3 } },
    });
    const printed = t.json();
    expect(printed).toMatchObject({ id: 1, name: "Spring Cup", tournament_type: "swiss" });
    const stored = await (await h.client()).tournaments.get("spring_cup");
    expect(stored.attributes.swiss_options).toMatchObject({ rounds: 3 });
  });

  it("runTournamentCreate asks for a missing name on a terminal, refuses without one", async () => {
    const prompter = answering(true, "Asked Cup");
    const tty = h.make({ tty: true, prompter });
    await runTournamentCreate(tty.factory, { attributes: { tournament_type: "swiss" } });
    // The type was given: its options are asked (an answer that is no number keeps the default).
    expect(prompter.asked).toEqual(["Tournament name:", "Number of rounds (empty: the default)"]);
    expect(tty.stderr()).toContain("Created tournament 1 (asked_cup)");
    const piped = h.make();
    await expect(
      runTournamentCreate(piped.factory, { attributes: { tournament_type: "swiss" } }),
    ).rejects.toThrow("--name is required");
  });

  it("runTournamentUpdate checks --third-place against the stored type", async () => {
    const setup = h.make();
    await runTournamentCreate(setup.factory, {
      attributes: { name: "Double", tournament_type: "double elimination" },
    });
    const update = {
      tournament: "double",
      attributes: parseTournamentUpdate("double", { thirdPlace: true }).attributes,
    };
    await expect(runTournamentUpdate(h.make().factory, update)).rejects.toThrow(
      /does not apply to double elimination/,
    );
    const renamed = h.make({ globals: { json: true } });
    await runTournamentUpdate(renamed.factory, {
      tournament: "double",
      attributes: { name: "Renamed" },
    });
    expect(renamed.json().name).toBe("Renamed");
  });

  it("runTournamentDelete: a 'no' keeps the tournament, --yes deletes it", async () => {
    await runTournamentCreate(h.make().factory, {
      attributes: { name: "Keep", tournament_type: "swiss" },
    });
    const prompter = answering(false);
    const declined = h.make({ tty: true, prompter });
    await expect(runTournamentDelete(declined.factory, { tournament: "keep" })).rejects.toThrow(
      DeclinedError,
    );
    expect(prompter.asked).toEqual(['Delete tournament keep "Keep" and everything in it?']);
    const list = h.make({ globals: { json: true } });
    await runTournamentList(list.factory, { filters: {} });
    expect(list.json().map((r: { name: string }) => r.name)).toEqual(["Keep"]);

    const yes = h.make({ globals: { yes: true, json: true } });
    await runTournamentDelete(yes.factory, { tournament: "keep" });
    expect(yes.json()).toEqual({ id: 1, deleted: true });
    await runTournamentList(list.factory, { filters: {} });
    expect(list.json()).toEqual([]);
  });

  it("runTournamentStateChange starts a tournament and names the new state on a terminal", async () => {
    await runTournamentCreate(h.make().factory, {
      attributes: { name: "Go", tournament_type: "swiss" },
    });
    const client = await h.client();
    for (const name of ["A", "B", "C", "D"]) await client.participants.create("go", { name });
    const t = h.make({ tty: true });
    await runTournamentStateChange(t.factory, { tournament: "go", change: "start" });
    expect(t.stderr()).toContain("Tournament go is underway");
    expect((await client.tournaments.get("go")).attributes.state).toBe("underway");
  });
});
