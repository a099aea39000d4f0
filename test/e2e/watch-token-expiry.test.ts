/**
 * End to end: `tourney watch` through a device sign-in whose access token expires while it
 * watches, before it has printed an event. Serve ends a stream whose credential no longer
 * holds at its next batch (the match reported), the reconnect is answered 401, the watch
 * renews the token and reconnects with `?since=` the time it began watching: the match's
 * completion is printed, and nothing is said of a lost connection (serve answered). Before,
 * the reconnect asked for no history and the event was lost without a word (an outside
 * review's second trigger).
 */
import { describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { expiresAt, deviceLogin as login } from "../helpers/device-login.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";
import { captured, until, watch } from "../helpers/watch-process.js";

const PASSWORD = "correct horse battery";

const deviceLogin = (env: Record<string, string>, base: string, profile: string) =>
  login(env, base, profile, "ada", PASSWORD);

describe.runIf(BUILT)("watch through serve, its token expiring before an event", () => {
  // Access tokens last 8 s (the watch starts well within them); a device may poll every second.
  const box = useServedSandbox("watch-token", ["--token-lifetime", "8", "--poll-interval", "1"]);

  it("renews the token on the reconnect's 401 and prints the match reported meanwhile", async () => {
    const user = await runBinary(
      ["serve", "user", "add", "ada", "--db", box.db],
      box.env,
      `${PASSWORD}\n`,
    );
    expect(user.code, user.stderr).toBe(0);
    // The served database file as an embedded profile, which reports the match.
    const added = await runBinary(["profile", "add", "srvdb", "--db", box.db], box.env);
    expect(added.code, added.stderr).toBe(0);
    await deviceLogin(box.env, box.base, "dev");
    const dev = { ...box.env, TOURNEY_PROFILE: "dev" };
    const create = ["tournament", "create", "--name", "RC4", "--url", "rc4"];
    const created = await runBinary(create, dev);
    expect(created.code, created.stderr).toBe(0);
    const bulk = await runBinary(["participants", "bulk-add", "rc4"], dev, "A\nB\nC\nD\n");
    expect(bulk.code, bulk.stderr).toBe(0);
    const started = await runBinary(["tournament", "start", "rc4"], dev);
    expect(started.code, started.stderr).toBe(0);
    // A fresh token for the watch, its one renewal left for the reconnect.
    await deviceLogin(box.env, box.base, "dev");

    const watching = watch(dev, "rc4", "--json", "--until", "complete");
    const { stdout, stderr } = captured(watching.child);
    await watching.ready;
    // Past the watch's token's expiry: serve ends its stream at the next batch.
    const expiry = expiresAt(box.env, "dev");
    while (Date.now() <= expiry + 200) await new Promise((r) => setTimeout(r, 100));
    const embedded = { ...box.env, TOURNEY_PROFILE: "srvdb" };
    const report = await runBinary(["match", "report", "rc4", "A", "--winner", "A"], embedded);
    expect(report.code, report.stderr).toBe(0);

    await until(stdout, '"type":"match.completed"', watching.child);
    const events = stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; match?: { identifier: string } });
    expect(
      events.filter((e) => e.type === "match.completed").map((e) => e.match?.identifier),
    ).toEqual(["A"]);
    expect(stderr()).not.toContain("lost");

    watching.child.kill("SIGINT");
    expect((await watching.done).code).toBe(130);
  }, 90_000);
});
