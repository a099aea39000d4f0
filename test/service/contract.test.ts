import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contract, contractPath, sharedContractPath, violations } from "../helpers/contract.js";
import { participantsBody, startService, tournamentBody } from "../helpers/service.js";

describe("responses validate against the published v2.1 contract", () => {
  it.skipIf(!existsSync(sharedContractPath))(
    "the repository's copy of the contract is the published one (when it sits beside the repository)",
    () => {
      expect(readFileSync(contractPath, "utf8")).toBe(readFileSync(sharedContractPath, "utf8"));
    },
  );

  it("the checker catches a wrong type (it can fail)", () => {
    expect(
      violations("TournamentModel", { id: 1, type: "tournament", attributes: { private: "no" } }),
    ).toEqual([
      "$.id: expected string, got 1",
      "$.attributes: missing name",
      "$.attributes: missing tournament_type",
      '$.attributes.private: expected boolean, got "no"',
    ]);
  });

  it("tournament and participant documents", async () => {
    const s = await startService();
    const full = {
      name: "Contract Cup",
      tournament_type: "double elimination",
      match_options: { consolation_matches_target_rank: 3, accept_attachments: true },
      registration_options: { open_signup: true, signup_cap: 8, check_in_duration: 15 },
      group_stage_enabled: true,
      group_stage_options: {
        stage_type: "double elimination",
        group_size: 4,
        participant_count_to_advance_per_group: 2,
      },
    };
    const created = await s.request("POST", "/v2.1/tournaments", tournamentBody(full));
    expect(violations("TournamentModel", created.json.data)).toEqual([]);
    const list = await s.request("GET", "/v2.1/tournaments");
    for (const item of list.json.data) expect(violations("TournamentModel", item)).toEqual([]);

    const added = await s.request(
      "POST",
      "/v2.1/tournaments/1/participants/bulk_add",
      participantsBody(["A", "B"]),
    );
    for (const item of added.json.data) expect(violations("ParticipantModel", item)).toEqual([]);
    const one = await s.request("GET", "/v2.1/tournaments/1/participants/1");
    expect(violations("ParticipantModel", one.json.data)).toEqual([]);
  });

  it("accepts the contract's own request examples", async () => {
    const s = await startService();
    const defaults = Object.fromEntries(
      Object.entries(contract.definitions.Tournament!.properties!)
        .map(([key, schema]) => {
          const value = (schema as { default?: unknown }).default;
          if (value !== undefined) return [key, value];
          const nested = (schema as { properties?: Record<string, { default?: unknown }> })
            .properties;
          if (nested === undefined) return [key, undefined];
          return [
            key,
            Object.fromEntries(
              Object.entries(nested)
                .filter(([, v]) => v.default !== undefined)
                .map(([k, v]) => [k, v.default]),
            ),
          ];
        })
        .filter(([, v]) => v !== undefined),
    );
    const r = await s.request("POST", "/v2.1/tournaments", {
      data: { type: "Tournaments", attributes: defaults },
    });
    expect(r.json.errors ?? []).toEqual([]);
    expect(r.status).toBe(201);
  });
});
