/**
 * Issue 24, item 11, as a non-member meets it: against the built `serve`, a user
 * who is not a member of a community could create tournaments in it (membership
 * only filtered GET /communities). Now it is refused 403 naming the community,
 * on every way of naming it (v2.1 path, v2.1 ?community_id=, v1 subdomain), and
 * nothing is created; a member and the server's owner still create there.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";

describe.runIf(BUILT)("tournaments in a community: members only", () => {
  const box = useServedSandbox("community");
  const { env, db } = box;
  const keys: Record<string, string> = {};

  async function cli(args: string[], stdin = "") {
    const r = await runBinary([...args, "--db", db], env, stdin);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim();
  }

  beforeAll(async () => {
    await cli(["serve", "community", "add", "club", "--name", "Chess Club"]);
    for (const user of ["ada", "bob"]) {
      await cli(["serve", "user", "add", user, "--no-password"]);
      const joins = user === "ada" ? ["--community", "club"] : [];
      keys[user] = await cli(["serve", "key", "create", "--user", user, ...joins]);
    }
    keys.owner = box.served.apiKey;
  });

  const create = (who: string, path: string, url: string) =>
    fetch(`${box.base}/v2.1${path}`, {
      method: "POST",
      headers: {
        Authorization: keys[who]!,
        "Authorization-Type": "v1",
        "Content-Type": "application/vnd.api+json",
      },
      body: JSON.stringify({
        data: { type: "tournaments", attributes: { name: url, url, tournament_type: "swiss" } },
      }),
    });

  const inClub = async () => {
    const listed = await fetch(`${box.base}/v2.1/communities/club/tournaments.json`, {
      headers: { Authorization: keys.owner!, "Authorization-Type": "v1" },
    });
    return ((await listed.json()) as any).data.map((t: any) => t.attributes.url).sort();
  };

  it("refuses a non-member 403 on the community's path and with ?community_id=", async () => {
    for (const path of [
      "/communities/club/tournaments.json",
      "/tournaments.json?community_id=club",
    ]) {
      const refused = await create("bob", path, "bobs_cup");
      const body = (await refused.json()) as any;
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(body.errors[0].detail).toContain("only members of community club");
    }
    expect(await inClub()).toEqual([]);
  });

  it("refuses a non-member through v1's tournament[subdomain]", async () => {
    const refused = await fetch(`${box.base}/v1/tournaments.json?api_key=${keys.bob}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        "tournament[name]": "Bob v1",
        "tournament[url]": "bob_v1",
        "tournament[subdomain]": "club",
      }),
    });
    const text = await refused.text();
    expect(refused.status, text).toBe(403);
    expect(text).toMatch(/only members of community club/i);
    expect(await inClub()).toEqual([]);
    // A subdomain naming no community made a tournament in it before; now it is refused.
    const unknown = await fetch(`${box.base}/v1/tournaments.json?api_key=${keys.owner}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        "tournament[name]": "Nowhere",
        "tournament[subdomain]": "nowhere",
      }),
    });
    const unknownText = await unknown.text();
    expect(unknown.status, unknownText).toBe(404);
    expect(unknownText).toMatch(/community nowhere not found/i);
  });

  it("lets a member and the server's owner create there; bob outside it as before", async () => {
    expect((await create("ada", "/communities/club/tournaments.json", "ada_cup")).status).toBe(201);
    expect(
      (await create("owner", "/tournaments.json?community_id=club", "owners_cup")).status,
    ).toBe(201);
    expect((await create("bob", "/tournaments.json", "bob_home")).status).toBe(201);
    expect(await inClub()).toEqual(["ada_cup", "owners_cup"]);
  });
});
