/** The participants verbs called as functions, on the in-process service. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  parseParticipantsAdd,
  runParticipantsAdd,
} from "../../../src/cli/commands/participants/add.js";
import { runParticipantsClear } from "../../../src/cli/commands/participants/clear.js";
import { runParticipantsDelete } from "../../../src/cli/commands/participants/delete.js";
import {
  parseParticipantsUpdate,
  runParticipantsUpdate,
} from "../../../src/cli/commands/participants/update.js";
import { DeclinedError, UnknownReferenceError } from "../../../src/cli/errors.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { answering, createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

let h: FactoryHarness;
let client: ApiClient;
beforeEach(async () => {
  h = createFactoryHarness();
  client = await h.client();
  await client.tournaments.create({ name: "Cup", tournament_type: "single elimination" });
});
afterEach(() => h.cleanup());

const names = async () =>
  (await client.participants.listAll("cup")).map((p) => [p.attributes.name, p.attributes.seed]);

describe("parse steps (no I/O)", () => {
  it("add: the name is an argument, --seed a whole number", () => {
    expect(parseParticipantsAdd("cup", "Ada", { seed: "2", misc: "left-handed" })).toEqual({
      owner: "cup",
      attributes: { seed: 2, misc: "left-handed", name: "Ada" },
    });
    expect(() => parseParticipantsAdd("cup", "Ada", { seed: "second" })).toThrow(
      '--seed needs a whole number, not "second"',
    );
  });

  it("update: nothing to change is a usage error", () => {
    expect(() => parseParticipantsUpdate("cup", "Ada", {})).toThrow(/nothing to change/);
  });
});

describe("run functions on the in-process service", () => {
  it("runParticipantsAdd adds at the seed asked; others shift", async () => {
    await runParticipantsAdd(h.make().factory, { owner: "cup", attributes: { name: "Ada" } });
    const t = h.make({ globals: { json: true } });
    await runParticipantsAdd(t.factory, {
      owner: "cup",
      attributes: { name: "Bob", seed: 1 },
    });
    expect(t.json()).toMatchObject({ name: "Bob", seed: 1 });
    expect(await names()).toEqual([
      ["Bob", 1],
      ["Ada", 2],
    ]);
  });

  it("runParticipantsUpdate finds the participant by #seed and renames", async () => {
    for (const name of ["Ada", "Bob"]) await client.participants.create("cup", { name });
    await runParticipantsUpdate(h.make().factory, {
      owner: "cup",
      participant: "#2",
      attributes: { name: "Robert" },
    });
    expect(await names()).toEqual([
      ["Ada", 1],
      ["Robert", 2],
    ]);
    await expect(
      runParticipantsUpdate(h.make().factory, {
        owner: "cup",
        participant: "Nobody",
        attributes: { name: "X" },
      }),
    ).rejects.toThrow(UnknownReferenceError);
  });

  it("runParticipantsDelete and runParticipantsClear confirm through the factory's prompter", async () => {
    for (const name of ["Ada", "Bob"]) await client.participants.create("cup", { name });
    const no = answering(false);
    const declined = h.make({ tty: true, prompter: no });
    await expect(
      runParticipantsDelete(declined.factory, { owner: "cup", participant: "Ada" }),
    ).rejects.toThrow(DeclinedError);
    await expect(runParticipantsClear(declined.factory, { owner: "cup" })).rejects.toThrow(
      DeclinedError,
    );
    expect(no.asked).toEqual([
      'Remove participant 1 "Ada"?',
      "Remove every participant of tournament cup?",
    ]);
    expect(await names()).toHaveLength(2);
    const yes = h.make({ globals: { yes: true } });
    await runParticipantsDelete(yes.factory, { owner: "cup", participant: "Ada" });
    expect(yes.stderr()).toBe("Removed participant 1\n");
    expect(await names()).toEqual([["Bob", 1]]);
  });
});
