/**
 * A remote service's text shown at a terminal has its control characters made visible
 * (src/cli/output/terminal-text.ts): a tournament named with `ESC ] 0; ... BEL` (a window
 * title), `ESC [2J` (the screen cleared) and a C1 CSI reached the terminal raw in tables,
 * piped rows, a record's view and an error's detail (an outside review). serve refuses such
 * names (422), so a real loopback listener plays the service that sends them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Canvas } from "../../src/cli/bracket/canvas.js";
import { visibleControls } from "../../src/cli/output/terminal-text.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

const HOSTILE = "Cup\u001b]0;owned\u0007\u001b[2J\u001b[31mRED\u009b1m\r";
const SHOWN = "Cup^[]0;owned^G^[[2J^[[31mRED^[[1m";
const record = {
  id: "1",
  type: "tournament",
  attributes: { name: HOSTILE, url: "cup", tournament_type: "swiss", state: "pending" },
};

let sb: Sandbox;
let server: Loopback;
let env: Record<string, string>;
beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    res.writeHead(req.url?.includes("/nope") ? 422 : 200, {
      "content-type": "application/json",
    });
    if (req.url?.includes("/nope")) {
      res.end(JSON.stringify({ errors: [{ status: 422, detail: `nope${HOSTILE}` }] }));
    } else if (req.url?.startsWith("/v2.1/tournaments.json")) {
      const meta = { count: 1, page: 1, per_page: 1000, total_pages: 1 };
      res.end(JSON.stringify({ data: [record], meta, links: {} }));
    } else if (/\/tournaments\/[^/]+\.json/.test(req.url ?? "")) {
      res.end(JSON.stringify({ data: record }));
    } else {
      // The tournament's lists (a pull reads them): one participant with the same name.
      const participant = { id: "5", type: "participant", attributes: { name: HOSTILE, seed: 1 } };
      const data = req.url?.includes("/participants.json") ? [participant] : [];
      const meta = { count: data.length, page: 1, per_page: 1000, total_pages: 1 };
      res.end(JSON.stringify({ data, meta, links: {} }));
    }
  });
  env = pointedAt(server);
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

/** Our own colours (SGR), which a table at a terminal may hold. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** Whether `text` holds a control character but tab and line break (after our colours, with `ownColours`). */
function hasRaw(text: string, ownColours = false): boolean {
  return [...(ownColours ? text.replace(SGR, "") : text)].some((c) => {
    const n = c.charCodeAt(0);
    return (n < 0x20 && n !== 9 && n !== 10) || (n >= 0x7f && n <= 0x9f);
  });
}

describe("a service's control characters are shown, never sent to the terminal", () => {
  it("caret notation, C1 as its ESC sequence; tab and line break kept", () => {
    expect(visibleControls(HOSTILE)).toBe(`${SHOWN}^M`);
    expect(visibleControls("a\tb\nc\u007f\u0000")).toBe("a\tb\nc^?^@");
    expect(visibleControls("Zoë 🎲")).toBe("Zoë 🎲");
  });

  it("piped rows", async () => {
    const r = await sb.run(["tournament", "list"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(SHOWN);
    expect(r.stdout).toSatisfy((t: string) => !hasRaw(t));
  });

  it("a table and a record's view at a terminal", async () => {
    for (const args of [
      ["tournament", "list"],
      ["tournament", "view", "1"],
    ]) {
      const r = await sb.run(args, { env, tty: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("Cup^[]0;owned^G");
      expect(hasRaw(r.stdout, true)).toBe(false);
    }
  });

  it("an error's detail", async () => {
    const r = await sb.run(["api", "/nope"], { env });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`error: nope${SHOWN}`);
    expect(r.stderr).toSatisfy((t: string) => !hasRaw(t));
  });

  it("a pull's plan (--dry-run) from such a service", async () => {
    const added = await sb.run(["profile", "add", "m", "--base-url", env.TOURNEY_BASE_URL!]);
    expect(added.code, added.stderr).toBe(0);
    const r = await sb.run(["tournament", "pull", "cup", "--from", "m", "--dry-run"], {
      env: { TOURNEY_API_KEY: "tk_x" },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Cup^[]0;owned^G");
    expect(hasRaw(r.stdout)).toBe(false);
  });

  it("a bracket's drawing", () => {
    const canvas = new Canvas();
    canvas.put(0, 0, HOSTILE);
    expect(JSON.stringify(canvas.lines())).toContain("owned^G");
    const drawn = JSON.stringify(canvas.lines());
    expect(hasRaw(drawn)).toBe(false);
    expect(drawn).not.toMatch(/\\u00[01]/);
  });

  it("--json keeps the text, escaped by JSON", async () => {
    const r = await sb.run(["tournament", "list", "--json", "name"], { env });
    expect(r.stdout).toBe(`${JSON.stringify([{ name: HOSTILE }])}\n`);
  });
});
