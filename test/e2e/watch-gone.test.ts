/**
 * End to end: `tourney watch` through serve's event stream while what it watches goes
 * away and serve stays up: the tournament deleted, the race deleted, the watch's API key
 * revoked. serve ends the stream and answers the reconnect 404 (401 once the key is
 * revoked): the watch ends as the polled watch of the same serve does, exit 3 with
 * "error: tournament ... not found" (exit 4 for the key), never "lost; reconnecting",
 * which is for serve gone. Before, it said "connection to ... lost; reconnecting" and
 * retried until killed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { tourney, type Watching, watch } from "../helpers/watch-process.js";

/**
 * How the watch ends: its exit code and stderr. Should it say it lost the connection
 * (the defect: it would retry for ever) it is stopped with Ctrl-C, and that is its result.
 */
async function ending(w: Watching): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  w.child.stderr!.on("data", (d) => {
    stderr += d;
    if (stderr.includes("lost; reconnecting")) w.child.kill("SIGINT");
  });
  const r = await w.done;
  return { code: r.code, stderr: r.stderr };
}

/** The watch's last stderr line (its error). */
const lastLine = (stderr: string) => stderr.trim().split("\n").at(-1);

describe.runIf(BUILT)(
  "watch through serve's stream, what it watches gone while serve is up",
  () => {
    let sb: ServedSandbox;
    beforeAll(async () => {
      sb = await servedSandbox("watch-gone");
    }, 60_000);
    afterAll(() => sb.close());

    it("a tournament deleted: exit 3, tournament not found, as the polled watch", async () => {
      await tourney(sb.remote, "tournament", "create", "--name", "Gone", "--url", "gone_cup");
      await tourney(sb.remote, "participants", "bulk-add", "gone_cup", "Ada", "Grace");
      await tourney(sb.remote, "tournament", "start", "gone_cup");

      const streamed = watch(sb.remote, "gone_cup", "--json");
      const polled = watch(sb.remote, "gone_cup", "--json", "--poll", "--interval", "0.2");
      await Promise.all([streamed.ready, polled.ready]);
      await tourney(sb.remote, "tournament", "delete", "gone_cup", "--yes");

      const [s, p] = await Promise.all([ending(streamed), ending(polled)]);
      expect(p.code, p.stderr).toBe(3);
      expect(lastLine(p.stderr)).toBe("error: tournament gone_cup not found");
      expect(s.stderr).not.toContain("lost; reconnecting");
      expect(s.code, s.stderr).toBe(3);
      expect(lastLine(s.stderr)).toBe(lastLine(p.stderr));
    }, 60_000);

    it("a race deleted: exit 3, race not found, as the polled watch", async () => {
      await tourney(sb.remote, "race", "create", "--name", "GP", "--url", "gone_gp");
      await runBinary(["race", "participants", "bulk-add", "gone_gp"], sb.remote, "Ada\nGrace\n");
      await tourney(sb.remote, "race", "start", "gone_gp");

      const streamed = watch(sb.remote, "gone_gp", "--race", "--json");
      const polled = watch(sb.remote, "gone_gp", "--race", "--json", "--poll", "--interval", "0.2");
      await Promise.all([streamed.ready, polled.ready]);
      await tourney(sb.remote, "race", "delete", "gone_gp", "--yes");

      const [s, p] = await Promise.all([ending(streamed), ending(polled)]);
      expect(p.code, p.stderr).toBe(3);
      expect(lastLine(p.stderr)).toMatch(/^error: race .* not found$/);
      expect(s.stderr).not.toContain("lost; reconnecting");
      expect(s.code, s.stderr).toBe(3);
      expect(lastLine(s.stderr)).toBe(lastLine(p.stderr));
    }, 60_000);

    it("the watch's key revoked (the stream then ended): exit 4, as any refused credential", async () => {
      await tourney(sb.remote, "tournament", "create", "--name", "Keyed", "--url", "keyed_cup");
      await tourney(sb.remote, "participants", "bulk-add", "keyed_cup", "Ada", "Grace");
      await tourney(sb.remote, "tournament", "start", "keyed_cup");
      // A second key, for the watch's own profile: the first one deletes.
      const created = JSON.parse(
        await tourney(
          sb.local,
          "serve",
          "key",
          "create",
          "--db",
          sb.servedDb,
          "--label",
          "watcher",
          "--json",
        ),
      ) as { api_key: string };
      const base = `http://127.0.0.1:${sb.served.port}`;
      await tourney(sb.local, "profile", "add", "watcher", "--base-url", base);
      const watcher = { ...sb.local, TOURNEY_PROFILE: "watcher" };
      const login = await runBinary(
        ["auth", "login", "--api-key"],
        watcher,
        `${created.api_key}\n`,
      );
      expect(login.code, login.stderr).toBe(0);

      const streamed = watch(watcher, "keyed_cup", "--json");
      await streamed.ready;
      const keys = JSON.parse(
        await tourney(sb.local, "serve", "key", "list", "--db", sb.servedDb, "--json"),
      ) as { id: number; label: string }[];
      const id = keys.find((k) => k.label === "watcher")!.id;
      await tourney(sb.local, "serve", "key", "revoke", String(id), "--db", sb.servedDb);
      // The stream ends with its tournament; the reconnect carries the revoked key.
      await tourney(sb.remote, "tournament", "delete", "keyed_cup", "--yes");

      const s = await ending(streamed);
      expect(s.stderr).not.toContain("lost; reconnecting");
      expect(s.code, s.stderr).toBe(4);
      expect(s.stderr).toContain("the API key is not valid for this server");
    }, 60_000);
  },
);
