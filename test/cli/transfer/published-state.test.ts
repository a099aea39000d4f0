/** States an export works out when the service gives none (the published description's records). */
import { describe, expect, it } from "vitest";
import { matchStateOf, tournamentStateOf } from "../../../src/cli/transfer/published-state.js";
import type { ExportedMatch } from "../../../src/model/tournament-export.js";

const played = { winner: "Ada", tie: false, players: ["Ada", "Grace"] };
const ready = { winner: null, tie: false, players: ["Ada", "Grace"] };
const waiting = { winner: null, tie: false, players: ["Ada", null] };

const m = (state: string, group: number | null = null) =>
  ({ state, group }) as unknown as ExportedMatch;

describe("matchStateOf", () => {
  it("keeps a state the service gives", () => {
    expect(matchStateOf("open", played)).toBe("open");
  });
  it("works it out from the result and the players when there is none", () => {
    expect(matchStateOf(undefined, played)).toBe("complete");
    expect(matchStateOf(undefined, { ...waiting, tie: true })).toBe("complete");
    expect(matchStateOf(undefined, ready)).toBe("open");
    expect(matchStateOf(undefined, waiting)).toBe("pending");
    expect(matchStateOf("undefined", { ...ready, players: [] })).toBe("pending");
  });
});

describe("tournamentStateOf", () => {
  it("keeps a state the service gives", () => {
    expect(tournamentStateOf("complete", [])).toBe("complete");
  });
  it("never goes further than the matches show", () => {
    expect(tournamentStateOf(undefined, [])).toBe("pending");
    expect(tournamentStateOf(undefined, [m("complete", 1)])).toBe("group_stages_underway");
    expect(tournamentStateOf(undefined, [m("complete", 1), m("open")])).toBe("underway");
    expect(tournamentStateOf(undefined, [m("complete"), m("complete")])).toBe("awaiting_review");
  });
  it("complete once all are complete and the participants hold final ranks (the finalize's)", () => {
    expect(tournamentStateOf(undefined, [m("complete"), m("complete")], true)).toBe("complete");
    expect(tournamentStateOf(undefined, [m("complete"), m("open")], true)).toBe("underway");
    expect(tournamentStateOf(undefined, [m("complete", 1)], true)).toBe("group_stages_underway");
    expect(tournamentStateOf("awaiting_review", [m("complete")], true)).toBe("awaiting_review");
  });
});
