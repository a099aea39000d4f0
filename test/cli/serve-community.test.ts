/**
 * `tourney serve community add|list|remove` and `serve key create --community`
 * through the CLI harness, checked against the served database they write.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { startService } from "../helpers/service.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const keyHeaders = (key: string) => ({ authorization: key, "authorization-type": "v1" });

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
      sb.servedDb,
    ]);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain("Added community lan");
    const list = await sb.run(["serve", "community", "list", "--db", sb.servedDb, "--json"]);
    expect(list.json()).toEqual([
      expect.objectContaining({
        identifier: "lan",
        name: "LAN Party",
        tournaments: 0,
        members: "",
      }),
    ]);
    const served = await startService({ dbPath: sb.servedDb });
    try {
      const created = await served.request("POST", "/v2.1/communities/lan/tournaments", {
        data: { type: "tournament", attributes: { name: "In", tournament_type: "swiss" } },
      });
      expect(created.status).toBe(201);
      const unknown = await served.request("POST", "/v2.1/communities/nope/tournaments", {
        data: { type: "tournament", attributes: { name: "Out", tournament_type: "swiss" } },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.json.errors[0].detail).toMatch(/community nope not found/);
      expect((await served.request("GET", "/v2.1/tournaments")).json.meta.count).toBe(1);
    } finally {
      served.service.close();
    }
    const refused = await sb.run(["serve", "community", "remove", "lan", "--db", sb.servedDb]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds 1 tournament/);
    const missing = await sb.run(["serve", "community", "remove", "nope", "--db", sb.servedDb]);
    expect(missing.code).toBe(3);
    const twice = await sb.run(["serve", "community", "add", "lan", "--db", sb.servedDb]);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/exists already/);
  });

  it("serve key create --community: the key's label belongs to it and sees it in GET /communities", async () => {
    for (const c of ["lan", "club"])
      expect((await sb.run(["serve", "community", "add", c, "--db", sb.servedDb])).code).toBe(0);
    const key = (
      await sb.run([
        "serve",
        "key",
        "create",
        "--label",
        "bob",
        "--community",
        "lan",
        "--db",
        sb.servedDb,
      ])
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
      sb.servedDb,
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/no community nope/);
    const keys = await sb.run(["serve", "key", "list", "--db", sb.servedDb, "--json"]);
    expect(keys.json().map((k: { label: string }) => k.label)).toEqual(["bob"]);
    let owner = false;
    const served = await startService({ dbPath: sb.servedDb, requireAuth: true });
    try {
      // Membership is by the caller's name as the service sees it: the key's label, or
      // (accounts, issue 14) its user's; the owner sees every community.
      const me = await served.request("GET", "/v2.1/me", undefined, keyHeaders(key));
      owner = me.json.data.attributes.username === "owner";
      const mine = await served.request("GET", "/v2.1/communities", undefined, keyHeaders(key));
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
      served.service.close();
    }
    const removed = await sb.run(["serve", "community", "remove", "club", "--db", sb.servedDb]);
    expect(removed.code).toBe(0);
    const left = await sb.run(["serve", "community", "list", "--db", sb.servedDb, "--json"]);
    expect(left.json()).toEqual([
      expect.objectContaining({ identifier: "lan", members: owner ? "owner" : "bob" }),
    ]);
  });
});
