/**
 * `tourney serve community add|list|remove` and `serve key create --community`
 * through the CLI harness, checked against the served database they write.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openService, type Service } from "../../src/service/index.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
let db: string;
beforeEach(() => {
  sb = createSandbox();
  db = join(sb.dir, "served.db");
});
afterEach(() => sb.cleanup());

async function ask(
  service: Service,
  method: "GET" | "POST",
  path: string,
  key?: string,
  body?: unknown,
) {
  const response = await service.handle({
    method,
    path,
    headers: {
      "content-type": "application/vnd.api+json",
      ...(key === undefined ? {} : { authorization: key, "authorization-type": "v1" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    json: response.body === "" ? undefined : JSON.parse(response.body),
  };
}

describe("tourney serve community", () => {
  it("adds, lists and removes communities; the service scopes tournaments to them", async () => {
    const added = await sb.run([
      "serve",
      "community",
      "add",
      "lan",
      "--name",
      "LAN Party",
      "--db",
      db,
    ]);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain("Added community lan");
    const list = await sb.run(["serve", "community", "list", "--db", db, "--json"]);
    expect(list.json()).toEqual([
      expect.objectContaining({
        identifier: "lan",
        name: "LAN Party",
        tournaments: 0,
        members: "",
      }),
    ]);
    const service = await openService({ dbPath: db });
    try {
      const created = await ask(service, "POST", "/v2.1/communities/lan/tournaments", undefined, {
        data: { type: "tournament", attributes: { name: "In", tournament_type: "swiss" } },
      });
      expect(created.status).toBe(201);
      const unknown = await ask(service, "POST", "/v2.1/communities/nope/tournaments", undefined, {
        data: { type: "tournament", attributes: { name: "Out", tournament_type: "swiss" } },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.json.errors[0].detail).toMatch(/community nope not found/);
      expect((await ask(service, "GET", "/v2.1/tournaments")).json.meta.count).toBe(1);
    } finally {
      service.close();
    }
    const refused = await sb.run(["serve", "community", "remove", "lan", "--db", db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds 1 tournament/);
    const missing = await sb.run(["serve", "community", "remove", "nope", "--db", db]);
    expect(missing.code).toBe(3);
    const twice = await sb.run(["serve", "community", "add", "lan", "--db", db]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/exists already/);
  });

  it("serve key create --community: the key's label belongs to it and sees it in GET /communities", async () => {
    for (const c of ["lan", "club"])
      expect((await sb.run(["serve", "community", "add", c, "--db", db])).code).toBe(0);
    const key = (
      await sb.run(["serve", "key", "create", "--label", "bob", "--community", "lan", "--db", db])
    ).stdout.trim();
    expect(key).toMatch(/^tk_/);
    const refused = await sb.run([
      "serve",
      "key",
      "create",
      "--label",
      "eve",
      "--community",
      "nope",
      "--db",
      db,
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/no community nope/);
    const keys = await sb.run(["serve", "key", "list", "--db", db, "--json"]);
    expect(keys.json().map((k: { label: string }) => k.label)).toEqual(["bob"]);
    let owner = false;
    const service = await openService({ dbPath: db, requireAuth: true });
    try {
      // Membership is by the caller's name as the service sees it: the key's label, or
      // (accounts, issue 14) its user's; the owner sees every community.
      const me = await ask(service, "GET", "/v2.1/me", key);
      owner = me.json.data.attributes.username === "owner";
      const mine = await ask(service, "GET", "/v2.1/communities", key);
      expect(mine.status).toBe(200);
      expect(
        mine.json.data.map((c: { attributes: { identifier: string } }) => c.attributes.identifier),
      ).toEqual(owner ? ["club", "lan"] : ["lan"]);
      expect(mine.json.data.at(-1)).toMatchObject({
        type: "Community",
        attributes: { permalink: "lan" },
      });
      expect(Object.keys(me.json.data.attributes).sort()).toEqual([
        "email",
        "image_url",
        "username",
      ]);
    } finally {
      service.close();
    }
    const removed = await sb.run(["serve", "community", "remove", "club", "--db", db]);
    expect(removed.code).toBe(0);
    const left = await sb.run(["serve", "community", "list", "--db", db, "--json"]);
    expect(left.json()).toEqual([
      expect.objectContaining({ identifier: "lan", members: owner ? "owner" : "bob" }),
    ]);
  });
});
