/**
 * The standings of an elimination stage read the tournament's participants once (issue 24:
 * at 50,000 players each read of them was a quarter of the standings' time, and the
 * standings are part of every version of the bracket page's data), with the same ranks
 * and records as before.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ParticipantRepository } from "../../src/store/participants-repository.js";
import { changeState, createWithPlayers, playOut } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("elimination standings", () => {
  it("read every participant once, and rank the played-out bracket", async () => {
    const lists = vi.spyOn(ParticipantRepository.prototype, "list");
    const s = await startService();
    const t = await createWithPlayers(s, { tournament_type: "double elimination" }, 8);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    await playOut(s, t.id, (m) => Math.min(m.player1_id!, m.player2_id!));
    lists.mockClear();
    const r = await s.request("GET", `/v2.1/tournaments/${t.id}/standings`);
    expect(r.status, r.body).toBe(200);
    expect(lists).toHaveBeenCalledTimes(1);
    const rows = r.json.data.map((d: any) => d.attributes);
    expect(rows).toHaveLength(8);
    expect(rows.map((a: any) => a.rank).slice(0, 3)).toEqual([1, 2, 3]);
    expect(rows.reduce((n: number, a: any) => n + a.wins, 0)).toBe(
      rows.reduce((n: number, a: any) => n + a.losses, 0),
    );
    s.service.close();
  });
});
