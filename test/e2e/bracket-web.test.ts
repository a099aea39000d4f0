/**
 * End to end (issue 18): the built binary's `tourney bracket T --web --no-open` on
 * the embedded backend serves the page from a loopback port over the profile's
 * database file: the page, data.json, the built viewer files, nothing of /v2.1
 * without a key; its event stream delivers a report another `tourney` process
 * writes to the same file; a private tournament's page with `--share` only; Ctrl-C
 * ends it with 130 and nothing more on stderr. And `tourney serve` answers the
 * same page beside its API.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary, startServe } from "../helpers/binary.js";

interface Web {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stderr: () => string;
  readonly exit: Promise<number | null>;
}

/** Starts `tourney bracket <args>` and waits for the address it prints. */
function web(env: Record<string, string>, ...args: string[]): Promise<Web> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "bracket", ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no address: ${stderr}`));
    }, 20_000);
    child.stderr!.on("data", (d) => {
      stderr += d;
    });
    child.stdout!.on("data", (d) => {
      stdout += d;
      if (!stdout.includes("\n")) return;
      clearTimeout(timer);
      resolve({ child, url: stdout.trim(), stderr: () => stderr, exit });
    });
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${stderr}`));
    });
  });
}

async function tourney(env: Record<string, string>, ...args: string[]): Promise<string> {
  const r = await runBinary(args, env);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** The first `data:` frame of the stream at `url` after `act` runs. */
async function firstEvent(url: string, act: () => Promise<void>): Promise<any> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // The stream's opening comment comes first: the topic is subscribed by then.
  while (!text.includes(": watching")) text += decoder.decode((await reader.read()).value);
  await act();
  for (;;) {
    const data = /^data: (.+)$/m.exec(text);
    if (data !== null) {
      controller.abort();
      return JSON.parse(data[1]!);
    }
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`stream ended: ${text}`);
    text += decoder.decode(chunk.value);
  }
}

describe.runIf(BUILT)("tourney bracket --web, built", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-web-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };

  beforeAll(async () => {
    await tourney(env, "tournament", "create", "--name", "Web Cup", "--url", "web_cup");
    await tourney(env, "participants", "bulk-add", "web_cup", "Ada", "Bea", "Cyd", "Dot");
    await tourney(env, "tournament", "start", "web_cup");
    await tourney(env, "tournament", "create", "--name", "Hush", "--url", "hush", "--private");
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("serves the page from a loopback port until Ctrl-C (130, nothing more said)", async () => {
    const w = await web(env, "web_cup", "--web", "--no-open");
    expect(w.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tournaments\/web_cup\/bracket$/);
    const origin = new URL(w.url).origin;
    const page = await fetch(w.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Web Cup");
    const data = (await (await fetch(`${w.url}/data.json`)).json()) as any;
    expect(data.tournament.attributes.name).toBe("Web Cup");
    expect(data.matches).toHaveLength(3);
    const js = await fetch(`${origin}/viewer/viewer.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await fetch(`${origin}/v2.1/tournaments`)).status).toBe(401);

    const open = JSON.parse(
      await tourney(env, "match", "list", "web_cup", "--state", "open", "--json"),
    );
    const m = open.sort((a: any, b: any) => a.identifier.localeCompare(b.identifier))[0];
    const event = await firstEvent(`${w.url}/events`, async () => {
      await tourney(
        env,
        "match",
        "report",
        "web_cup",
        m.identifier,
        "--winner",
        String(m.player1_id),
        "--scores",
        "2-1",
      );
    });
    expect(event).toMatchObject({ type: "match.completed", match: { identifier: m.identifier } });

    const before = w.stderr();
    expect(before).toContain("Serving the bracket of web_cup");
    w.child.kill("SIGINT");
    expect(await w.exit).toBe(130);
    expect(w.stderr()).toBe(before);
  }, 60_000);

  it("opens a private tournament's page with --share only", async () => {
    const refused = await runBinary(["bracket", "hush", "--web", "--no-open"], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("is private");
    const w = await web(env, "hush", "--web", "--share", "--no-open");
    expect(w.url).toMatch(/\/tournaments\/hush\/bracket\?share=tv_[\w-]{32}$/);
    expect((await fetch(w.url)).status).toBe(200);
    expect((await fetch(w.url.split("?")[0]!)).status).toBe(404);
    w.child.kill("SIGTERM");
    expect(await w.exit).toBe(0);
  }, 60_000);

  it("stops the --share viewer with Ctrl-C without calling its share link an interrupted change", async () => {
    // The share link is a write the command made; Ctrl-C is how its viewer is meant to stop,
    // so no "interrupted after the change was made ... do not run the command again".
    const w = await web(env, "hush", "--web", "--share", "--no-open");
    const before = w.stderr();
    w.child.kill("SIGINT");
    expect(await w.exit).toBe(130);
    expect(w.stderr()).toBe(before);
  }, 60_000);

  it("tourney serve answers the page beside its API", async () => {
    const served = await startServe(["--db", join(dir, "data", "tourney.db")], env);
    try {
      const origin = `http://127.0.0.1:${served.port}`;
      expect((await fetch(`${origin}/tournaments/web_cup/bracket`)).status).toBe(200);
      expect((await fetch(`${origin}/tournaments/hush/bracket`)).status).toBe(404);
      const api = await fetch(`${origin}/v2.1/tournaments/web_cup`, {
        headers: { authorization: served.apiKey },
      });
      expect(api.status).toBe(200);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  }, 60_000);
});
