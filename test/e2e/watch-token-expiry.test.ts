/**
 * End to end: `tourney watch` through a device sign-in whose access token expires while it
 * watches, before it has printed an event. Serve ends a stream whose credential no longer
 * holds at its next batch (the match reported), the reconnect is answered 401, the watch
 * renews the token and reconnects with `?since=` the time it began watching: the match's
 * completion is printed, and nothing is said of a lost connection (serve answered). Before,
 * the reconnect asked for no history and the event was lost without a word (an outside
 * review's second trigger).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";
import { captured, until, watch } from "../helpers/watch-process.js";

const PASSWORD = "correct horse battery";

/** A form post or get over HTTP keeping the page's CSRF cookie. */
function formBrowser() {
  let cookie = "";
  const read = async (response: Response) => {
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
    return { status: response.status, html: await response.text() };
  };
  const headers = (): Record<string, string> => (cookie === "" ? {} : { Cookie: cookie });
  return {
    get: async (url: string) => read(await fetch(url, { headers: headers() })),
    post: async (url: string, fields: Record<string, string>) =>
      read(
        await fetch(url, {
          method: "POST",
          headers: { ...headers(), "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
          redirect: "manual",
        }),
      ),
  };
}

function hidden(html: string, name: string): string {
  const found = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!found) throw new Error(`no ${name} field in: ${html}`);
  return found[1]!;
}

/** `tourney login --profile PROFILE` (device grant), approved as `username` at the page. */
async function deviceLogin(env: Record<string, string>, base: string, profile: string) {
  const child = spawn(
    process.execPath,
    [BIN, "login", "--profile", profile, "--base-url", base, "--no-browser"],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((done) => child.on("close", done));
  await until(() => stderr, "enter the code: ", child);
  await until(() => stderr.split("enter the code: ")[1] ?? "", "\n", child);
  const [, verification, userCode] = /open (\S+) and enter the code: (\S+)\n/.exec(stderr)!;
  const browser = formBrowser();
  const page = await browser.get(`${verification}?user_code=${userCode}`);
  const approval = await browser.post(`${base}/oauth/device`, {
    csrf_token: hidden(page.html, "csrf_token"),
    username: "ada",
    password: PASSWORD,
    user_code: userCode!,
  });
  expect(approval.status, approval.html).toBe(200);
  const decided = await browser.post(`${base}/oauth/device/approve`, {
    csrf_token: hidden(approval.html, "csrf_token"),
    ticket: hidden(approval.html, "ticket"),
    decision: "approve",
  });
  expect(decided.status).toBe(200);
  expect(await exited, stderr).toBe(0);
}

/** When the stored access token of `profile` expires (epoch ms). */
const expiresAt = (env: Record<string, string>, profile: string): number =>
  Date.parse(
    JSON.parse(readFileSync(join(env.TOURNEY_CONFIG_DIR!, "credentials.json"), "utf8")).profiles[
      profile
    ].expires_at,
  );

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
