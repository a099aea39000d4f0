/**
 * End to end (issue 15): the built binary's station, queue, attachment,
 * community and whoami commands against `tourney serve` on a loopback port
 * through a remote profile, in a community given by --community.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCommunityAdmin } from "../../src/service/index.js";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

describe.runIf(BUILT)("event-day verbs over tourney serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-event-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
    TOURNEY_PROFILE: "lan",
  };
  const db = join(dir, "served.db");
  let served: Served;
  let base: string;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    const admin = await openCommunityAdmin(db);
    admin.add({ identifier: "nerdfest", name: "Nerdfest PH" });
    admin.close();
    served = await startServe(["--db", db], env);
    base = `http://127.0.0.1:${served.port}`;
    expect((await runBinary(["profile", "add", "lan", "--base-url", base], env)).code).toBe(0);
    env.TOURNEY_API_KEY = served.apiKey;
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  const tourney = async (...args: string[]) => {
    const r = await runBinary([...args, "--community", "nerdfest"], env);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };

  it("stations, a queue and attachments in a community tournament", async () => {
    const created = JSON.parse(
      await tourney(
        "tournament",
        "create",
        "--name",
        "LAN Cup",
        "--set",
        "match_options.accept_attachments=true",
        "--json",
      ),
    );
    const added = await runBinary(
      ["participants", "bulk-add", "lan_cup", "--community", "nerdfest"],
      env,
      "Ada\nGrace\nLinus\nAlan\n",
    );
    expect(added.code, added.stderr).toBe(0);
    await tourney("tournament", "start", "lan_cup");
    await tourney("station", "create", "lan_cup", "Table 1");
    await tourney("station", "create", "lan_cup", "Table 2");
    await tourney("station", "assign", "lan_cup", "Table 1", "A");
    const twice = await runBinary(
      ["station", "assign", "lan_cup", "Table 2", "A", "--community", "nerdfest"],
      env,
    );
    expect(twice.code).toBe(5);
    expect(await tourney("match", "list", "lan_cup", "--state", "open")).toMatch(
      /^\d+\tA\t1\t-\topen\tAda\tAlan\t-\t-\t-\tTable 1\n\d+\tB\t1\t-\topen\tGrace\tLinus\t-\t-\t-\t-\n$/,
    );
    await tourney("station", "queue", "add", "lan_cup", "Table 2", "C");
    expect(await tourney("station", "queue", "list", "lan_cup", "Table 2")).toMatch(
      /^1\t\d+\tC\t\d+\n$/,
    );

    const sheet = join(dir, "sheet.txt");
    writeFileSync(sheet, "Ada 3 - 1 Alan\n");
    await tourney("attachment", "add", "lan_cup", "A", "--file", sheet, "--description", "sheet");
    const big = join(dir, "big.bin");
    writeFileSync(big, Buffer.alloc(250 * 1024 + 1));
    const tooBig = await runBinary(
      ["attachment", "add", "lan_cup", "A", "--file", big, "--community", "nerdfest"],
      env,
    );
    expect(tooBig.code).toBe(2);
    const attachments = JSON.parse(await tourney("attachment", "list", "lan_cup", "A", "--json"));
    expect(attachments.map((a: any) => [a.description, a.asset?.file_name])).toEqual([
      ["sheet", "sheet.txt"],
    ]);

    // The community path of the contract finds the tournament the CLI created with --community.
    const response = await fetch(`${base}/v2.1/communities/nerdfest/tournaments`, {
      headers: {
        Authorization: served.apiKey,
        "Authorization-Type": "v1",
        Accept: "application/json",
      },
    });
    expect(response.status).toBe(200);
    const listed = (await response.json()) as { data: { id: string }[] };
    expect(listed.data.map((t) => t.id)).toEqual([String(created.id)]);

    const communities = await runBinary(["community", "list"], env);
    expect(communities.stdout).toMatch(/^nerdfest\tNerdfest PH\t/m);
    const me = await runBinary(["whoami", "--json"], env);
    expect(me.code, me.stderr).toBe(0);
    expect(Object.keys(JSON.parse(me.stdout))).toEqual(
      expect.arrayContaining(["username", "email", "image_url"]),
    );
  });
});
