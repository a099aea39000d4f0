import { describe, expect, it } from "vitest";
import { checkCommand } from "../../src/cli/check-command.js";

describe("checkCommand: what shows a write whose outcome is unknown", () => {
  it.each([
    ["/v2.1/tournaments.json", "tourney tournament list"],
    ["/v2.1/tournaments/spring_cup.json", "tourney tournament view spring_cup"],
    ["/v2.1/tournaments/12/change_state.json", "tourney tournament view 12"],
    ["/v2.1/tournaments/12/matches/57.json", "tourney match view 12 57"],
    ["/v2.1/tournaments/12/matches/57/change_state.json", "tourney match view 12 57"],
    ["/v2.1/tournaments/12/participants/bulk_add.json", "tourney participants list 12"],
    ["/v2.1/tournaments/12/participants/3.json", "tourney participants view 12 id:3"],
    ["/v2.1/tournaments/12/stations/4.json", "tourney station list 12"],
    ["/v2.1/races/7/change_state.json", "tourney race view 7"],
    ["/v2.1/races/7/rounds/2.json", "tourney race view 7"],
    ["/v2.1/me.json", "tourney api /v2.1/me"],
    ["/v2.1/tournaments/12/matches/57/attachments.json", "tourney attachment list 12 57"],
    ["/v2.1/communities/lan/tournaments/cup.json", "tourney tournament view cup --community lan"],
    ["/v2.1/tournaments/cup.json?community_id=lan", "tourney tournament view cup --community lan"],
    ["/v1/tournaments/cup.json?api_key=[redacted]", "tourney api /v1/tournaments/cup.json"],
    ["/v2.1/tournaments/it%27s.json", "tourney tournament view 'it'\\''s'"],
  ])("%s -> %s", (path, command) => {
    expect(checkCommand(path)).toBe(command);
  });

  it("names the profile when it is not the default", () => {
    expect(checkCommand("/v2.1/tournaments/cup.json", "lan")).toBe(
      "tourney tournament view cup --profile lan",
    );
  });
});
