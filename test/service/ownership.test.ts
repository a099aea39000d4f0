/**
 * Accounts on `tourney serve` (issue 14, item 1): every tournament and race
 * has an owner; another user's private record is a 404 exactly as an unknown
 * one, a public one is readable and not writable (403); lists show one's own
 * and the public ones; /me answers for the caller. Scopes: a credential is
 * refused (403 naming the scope) a request outside them; a revoked key is 401.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openService, type Service } from "../../src/service/index.js";
import { participantsBody, tournamentBody } from "../helpers/service.js";

async function serve() {
  const service = await openService({ dbPath: ":memory:", requireAuth: true });
  const owner = service.createApiKey("owner");
  const key = (user: string, scopes?: string[]) => {
    const made = service.admin.createKey({
      label: `${user} key`,
      user,
      ...(scopes === undefined ? {} : { scopes }),
    });
    if (!made.ok) throw new Error(made.reason);
    return made.value.key;
  };
  for (const username of ["ada", "grace"])
    service.admin.addUser({ username, email: `${username}@example.com` });
  return { service, owner, ada: key("ada"), grace: key("grace"), key };
}

async function call(service: Service, key: string, method: string, path: string, body?: unknown) {
  const response = await service.handle({
    method: method as "GET",
    path,
    headers: { authorization: key, "content-type": "application/vnd.api+json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    json: response.body === "" ? undefined : JSON.parse(response.body),
  };
}

async function create(
  service: Service,
  key: string,
  name: string,
  extra: Record<string, unknown> = {},
) {
  const r = await call(
    service,
    key,
    "POST",
    "/v2.1/tournaments",
    tournamentBody({ name, tournament_type: "single elimination", ...extra }),
  );
  expect(r.status).toBe(201);
  return r.json.data as { id: string; attributes: { url: string } };
}

describe("ownership", () => {
  it("makes a tournament the caller's; another user's private one is a 404 like an unknown id", async () => {
    const { service, ada, grace } = await serve();
    const secret = await create(service, grace, "Grace Private", { private: true });
    const mine = await create(service, ada, "Ada Cup");
    for (const path of [
      `/v2.1/tournaments/${secret.id}`,
      `/v2.1/tournaments/${secret.attributes.url}`,
      `/v2.1/tournaments/${secret.id}/participants`,
      `/v2.1/tournaments/${secret.id}/matches`,
      `/v2.1/tournaments/${secret.id}/standings`,
    ]) {
      const r = await call(service, ada, "GET", path);
      expect(r.status, path).toBe(404);
    }
    const hidden = await call(service, ada, "GET", `/v2.1/tournaments/${secret.id}`);
    const unknown = await call(service, ada, "GET", "/v2.1/tournaments/99999");
    expect(hidden.json.errors[0].detail).toBe(`tournament ${secret.id} not found`);
    expect(unknown.json.errors[0].detail).toBe("tournament 99999 not found");
    for (const [method, path, body] of [
      ["PUT", `/v2.1/tournaments/${secret.id}`, tournamentBody({ name: "Mine now" })],
      ["DELETE", `/v2.1/tournaments/${secret.id}`, undefined],
      [
        "POST",
        `/v2.1/tournaments/${secret.id}/participants/bulk_add`,
        participantsBody(["X", "Y"]),
      ],
    ] as const) {
      expect((await call(service, ada, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call(service, grace, "GET", `/v2.1/tournaments/${secret.id}`)).status).toBe(200);
    expect((await call(service, ada, "GET", `/v2.1/tournaments/${mine.id}`)).status).toBe(200);
  });

  it("lets others read a public tournament and refuses them any change with 403", async () => {
    const { service, ada, grace } = await serve();
    const open = await create(service, grace, "Grace Open");
    await call(
      service,
      grace,
      "POST",
      `/v2.1/tournaments/${open.id}/participants/bulk_add`,
      participantsBody(["A", "B", "C"]),
    );
    expect((await call(service, ada, "GET", `/v2.1/tournaments/${open.id}`)).status).toBe(200);
    expect(
      (await call(service, ada, "GET", `/v2.1/tournaments/${open.id}/participants`)).json.data,
    ).toHaveLength(3);
    const writes = [
      ["PUT", `/v2.1/tournaments/${open.id}`, tournamentBody({ name: "Taken" })],
      ["DELETE", `/v2.1/tournaments/${open.id}`, undefined],
      [
        "PUT",
        `/v2.1/tournaments/${open.id}/change_state`,
        { data: { type: "TournamentState", attributes: { state: "start" } } },
      ],
      [
        "POST",
        `/v2.1/tournaments/${open.id}/participants`,
        { data: { type: "Participants", attributes: { name: "D" } } },
      ],
      ["DELETE", `/v2.1/tournaments/${open.id}/participants/clear`, undefined],
    ] as const;
    for (const [method, path, body] of writes) {
      const r = await call(service, ada, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.json.errors[0].detail).toContain("belongs to another user");
    }
    const after = await call(service, grace, "GET", `/v2.1/tournaments/${open.id}`);
    expect(after.json.data.attributes).toMatchObject({
      name: "Grace Open",
      state: "pending",
      participants_count: 3,
    });
  });

  it("lets another user register itself to a public tournament with open signup", async () => {
    const { service, ada, grace } = await serve();
    const open = await create(service, grace, "Open Signup", {
      registration_options: { open_signup: true },
    });
    const joined = await call(
      service,
      ada,
      "POST",
      `/v2.1/tournaments/${open.id}/participants/register`,
    );
    expect(joined.status).toBe(201);
    expect(joined.json.data.attributes.username).toBe("ada");
  });

  it("lists one's own tournaments and the public ones of others, and /communities likewise", async () => {
    const { service, ada, grace, owner } = await serve();
    await create(service, grace, "Grace Private", { private: true });
    await create(service, grace, "Grace Public");
    await create(service, ada, "Ada Private", { private: true });
    const names = async (key: string) =>
      (await call(service, key, "GET", "/v2.1/tournaments")).json.data
        .map((t: any) => t.attributes.name)
        .sort();
    expect(await names(ada)).toEqual(["Ada Private", "Grace Public"]);
    expect(await names(grace)).toEqual(["Grace Private", "Grace Public"]);
    expect(await names(owner)).toEqual(["Grace Public"]);
    const counted = await call(service, ada, "GET", "/v2.1/tournaments");
    expect(counted.json.meta.count).toBe(2);
  });

  it("lists by the same rule on v1, whose key is checked as v2.1's", async () => {
    const { service, ada, grace } = await serve();
    await create(service, grace, "Grace Private", { private: true });
    await create(service, grace, "Grace Public");
    const index = await service.handle({
      method: "GET",
      path: `/v1/tournaments.json?api_key=${ada}`,
      headers: {},
    });
    expect(index.status).toBe(200);
    const names = JSON.parse(index.body).map((t: any) => t.tournament.name);
    expect(names).toEqual(["Grace Public"]);
  });

  it("applies the same rule to races", async () => {
    const { service, ada, grace } = await serve();
    const race = (name: string, extra = {}) =>
      call(service, grace, "POST", "/v2.1/races", {
        data: { type: "Race", attributes: { name, raceType: "time trial", ...extra } },
      });
    const hidden = (await race("Night Run", { private: true })).json.data.id;
    const shown = (await race("Day Run")).json.data.id;
    expect((await call(service, ada, "GET", `/v2.1/races/${hidden}`)).status).toBe(404);
    expect((await call(service, ada, "GET", `/v2.1/races/${hidden}/rounds`)).status).toBe(404);
    expect((await call(service, ada, "GET", `/v2.1/races/${shown}`)).status).toBe(200);
    expect(
      (
        await call(service, ada, "PUT", `/v2.1/races/${shown}/change_state`, {
          data: { type: "RaceState", attributes: { state: "start" } },
        })
      ).status,
    ).toBe(403);
    const listed = (await call(service, ada, "GET", "/v2.1/races")).json;
    expect(listed.data.map((r: any) => r.attributes.name)).toEqual(["Day Run"]);
  });

  it("answers /me for the caller", async () => {
    const { service, ada, owner } = await serve();
    const me = await call(service, ada, "GET", "/v2.1/me");
    expect(me.json.data).toMatchObject({
      type: "user",
      attributes: { username: "ada", email: "ada@example.com", image_url: null },
    });
    expect((await call(service, owner, "GET", "/v2.1/me")).json.data).toMatchObject({
      id: "1",
      attributes: { username: "owner" },
    });
  });

  it("passes a removed user's records to the owner, and refuses their keys from then on", async () => {
    const { service, ada, owner } = await serve();
    const cup = await create(service, ada, "Ada Secret", { private: true });
    expect((await call(service, owner, "GET", `/v2.1/tournaments/${cup.id}`)).status).toBe(404);
    const removed = service.admin.removeUser("ada");
    expect(removed).toEqual({ ok: true, value: { moved: 1 } });
    expect((await call(service, ada, "GET", "/v2.1/me")).status).toBe(401);
    expect((await call(service, owner, "GET", `/v2.1/tournaments/${cup.id}`)).status).toBe(200);
    expect(service.admin.removeUser("owner")).toEqual({
      ok: false,
      reason: "the owner account cannot be removed",
    });
  });

  it("owns everything in process: the embedded CLI reaches every record of its file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-owner-"));
    try {
      const dbPath = join(dir, "t.db");
      const served = await openService({ dbPath, requireAuth: true });
      served.admin.addUser({ username: "grace" });
      const made = served.admin.createKey({ label: "g", user: "grace" });
      const grace = made.ok ? made.value.key : "";
      const secret = await create(served, grace, "Grace Private", { private: true });
      expect(
        (await served.handle({ method: "GET", path: "/v2.1/tournaments", headers: {} })).status,
      ).toBe(401);
      const local = await openService({ dbPath });
      const r = await local.handle({
        method: "GET",
        path: `/v2.1/tournaments/${secret.id}`,
        headers: {},
      });
      expect(r.status).toBe(200);
      local.close();
      served.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("scopes", () => {
  it("refuses a create to a credential without tournaments:write with 403 naming the scope", async () => {
    const { service, key } = await serve();
    const reader = key("ada", ["me", "tournaments:read"]);
    const r = await call(
      service,
      reader,
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "No", tournament_type: "swiss" }),
    );
    expect(r.status).toBe(403);
    expect(r.json.errors[0].detail).toContain("tournaments:write");
    expect((await call(service, reader, "GET", "/v2.1/tournaments")).status).toBe(200);
    expect((await call(service, reader, "GET", "/v2.1/me")).status).toBe(200);
    const list = await call(service, reader, "GET", "/v2.1/races");
    expect(list.status).toBe(200);
  });

  it("asks each family's scope: participants, matches, me, communities", async () => {
    const { service, key, ada } = await serve();
    const cup = await create(service, ada, "Scoped");
    const only = (scope: string) => key("ada", [scope]);
    const cases: [string, string, string, string][] = [
      ["tournaments:read", "GET", `/v2.1/tournaments/${cup.id}/participants`, "participants:read"],
      [
        "participants:read",
        "POST",
        `/v2.1/tournaments/${cup.id}/participants`,
        "participants:write",
      ],
      ["tournaments:read", "GET", `/v2.1/tournaments/${cup.id}/matches`, "matches:read"],
      // The standings name every participant: not to a key without participants:read.
      ["tournaments:read", "GET", `/v2.1/tournaments/${cup.id}/standings`, "participants:read"],
      ["tournaments:read", "GET", "/v2.1/races/1/standings", "participants:read"],
      ["tournaments:read", "GET", "/v2.1/me", "me"],
      ["me", "GET", "/v2.1/communities", "communities:manage"],
      ["me", "GET", `/v2.1/communities/c1/tournaments/${cup.id}`, "tournaments:read"],
    ];
    for (const [has, method, path, needs] of cases) {
      const r = await call(
        service,
        only(has),
        method,
        path,
        method === "POST"
          ? { data: { type: "Participants", attributes: { name: "Z" } } }
          : undefined,
      );
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.json.errors[0].detail, path).toContain(`needs the scope ${needs}`);
    }
    expect(
      (
        await call(
          service,
          only("participants:read"),
          "GET",
          `/v2.1/tournaments/${cup.id}/participants`,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          service,
          only("participants:read"),
          "GET",
          `/v2.1/tournaments/${cup.id}/standings`,
        )
      ).status,
    ).toBe(200);
  });

  it("asks v1's include_participants and include_matches for the scopes of the lists they nest, before any write", async () => {
    const { service, key, ada } = await serve();
    const cup = await create(service, ada, "Included");
    await call(
      service,
      ada,
      "POST",
      `/v2.1/tournaments/${cup.id}/participants/bulk_add`,
      participantsBody(["Ada", "Hal"]),
    );
    const v1 = async (scopes: string[], method: string, query: string) => {
      const reply = await service.handle({
        method: method as "GET",
        path: `/v1/tournaments/${cup.id}.json?api_key=${key("ada", scopes)}&${query}`,
        headers: {},
      });
      return { status: reply.status, json: JSON.parse(reply.body) };
    };
    const refused = await v1(["tournaments:read"], "GET", "include_participants=1");
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0]).toContain(
      "include_participants=1 needs the scope participants:read",
    );
    const noMatches = await v1(
      ["tournaments:read", "participants:read"],
      "GET",
      "include_matches=1",
    );
    expect(noMatches.status).toBe(403);
    expect(noMatches.json.errors[0]).toContain(
      "with include_matches=1 needs the scope matches:read",
    );
    // An update that asks for the names is refused unwritten.
    const update = await v1(
      ["tournaments:read", "tournaments:write"],
      "PUT",
      "tournament[description]=changed&include_participants=1",
    );
    expect(update.status).toBe(403);
    const after = await call(service, ada, "GET", `/v2.1/tournaments/${cup.id}`);
    expect(after.json.data.attributes.description).toBe("");
    // A participant's matches: matches:read.
    const participant = await service.handle({
      method: "GET",
      path: `/v1/tournaments/${cup.id}/participants/1.json?api_key=${key("ada", ["participants:read"])}&include_matches=1`,
      headers: {},
    });
    expect(participant.status).toBe(403);
    const allowed = await v1(
      ["tournaments:read", "participants:read", "matches:read"],
      "GET",
      "include_participants=1&include_matches=1",
    );
    expect(allowed.status).toBe(200);
    expect(allowed.json.tournament.participants.map((p: any) => p.participant.name)).toEqual([
      "Ada",
      "Hal",
    ]);
    // Without the flags, the path's own scope as before.
    expect((await v1(["tournaments:read"], "GET", "include_participants=0")).status).toBe(200);
  });

  it("answers 401 for a revoked key", async () => {
    const { service, ada } = await serve();
    expect((await call(service, ada, "GET", "/v2.1/me")).status).toBe(200);
    const id = service.admin.listKeys().find((k) => k.username === "ada")!.id;
    expect(service.admin.revokeKey(id)).toBe(true);
    const r = await call(service, ada, "GET", "/v2.1/me");
    expect(r.status).toBe(401);
  });
});
