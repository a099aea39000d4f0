/**
 * `tourney bracket --share | --shares | --revoke-share | --web` through the CLI
 * harness (issue 18): on the embedded backend, and on a remote profile against
 * the real service on a loopback port; which flags go together (exit 2), a
 * private tournament's page without --share (exit 2), unknown links (exit 3).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBracket } from "../../src/cli/commands/bracket/bracket.js";
import { shareReference } from "../../src/cli/commands/bracket/share.js";
import { UsageError } from "../../src/cli/errors.js";
import { DEFAULT_DB_FILE_NAME } from "../../src/config/paths.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

const TOKEN = /^tv_[A-Za-z0-9_-]{32}$/;

let sb: Sandbox;
beforeAll(async () => {
  sb = createSandbox();
  await createWith(sb, ["--name", "Spring Cup", "--url", "spring_cup"], ["Ada", "Bea"]);
  await createWith(sb, ["--name", "Quiet Cup", "--url", "quiet_cup", "--private"], ["Ada", "Bea"]);
});
afterAll(() => sb.cleanup());

describe("parseBracket: the page's flags", () => {
  it("reads one action", () => {
    expect(parseBracket("cup", { web: true, open: true }).action).toEqual({
      kind: "web",
      share: false,
      open: true,
    });
    expect(parseBracket("cup", { web: true, share: true, open: false }).action).toEqual({
      kind: "web",
      share: true,
      open: false,
    });
    expect(parseBracket("cup", { share: true, open: true }).action).toEqual({ kind: "share" });
    expect(parseBracket("cup", { shares: true }).action).toEqual({ kind: "shares" });
    expect(parseBracket("cup", { revokeShare: "3" }).action).toEqual({ kind: "revoke", link: "3" });
  });

  it("refuses flags that do not go together", () => {
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ web: true, shares: true }, /--web and --shares cannot be used together/],
      [{ shares: true, revokeShare: "1" }, /--shares and --revoke-share/],
      [{ share: true, shares: true }, /--share cannot be used with --shares/],
      [{ open: false }, /--no-open goes with --web/],
      [{ web: true, round: "2" }, /show every round/],
      [{ shares: true, fromRound: "2" }, /show every round/],
    ];
    for (const [flags, message] of refused)
      expect(() => parseBracket("cup", flags), JSON.stringify(flags)).toThrow(message);
  });

  it("reads a link's id, token or address for --revoke-share", () => {
    const token = `tv_${"a".repeat(32)}`;
    expect(shareReference("12")).toBe("12");
    expect(shareReference(token)).toBe(token);
    expect(shareReference(`http://h:1/tournaments/x/bracket?share=${token}`)).toBe(token);
    expect(() => shareReference("tk_secret")).toThrow(UsageError);
    expect(() => shareReference("http://h/tournaments/x/bracket")).toThrow(/id \(see --shares\)/);
  });
});

describe("share links on the embedded backend", () => {
  it("makes, lists and revokes them; the address is serve's default", async () => {
    const made = ok(await sb.run(["bracket", "quiet_cup", "--share"]));
    const url = made.stdout.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:4870\/tournaments\/quiet_cup\/bracket\?share=tv_/);
    expect(made.stderr).toContain("--revoke-share 1");
    expect(made.stderr).toContain("tourney serve");
    const token = new URL(url).searchParams.get("share")!;
    expect(token).toMatch(TOKEN);

    const json = ok(await sb.run(["bracket", "quiet_cup", "--share", "--json"])).json();
    expect(json).toMatchObject({ id: 2, token_end: json.token.slice(-4), revoked_at: null });
    expect(json.url).toBe(`http://127.0.0.1:4870${json.page_path}`);

    const listed = ok(await sb.run(["bracket", "quiet_cup", "--shares", "--json"])).json();
    expect(listed.map((l: any) => [l.id, l.token_end, l.revoked_at])).toEqual([
      [1, token.slice(-4), null],
      [2, json.token.slice(-4), null],
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);

    // By the address it was given as, then by id.
    const byUrl = ok(await sb.run(["bracket", "quiet_cup", "--revoke-share", url]));
    expect(byUrl.stderr).toMatch(/^share link 1 of quiet_cup is revoked \(since \S+Z\)/);
    const since = /since (\S+Z)/.exec(byUrl.stderr)![1];
    // Twice: no error, the first time kept.
    const again = ok(await sb.run(["bracket", "quiet_cup", "--revoke-share", "1"]));
    expect(again.stderr).toContain(`since ${since}`);
    const byId = ok(await sb.run(["bracket", "quiet_cup", "--revoke-share", "2", "--json"])).json();
    expect(byId.revoked_at).toEqual(expect.any(String));
    const after = ok(await sb.run(["bracket", "quiet_cup", "--shares", "--json"])).json();
    expect(after.every((l: any) => typeof l.revoked_at === "string")).toBe(true);
    const table = ok(await sb.run(["bracket", "quiet_cup", "--shares"]));
    // Piped: tab-separated rows, no header.
    expect(table.stdout.split("\n")[0]).toMatch(
      new RegExp(`^1\t${token.slice(-4)}\t\\S+Z\t\\S+Z$`),
    );
  });

  it("answers a bad reference 2, an unknown link or tournament 3", async () => {
    const bad = await sb.run(["bracket", "quiet_cup", "--revoke-share", "nonsense"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--revoke-share needs a share link's id");
    const unknown = await sb.run(["bracket", "quiet_cup", "--revoke-share", "99"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain("share link 99 not found");
    const elsewhere = await sb.run(["bracket", "spring_cup", "--revoke-share", "1"]);
    expect(elsewhere.code).toBe(3);
    expect((await sb.run(["bracket", "nope", "--share"])).code).toBe(3);
    expect((await sb.run(["bracket", "quiet_cup", "--web", "--shares"])).code).toBe(2);
  });

  it("refuses a private tournament's page without --share", async () => {
    const r = await sb.run(["bracket", "quiet_cup", "--web", "--no-open"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("tournament quiet_cup is private");
    expect(r.stderr).toContain("--web --share");
    expect(r.stdout).toBe("");
  });
});

describe("on a remote profile (serve on a loopback port)", () => {
  let service: Service;
  let server: RunningServer;
  let env: Record<string, string>;
  let origin: string;

  beforeAll(async () => {
    service = await openService({
      dbPath: join(sb.env.TOURNEY_DATA_DIR!, DEFAULT_DB_FILE_NAME),
      requireAuth: true,
    });
    const key = service.createApiKey("owner");
    server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
    origin = `http://127.0.0.1:${server.port}`;
    env = { TOURNEY_BASE_URL: `${origin}/`, TOURNEY_API_KEY: key };
  });
  afterAll(async () => {
    await server.close();
    service.close();
  });

  it("prints the page at the profile's base URL, with a share link when asked", async () => {
    const plain = ok(await sb.run(["bracket", "spring_cup", "--web", "--no-open"], { env }));
    expect(plain.stdout).toBe(`${origin}/tournaments/spring_cup/bracket\n`);
    const page = await fetch(plain.stdout.trim());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Spring Cup");

    const shared = ok(
      await sb.run(["bracket", "quiet_cup", "--web", "--share", "--no-open"], { env }),
    );
    const url = shared.stdout.trim();
    expect(url).toMatch(new RegExp(`^${origin}/tournaments/quiet_cup/bracket\\?share=tv_`));
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.split("?")[0]!)).status).toBe(404);

    const made = ok(await sb.run(["bracket", "quiet_cup", "--share"], { env }));
    expect(made.stdout.startsWith(`${origin}/tournaments/quiet_cup/bracket?share=tv_`)).toBe(true);
    expect(made.stderr).not.toContain("default port");
  });

  it("lets only the owner make or list links (another account: 403, exit 4)", async () => {
    const added = service.admin.addUser({ username: "bob" });
    expect(added.ok).toBe(true);
    const bob = service.admin.createKey({ label: "bob", user: "bob" });
    if (!bob.ok) throw new Error(bob.reason);
    const asBob = { ...env, TOURNEY_API_KEY: bob.value.key };
    const r = await sb.run(["bracket", "spring_cup", "--share"], { env: asBob });
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain("this tournament belongs to another user");
    const list = await sb.run(["bracket", "spring_cup", "--shares"], { env: asBob });
    expect(list.code).toBe(4);
    expect(list.stderr).toContain("only the tournament's owner");
    // A private tournament of another account does not exist for bob.
    expect((await sb.run(["bracket", "quiet_cup", "--shares"], { env: asBob })).code).toBe(3);
  });
});
