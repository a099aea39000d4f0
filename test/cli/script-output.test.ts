/**
 * Issue 26, items 1 and 2: `--jq` prints as jq does (nothing for no result, `-q` its short
 * form, in `tourney api` too); what can be checked before a request is checked before it
 * (`--json` field names, the `--jq` program); a printing failure after a write exits 8
 * and says the change was made.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const urls = async () =>
  ok(await sb.run(["tournament", "list", "--jq", ".[].url"]))
    .stdout.split("\n")
    .filter(Boolean);

describe("--jq as jq prints", () => {
  it("no result prints nothing (not `undefined`), in lists, views and `api`", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const none = '.[] | select(.state == "nope") | .url';
    for (const args of [
      ["tournament", "list", "--jq", none],
      ["tournament", "view", "cup", "--jq", "empty"],
      ["api", "tournaments", "--jq", '.data[] | select(.id == "nope")'],
    ]) {
      const r = ok(await sb.run(args));
      expect(r.stdout, args.join(" ")).toBe("");
    }
  });

  it("each result on its own line, strings raw; -q is --jq", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    ok(await sb.run(["tournament", "create", "--name", "Bowl"]));
    const r = ok(await sb.run(["tournament", "list", "-q", ".[] | .url, .id"]));
    expect(r.stdout).toBe("cup\n1\nbowl\n2\n");
    const api = ok(await sb.run(["api", "tournaments", "-q", ".data[].attributes.name"]));
    expect(api.stdout).toBe("Cup\nBowl\n");
  });
});

describe("checked before the request", () => {
  it("a --json field the record lacks exits 2 and creates nothing", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await sb.run(["tournament", "create", "--name", "Retry Cup", "--json", "idd"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('unknown JSON field "idd"');
      expect(r.stdout).toBe("");
    }
    expect(await urls()).toEqual([]);
  });

  it("a --jq program that does not compile exits 2 before the match is reported", async () => {
    const s = await createWith(sb, ["--name", "Cup"], ["Ann", "Bob"]);
    ok(await sb.run(["tournament", "start", s.t]));
    const r = await sb.run(["match", "report", s.t, "A", "--winner", "Bob", "--jq", ".["]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--jq: jq: error: syntax error/);
    expect((await viewMatch(sb, s.t, "A")).state).toBe("open");
  });

  it("a program is compiled, not run: `input` or an error on data does not fail the check", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    expect(ok(await sb.run(["tournament", "list", "--jq", "[.[].url] | first"])).stdout).toBe(
      "cup\n",
    );
  });
});

describe("printing fails after the write", () => {
  it("exits 8 and says the change was made (not 2, which a script would retry)", async () => {
    const r = await sb.run([
      "tournament",
      "create",
      "--name",
      "Retry Cup",
      "--jq",
      ".name | tonumber",
    ]);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^done: the change was made \(POST \/v2\.1\/tournaments\S* \(201\)\)/);
    expect(r.stderr).toContain("printing its result failed: --jq: jq: error");
    expect(await urls()).toEqual(["retry_cup"]);
  });

  it("the same failure of a read stays a usage error (exit 2)", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const r = await sb.run(["tournament", "view", "cup", "--jq", ".name | tonumber"]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("done:");
  });
});

describe("a create whose url was taken (item 11)", () => {
  it("says the new url on stderr, piped and with --json too; not when the url is its own", async () => {
    const first = ok(await sb.run(["tournament", "create", "--name", "Spring Cup"]));
    expect(first.stderr).toBe("");
    const second = ok(await sb.run(["tournament", "create", "--name", "Spring Cup"]));
    expect(second.stdout).toContain("spring_cup_2");
    expect(second.stderr).toBe(
      'note: the url "spring_cup" is taken; this tournament\'s url is spring_cup_2\n',
    );
    ok(await sb.run(["race", "create", "--name", "Dash"]));
    const race = ok(await sb.run(["race", "create", "--name", "Dash", "--json", "url"]));
    expect(race.json()).toEqual({ url: "dash_2" });
    expect(race.stderr).toContain("this race's url is dash_2");
  });
});
