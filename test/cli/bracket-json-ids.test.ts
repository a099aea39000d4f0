/**
 * `tourney bracket --json`: every record's id has the type of the fields naming it (a
 * number for the numeric ids of the embedded service), so that a join such as
 * `select(.id == $m.player1_id)` finds the player. Before, the ids were strings while
 * player1_id, tournament_id ... were numbers, and the join found nothing (review I, 7).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("bracket --json ids", () => {
  it("are numbers, as the fields naming them and participants list's", async () => {
    const { t } = await createWith(sb, ["--name", "J Cup"], ["Ada", "Grace", "Linus", "Alan"]);
    ok(await sb.run(["tournament", "start", t]));
    const types = ok(
      await sb.run([
        "bracket",
        t,
        "--jq",
        "[.tournament.id, .participants[0].id, .matches[0].id, .matches[0].player1_id, .participants[0].tournament_id] | map(type)",
      ]),
    ).json();
    expect(types).toEqual(["number", "number", "number", "number", "number"]);
    const joined = ok(
      await sb.run([
        "bracket",
        t,
        "--jq",
        ".matches[0] as $m | [.participants[] | select(.id == $m.player1_id) | .name]",
      ]),
    ).json();
    expect(joined).toHaveLength(1);
    const listed = ok(await sb.run(["participants", "list", t, "--json", "id,name"])).json();
    const bracket = ok(await sb.run(["bracket", t, "--json"])).json();
    expect(
      bracket.participants.map((p: { id: unknown; name: string }) => ({ id: p.id, name: p.name })),
    ).toEqual(listed);
  });
});
