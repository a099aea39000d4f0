/**
 * Communities through the CLI harness on the embedded service: `community
 * list`, `--community` (then TOURNEY_COMMUNITY, then the profile's setting) on
 * tournament, participant and match commands, sent as `?community_id=` on
 * tournament paths only; a tournament created with --community is listed through
 * the community path (`/communities/{c}/tournaments`) of the same database; an
 * unknown community exits 3 and writes nothing. And `whoami` (`GET /me`).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport, TransportRequest } from "../../src/client/transport.js";
import type { ResolvedProfile } from "../../src/config/resolve.js";
import { openCommunityAdmin } from "../../src/service/index.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";
import { startService } from "../helpers/service.js";

let sb: Sandbox;
let dbPath: string;
beforeEach(async () => {
  sb = createSandbox();
  // The sandbox's env is a Record<string, string>: an index gives string | undefined.
  const dataDir = sb.env.TOURNEY_DATA_DIR;
  if (dataDir === undefined) throw new Error("the CLI sandbox sets no TOURNEY_DATA_DIR");
  mkdirSync(dataDir, { recursive: true });
  dbPath = join(dataDir, "tourney.db");
  const admin = await openCommunityAdmin(dbPath);
  admin.add({ identifier: "nerdfest", name: "Nerdfest PH", description: "Everyone goes." });
  admin.add({ identifier: "lan-club" });
  admin.close();
});
afterEach(() => sb.cleanup());

/** The embedded transport of the sandbox's profile, recording every request's path. */
function recording(paths: string[]) {
  return async (profile: ResolvedProfile): Promise<Transport> => {
    const inner = createInProcessTransport({ dbPath: profile.dbPath });
    return {
      send: (request: TransportRequest) => {
        paths.push(`${request.method} ${request.path}`);
        return inner.send(request);
      },
      close: () => inner.close(),
    };
  };
}

async function names(args: readonly string[], env = {}): Promise<string[]> {
  const listed = ok(await sb.run(["tournament", "list", ...args, "--json"], { env })).json();
  return listed.map((t: { name: string }) => t.name).sort();
}

describe("tourney community list", () => {
  it("lists the communities with identifier, name and description", async () => {
    const r = ok(await sb.run(["community", "list"]));
    expect(r.stdout.split("\n").map((line) => line.split("\t")[0])).toEqual([
      "lan-club",
      "nerdfest",
      "",
    ]);
    expect(r.stdout).toContain("nerdfest\tNerdfest PH\t");
    const json = ok(await sb.run(["communities", "ls", "--json"])).json();
    expect(json.find((c: any) => c.identifier === "nerdfest")).toMatchObject({
      name: "Nerdfest PH",
      description: "Everyone goes.",
    });
  });
});

describe("--community", () => {
  it("creates a tournament in a community, listed through the community path", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Home Cup"]));
    const created = ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        "Nerd Cup",
        "--community",
        "nerdfest",
        "--json",
      ]),
    ).json();

    const service = await startService({ dbPath });
    try {
      const scoped = await service.request("GET", "/v2.1/communities/nerdfest/tournaments");
      expect(scoped.status).toBe(200);
      expect(scoped.json.data.map((t: any) => [t.id, t.attributes.name])).toEqual([
        [String(created.id), "Nerd Cup"],
      ]);
      const other = await service.request("GET", "/v2.1/communities/lan-club/tournaments");
      expect(other.json.data).toEqual([]);
    } finally {
      service.service.close();
    }

    expect(await names(["--community", "nerdfest"])).toEqual(["Nerd Cup"]);
    expect(await names([], { TOURNEY_COMMUNITY: "nerdfest" })).toEqual(["Nerd Cup"]);
    expect(await names(["--community", "lan-club"], { TOURNEY_COMMUNITY: "nerdfest" })).toEqual([]);
    ok(await sb.run(["config", "set", "community", "nerdfest"]));
    expect(await names([])).toEqual(["Nerd Cup"]);
  });

  it("scopes participant and match commands; only tournament paths carry community_id", async () => {
    const c = ["--community", "nerdfest"];
    ok(await sb.run(["tournament", "create", "--name", "Nerd Cup", ...c]));
    const paths: string[] = [];
    const run = (args: string[]) => sb.run(args, { makeTransport: recording(paths) });
    ok(await run(["participants", "bulk-add", "nerd_cup", "Ada", "Grace", ...c]));
    ok(await run(["tournament", "start", "nerd_cup", ...c]));
    ok(await run(["match", "list", "nerd_cup", ...c]));
    ok(await run(["community", "list"]));
    ok(await run(["whoami"]));
    const tournamentPaths = paths.filter((p) => p.includes("/tournaments"));
    expect(tournamentPaths.length).toBeGreaterThan(3);
    for (const p of tournamentPaths) expect(p).toContain("community_id=nerdfest");
    expect(paths).toContain("GET /v2.1/communities");
    expect(paths).toContain("GET /v2.1/me");

    // Named with another community, the tournament is not found; nothing is written.
    const elsewhere = await sb.run([
      "participants",
      "add",
      "nerd_cup",
      "Linus",
      "--community",
      "lan-club",
    ]);
    expect(elsewhere.code).toBe(3);
    const roster = ok(await sb.run(["participants", "list", "nerd_cup", ...c, "--json"])).json();
    expect(roster.map((p: any) => p.name)).toEqual(["Ada", "Grace"]);
  });

  it("an unknown community exits 3 naming it, and creates nothing", async () => {
    const r = await sb.run([
      "tournament",
      "create",
      "--name",
      "Ghost Cup",
      "--community",
      "ghosts",
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("community ghosts not found");
    const env = { TOURNEY_COMMUNITY: "ghosts" };
    const listed = await sb.run(["tournament", "list"], { env });
    expect(listed.code).toBe(3);
    expect(await names([])).toEqual([]);
    const blank = await sb.run(["tournament", "list", "--community", ""]);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain("--community needs a community identifier");
    const bad = await sb.run(["config", "set", "community", "no spaces"]);
    expect(bad.code).toBe(2);
  });
});

describe("tourney whoami", () => {
  it("shows the user the service knows the caller as", async () => {
    const r = ok(await sb.run(["whoami"]));
    expect(r.stdout).toMatch(/^username\towner\n/);
    const json = ok(await sb.run(["whoami", "--json"])).json();
    expect(json).toMatchObject({ username: "owner" });
    expect(Object.keys(json)).toEqual(expect.arrayContaining(["email", "image_url"]));
  });
});
