/**
 * Station references: a second station of a name is refused by the embedded service (exit 5,
 * naming the station that has it), a bare number that is also a station's name is refused as
 * ambiguous (exit 2) with the forms to write (`id:N`, `name:TEXT`), and a name two stations
 * share (a database from before the refusal, another service) is refused naming both ids.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findStation } from "../../src/cli/commands/station/station-ref.js";
import { UsageError } from "../../src/cli/errors.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("station names and references", () => {
  it("refuses a second station of one name (exit 5, naming the station that has it), on create and rename", async () => {
    await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3", "P4"]);
    ok(await sb.run(["station", "create", "cup", "Table 1"]));
    const twice = await sb.run(["station", "create", "cup", "table 1"]);
    expect(twice.code).toBe(5);
    expect(twice.stderr).toMatch(/already taken in this tournament: station 1 is named "Table 1"/);
    ok(await sb.run(["station", "create", "cup", "Table 2"]));
    const rename = await sb.run(["station", "update", "cup", "Table 2", "--name", "Table 1"]);
    expect(rename.code).toBe(5);
    const names = ok(await sb.run(["station", "list", "cup", "--json", "name"])).json();
    expect(names).toEqual([{ name: "Table 1" }, { name: "Table 2" }]);
  });

  it("refuses a bare id that is also a station's name (exit 2), and takes id:N and name:TEXT", async () => {
    await createWith(sb, ["--name", "Cup"], ["P1", "P2", "P3", "P4"]);
    ok(await sb.run(["tournament", "start", "cup"]));
    ok(await sb.run(["station", "create", "cup", "Main"])); // id 1
    ok(await sb.run(["station", "create", "cup", "Side"])); // id 2
    ok(await sb.run(["station", "create", "cup", "2"])); // id 3
    const bare = await sb.run(["station", "assign", "cup", "2", "A"]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain(
      'station 2 is ambiguous in tournament cup: "Side" (id 2) has id 2 and "2" (id 3) has that name; write id:2 for the first or name:2 for the other',
    );
    const stations = () => sb.run(["station", "list", "cup", "--json", "id,match_id"]);
    expect(
      ok(await stations())
        .json()
        .every((s: any) => s.match_id === null),
    ).toBe(true);
    ok(await sb.run(["station", "assign", "cup", "name:2", "A"]));
    ok(await sb.run(["station", "assign", "cup", "id:2", "B"]));
    const held = ok(await stations()).json();
    expect(held.map((s: any) => s.match_id === null)).toEqual([true, false, false]);
    expect(ok(await sb.run(["station", "view", "cup", "id:2", "--json", "name"])).json()).toEqual({
      name: "Side",
    });
    expect(ok(await sb.run(["station", "view", "cup", "name:2", "--json", "id"])).json()).toEqual({
      id: 3,
    });
    // A bare id no station has, while one is named so: the hint says name:N.
    ok(await sb.run(["station", "update", "cup", "name:2", "--name", "7"]));
    const seven = await sb.run(["station", "view", "cup", "7"]);
    expect(seven.code).toBe(3);
    expect(seven.stderr).toContain('a station is named "7": write name:7');
  });

  it("refuses a name two stations share, naming both ids", () => {
    const s = (id: string, name: string) => ({ id, type: "station", attributes: { name } });
    const all = [s("1", "Table 1"), s("2", "Table 1"), s("3", "Other")];
    expect(() => findStation(all, "cup", "table 1")).toThrow(UsageError);
    expect(() => findStation(all, "cup", "Table 1")).toThrow(
      'station Table 1 is ambiguous in tournament cup: stations "Table 1" (id 1) and "Table 1" (id 2) share that name; write id:1 or id:2',
    );
    expect(findStation(all, "cup", "id:2").id).toBe("2");
    expect(findStation(all, "cup", "Other").id).toBe("3");
  });
});
