/**
 * What the remote backend's required fields (src/client/required-fields.ts, 0069435) must
 * not cost, against the built `tourney serve`: a time's hand-set points survive an update
 * that gives none, a twelfth race of one name still gets a url, an update's read does not
 * undo a write landing between it and the write (If-Match), and a key that may write but
 * not read still updates. And what docs/interface.md says serve takes after the start: a
 * tournament_type unchanged, not an object-valued setting even unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { createRemoteTransport } from "../../src/client/remote-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

describe.runIf(BUILT)("the remote backend's required fields against serve", () => {
  let sandbox: ServedSandbox;

  beforeAll(async () => {
    sandbox = await servedSandbox("required-regressions");
  });
  afterAll(() => sandbox.close());

  const tourney = async (args: string[], stdin = "", env = sandbox.remote) => {
    const r = await runBinary(args, env, stdin);
    expect(r.code, r.stderr).toBe(0);
    return r;
  };
  const json = async (args: string[]) => JSON.parse((await tourney([...args, "--json"])).stdout);

  /** An API client of the remote backend on serve, each request first through `hook`. */
  const client = (hook?: (request: { method: string; path: string }) => Promise<void>) => {
    const remote = createRemoteTransport({
      baseUrl: `http://127.0.0.1:${sandbox.served.port}`,
      env: {},
    });
    const transport: Transport = {
      send: async (request) => {
        const response = await remote.send(request);
        await hook?.(request);
        return response;
      },
      close: () => remote.close(),
    };
    return createApiClient({
      transport,
      credentials: { apiKey: sandbox.served.apiKey },
      publishedForm: true,
    });
  };

  it("a time's points set by hand stay when updated without --points (update and bulk)", async () => {
    await tourney(["race", "create", "--name", "GP", "--type", "grand prix", "--rounds", "2"]);
    await tourney(["race", "participants", "bulk-add", "gp"], "Ada\nGrace\nLin\n");
    await tourney(["race", "start", "gp"]);
    await tourney(["race", "times", "update", "gp", "Ada", "--points", "9"]);
    const timed = await json(["race", "times", "update", "gp", "Ada", "--time", "1:01"]);
    expect(timed).toMatchObject({ elapsedTime: 61_000, points: 9 });
    const ranked = await json(["race", "times", "update", "gp", "Ada", "--rank", "2"]);
    expect(ranked).toMatchObject({ elapsedTime: 61_000, points: 9, rank: 2 });
    await tourney(["race", "times", "bulk-update", "gp"], "Ada,1:00\nGrace,1:02\n");
    const times = await json(["race", "times", "list", "gp"]);
    const byName = (name: string) =>
      times.find((t: Record<string, unknown>) => JSON.stringify(t).includes(name));
    expect(byName("Ada")).toMatchObject({ elapsedTime: 60_000, points: 9 });
    // Computed points are not taken as set by hand: the round's table scores Grace, 1st (Ada's
    // 2nd is hand-set and holds its place whatever her time: docs/races.md).
    await tourney(["race", "end-round", "gp"]);
    const ended = await json(["race", "times", "list", "gp", "--round", "1"]);
    const grace = ended.find((t: Record<string, unknown>) => JSON.stringify(t).includes("Grace"));
    expect(grace).toMatchObject({ rank: 1, points: 25 });
  });

  it("a race create without --url finds a free one past derby_10", async () => {
    for (let n = 1; n <= 11; n++) await tourney(["race", "create", "--name", "Derby"]);
    const twelfth = await tourney(["race", "create", "--name", "Derby", "--json"]);
    expect(JSON.parse(twelfth.stdout)).toMatchObject({ url: "derby_12" });
    expect(twelfth.stderr).toContain('the url "derby" is taken');
  });

  it("an update does not undo a rename landing between its read and its write", async () => {
    const made = await json(["tournament", "create", "--name", "Lost", "--type", "swiss"]);
    const raceMade = await json(["race", "create", "--name", "Lost Race"]);
    const other = client();
    let armed = true;
    const racing = client(async ({ method, path }) => {
      if (!armed || method !== "GET") return;
      armed = false;
      // Someone else's write, between the update's read and its write.
      if (path.includes("/tournaments/"))
        await other.tournaments.update(made.id, { name: "Renamed", tournament_type: "swiss" });
      else await other.races.update(raceMade.id, { url: "moved" });
    });
    try {
      const updated = await racing.tournaments.update(made.id, { description: "Fresh" });
      expect(updated.attributes).toMatchObject({ name: "Renamed", description: "Fresh" });
      armed = true;
      const race = await racing.races.update(raceMade.id, { name: "Lost Race Two" });
      expect(race.attributes).toMatchObject({ name: "Lost Race Two", url: "moved" });
    } finally {
      await racing.close();
      await other.close();
    }
    expect(await json(["tournament", "view", made.id])).toMatchObject({ name: "Renamed" });
  });

  it("serve answers a PUT whose If-Match is not the current tag 412, and takes it otherwise", async () => {
    await tourney(["tournament", "create", "--name", "Tagged", "--type", "swiss"]);
    const base = `http://127.0.0.1:${sandbox.served.port}/v2.1/tournaments/tagged`;
    const headers = { Authorization: sandbox.served.apiKey, "Authorization-Type": "v1" };
    const put = (ifMatch: string, name: string) =>
      fetch(base, {
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/json", "If-Match": ifMatch },
        body: JSON.stringify({ data: { type: "tournament", attributes: { name } } }),
      });
    const tag = (await fetch(base, { headers })).headers.get("etag")!;
    expect(tag).toMatch(/^".+"$/);
    expect((await put(tag, "Tagged One")).status).toBe(200);
    const stale = await put(tag, "Tagged Two");
    expect(stale.status).toBe(412);
    const refusal = (await stale.json()) as { errors: { detail: string }[] };
    expect(refusal.errors[0]!.detail).toContain("read it again");
    expect((await put("*", "Tagged Three")).status).toBe(200);
    const now = (await fetch(base, { headers })).headers.get("etag")!;
    expect((await put(`"other", ${now}`, "Tagged Four")).status).toBe(200);
    expect(await json(["tournament", "view", "tagged"])).toMatchObject({ name: "Tagged Four" });
  });

  it("after the start serve takes tournament_type unchanged, not an object setting (docs/interface.md)", async () => {
    await tourney(["tournament", "create", "--name", "Started", "--type", "swiss"]);
    await tourney(["participants", "bulk-add", "started"], "Ada\nGrace\n");
    await tourney(["tournament", "start", "started"]);
    const base = `http://127.0.0.1:${sandbox.served.port}/v2.1/tournaments/started`;
    const headers = { Authorization: sandbox.served.apiKey, "Authorization-Type": "v1" };
    const read = (await (await fetch(base, { headers })).json()) as {
      data: { attributes: Record<string, unknown> };
    };
    const put = (attributes: Record<string, unknown>) =>
      fetch(base, {
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ data: { type: "tournament", attributes } }),
      });
    const { tournament_type, swiss_options } = read.data.attributes;
    expect(swiss_options).toBeTypeOf("object");
    const { group_stage_enabled } = read.data.attributes;
    expect((await put({ tournament_type, group_stage_enabled })).status).toBe(200);
    const refused = await put({ swiss_options });
    expect(refused.status).toBe(422);
  });

  it("a key with tournaments:write and no tournaments:read still updates", async () => {
    await tourney(["tournament", "create", "--name", "Blind", "--type", "swiss"]);
    await tourney(["race", "create", "--name", "Blind Race"]);
    const key = await tourney(
      ["serve", "key", "create", "--label", "writer", "--scope", "tournaments:write"].concat([
        "--db",
        sandbox.servedDb,
        "--json",
      ]),
      "",
      sandbox.local,
    );
    const writer = { ...sandbox.remote, TOURNEY_API_KEY: JSON.parse(key.stdout).api_key };
    await tourney(["tournament", "update", "blind", "--name", "Blind Two"], "", writer);
    await tourney(["race", "update", "blind_race", "--name", "Blind Race Two"], "", writer);
    // --type: the command's own read (what the change drops) is refused too, and skipped.
    await tourney(["tournament", "update", "blind", "--type", "round robin"], "", writer);
    expect(await json(["tournament", "view", "blind"])).toMatchObject({
      name: "Blind Two",
      tournament_type: "round robin",
    });
    expect(await json(["race", "view", "blind_race"])).toMatchObject({ name: "Blind Race Two" });
  });
});
