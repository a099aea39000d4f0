/**
 * `tourney bracket --web` on the embedded backend, called directly (issue 18):
 * the loopback server over the profile's database file answers the page while
 * the command waits, and stops when told (Ctrl-C: CancelledError, exit 130;
 * SIGTERM: a normal end). Without a terminal no browser is opened, and a note
 * says why. The built binary's own run (signals, stdout) is in test/e2e.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWeb } from "../../src/cli/commands/bracket/web.js";
import { CancelledError } from "../../src/cli/errors.js";
import { Factory } from "../../src/cli/factory.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith } from "../helpers/cli-tournament.js";

class Capture {
  text = "";
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

let sb: Sandbox;
beforeAll(async () => {
  sb = createSandbox();
  await createWith(sb, ["--name", "Web Cup", "--url", "web_cup"], ["Ada", "Bea", "Cyd"]);
});
afterAll(() => sb.cleanup());

function factory(env: Record<string, string> = {}) {
  const stdout = new Capture(false);
  const stderr = new Capture(false);
  const stdin = Object.assign(Readable.from([]), { isTTY: false });
  const f = new Factory(
    { io: { stdout, stderr, stdin }, env: { ...sb.env, ...env }, homeDir: sb.dir },
    { json: false, verbose: false, input: true, yes: false, color: false },
  );
  return { f, stdout, stderr };
}

describe("tourney bracket --web on the embedded backend", () => {
  it("serves the page until Ctrl-C, then ends as interrupted", async () => {
    const { f, stdout, stderr } = factory();
    let status = 0;
    let title = "";
    const run = runWeb(f, {
      tournament: "web_cup",
      share: false,
      open: true,
      until: async () => {
        const page = await fetch(stdout.text.trim());
        status = page.status;
        title = /<title>([^<]*)<\/title>/.exec(await page.text())?.[1] ?? "";
        return "interrupted";
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    await f.close();
    expect(stdout.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tournaments\/web_cup\/bracket\n$/);
    expect(status).toBe(200);
    expect(title).toContain("Web Cup");
    expect(stderr.text).toContain("Serving the bracket of web_cup");
    expect(stderr.text).toContain("not opening a browser (not a terminal)");
    // Stopped: nothing answers at that address any more.
    await expect(fetch(stdout.text.trim())).rejects.toThrow();
  });

  it("ends normally on SIGTERM; --no-open says nothing about a browser", async () => {
    const { f, stdout, stderr } = factory();
    await runWeb(f, {
      tournament: "web_cup",
      share: false,
      open: false,
      until: async () => "terminated",
    });
    await f.close();
    expect(stdout.text).toContain("/tournaments/web_cup/bracket");
    expect(stderr.text).not.toContain("browser");
  });

  it("names an unknown tournament before serving anything", async () => {
    const { f, stdout } = factory();
    await expect(
      runWeb(f, { tournament: "nope", share: false, open: false, until: async () => "terminated" }),
    ).rejects.toThrow(/not found/);
    await f.close();
    expect(stdout.text).toBe("");
  });
});
