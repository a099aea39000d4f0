/**
 * The field lists `--json FIELDS` is checked against before a write (src/cli/record-fields.ts)
 * are the fields the embedded service's records have: a field added to a serializer and
 * not to the list (or dropped from one) fails here.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { RECORD_FIELDS } from "../../src/cli/record-fields.js";
import { TOURNAMENT_RECORD_KEYS } from "../../src/model/records-json.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const sorted = (names: readonly string[]) => [...names].sort();
const keysOf = (records: object[]) => sorted([...new Set(records.flatMap((r) => Object.keys(r)))]);

it("a tournament's fields are one list: the keys the embedded list writes its records with", () => {
  // Two copies of the same keys were kept by hand (record-fields.ts and model/records-json.ts).
  expect(RECORD_FIELDS.tournament).toBe(TOURNAMENT_RECORD_KEYS);
});

it("tournament, participant, match (one-on-one and free for all) and race", async () => {
  const duel = await createWith(sb, ["--name", "Cup"], ["Ann", "Bob"]);
  const tournament = ok(await sb.run(["tournament", "start", duel.t, "--json"])).json();
  expect(keysOf([tournament])).toEqual(sorted(RECORD_FIELDS.tournament));
  const people = ok(await sb.run(["participants", "list", duel.t, "--json"])).json();
  expect(keysOf(people)).toEqual(sorted(RECORD_FIELDS.participant));
  const ffa = await createWith(sb, ["--name", "Pile", "--type", "free for all"], ["A", "B", "C"]);
  ok(await sb.run(["tournament", "start", ffa.t]));
  const matches = [duel.t, ffa.t].map((t) => sb.run(["match", "list", t, "--json"]));
  const all = (await Promise.all(matches)).flatMap((r) => ok(r).json());
  expect(keysOf(all)).toEqual(sorted(RECORD_FIELDS.match));
  const race = ok(await sb.run(["race", "create", "--name", "Dash", "--json"])).json();
  expect(keysOf([race])).toEqual(sorted(RECORD_FIELDS.race));
});

it("race participant, station, queue entry, attachment, round, time and a delete's output", async () => {
  const cup = await createWith(sb, ["--name", "Cup"], ["Ann", "Bob"]);
  const set = ["tournament", "update", cup.t, "--set", "match_options.accept_attachments=true"];
  ok(await sb.run(set));
  ok(await sb.run(["tournament", "start", cup.t]));
  const station = ok(await sb.run(["station", "create", cup.t, "Table", "--json"])).json();
  expect(keysOf([station])).toEqual(sorted(RECORD_FIELDS.station));
  const add = ["attachment", "add", cup.t, "A", "--url", "https://example.com", "--json"];
  expect(keysOf([ok(await sb.run(add)).json()])).toEqual(sorted(RECORD_FIELDS.attachment));
  ok(await sb.run(["race", "create", "--name", "Dash"]));
  const gil = ok(await sb.run(["race", "participants", "add", "dash", "Gil", "--json"])).json();
  expect(keysOf([gil])).toEqual(sorted(RECORD_FIELDS.race_participant));
  const queued = ["station", "queue", "add", cup.t, "Table", "A", "--json"];
  expect(keysOf([ok(await sb.run(queued)).json()])).toEqual(sorted(RECORD_FIELDS.queue_entry));
  ok(await sb.run(["race", "participants", "add", "dash", "Ida"]));
  const round = ok(await sb.run(["race", "start", "dash"]));
  const view = ok(await sb.run(["race", "round", "view", "dash", "1", "--json"])).json();
  expect(round.code).toBe(0);
  expect(keysOf([view])).toEqual(sorted(RECORD_FIELDS.round));
  const time = ["race", "times", "update", "dash", "Gil", "--time", "12s", "--json"];
  expect(keysOf([ok(await sb.run(time)).json()])).toEqual(sorted(RECORD_FIELDS.elapsed_time));
  const gone = ok(await sb.run(["station", "delete", cup.t, "Table", "--yes", "--json"])).json();
  expect(keysOf([gone])).toEqual(sorted(RECORD_FIELDS.deleted));
});
