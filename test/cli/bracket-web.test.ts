/**
 * `tourney bracket --web` on the embedded backend, called directly (issue 18):
 * the loopback server over the profile's database file answers the page while
 * the command waits, and stops when told (Ctrl-C: CancelledError, exit 130;
 * SIGTERM: a normal end). Without a terminal no browser is opened, and a note
 * says why. The built binary's own run (signals, stdout) is in test/e2e.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWeb } from "../../src/cli/commands/bracket/web.js";
import { CancelledError } from "../../src/cli/errors.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith } from "../helpers/cli-tournament.js";
import { makeTestFactory } from "../helpers/factory.js";

let sb: Sandbox;
beforeAll(async () => {
  sb = createSandbox();
  await createWith(sb, ["--name", "Web Cup", "--url", "web_cup"], ["Ada", "Bea", "Cyd"]);
});
afterAll(() => sb.cleanup());

/** A Factory on the sandbox's own profile (its database file), as the CLI would make it. */
const factory = () => makeTestFactory({ env: sb.env, homeDir: sb.dir });

describe("tourney bracket --web on the embedded backend", () => {
  it("serves the page until Ctrl-C, then ends as interrupted", async () => {
    const { factory: f, stdout, stderr } = factory();
    let printed = "";
    let status = 0;
    let title = "";
    const run = runWeb(f, {
      tournament: "web_cup",
      share: false,
      open: true,
      until: async () => {
        printed = stdout();
        const page = await fetch(printed.trim());
        status = page.status;
        title = /<title>([^<]*)<\/title>/.exec(await page.text())?.[1] ?? "";
        return "interrupted";
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    await f.close();
    printed += stdout();
    expect(printed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tournaments\/web_cup\/bracket\n$/);
    expect(status).toBe(200);
    expect(title).toContain("Web Cup");
    const notes = stderr();
    expect(notes).toContain("Serving the bracket of web_cup");
    expect(notes).toContain("not opening a browser (not a terminal)");
    // Stopped: nothing answers at that address any more.
    await expect(fetch(printed.trim())).rejects.toThrow();
  });

  it("ends normally on SIGTERM; --no-open says nothing about a browser", async () => {
    const { factory: f, stdout, stderr } = factory();
    await runWeb(f, {
      tournament: "web_cup",
      share: false,
      open: false,
      until: async () => "terminated",
    });
    await f.close();
    expect(stdout()).toContain("/tournaments/web_cup/bracket");
    expect(stderr()).not.toContain("browser");
  });

  it("names an unknown tournament before serving anything", async () => {
    const { factory: f, stdout } = factory();
    await expect(
      runWeb(f, { tournament: "nope", share: false, open: false, until: async () => "terminated" }),
    ).rejects.toThrow(/not found/);
    await f.close();
    expect(stdout()).toBe("");
  });
});
