/**
 * `--json FIELDS` and `--jq EXPR` (issue 16, item 3) on the commands that print JSON:
 * one implementation behind the Printer, so lists, paged lists, single records and
 * other JSON values all honour them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  for (const name of ["Spring Cup", "Summer Cup", "Autumn Cup"])
    ok(await sb.run(["tournament", "create", "--name", name]));
});
afterEach(() => sb.cleanup());

describe("--json FIELDS", () => {
  it("prints only those fields of each record, in the order asked", async () => {
    const r = ok(await sb.run(["tournament", "list", "--json", "name,id,state"]));
    expect(r.stdout).toBe(
      '[{"name":"Spring Cup","id":1,"state":"pending"},{"name":"Summer Cup","id":2,"state":"pending"},{"name":"Autumn Cup","id":3,"state":"pending"}]\n',
    );
    expect(r.stderr).toBe("");
  });

  it("on one record, written anywhere on the line, and as --json=FIELDS", async () => {
    const view = ok(await sb.run(["--json", "url,participants_count", "tournament", "view", "2"]));
    expect(view.json()).toEqual({ url: "summer_cup", participants_count: 0 });
    const eq = ok(await sb.run(["tournament", "view", "--json=id", "3"]));
    expect(eq.json()).toEqual({ id: 3 });
  });

  it("bare --json stays bare before a noun, a verb or an operand that is no field list", async () => {
    expect(ok(await sb.run(["--json", "tournament", "list"])).json()).toHaveLength(3);
    expect(ok(await sb.run(["tournament", "--json", "list"])).json()).toHaveLength(3);
    expect(ok(await sb.run(["tournament", "view", "--json", "2"])).json().name).toBe("Summer Cup");
  });

  it("on a list written page by page (match list) and on standings-like values", async () => {
    const { t } = await createWith(sb, ["--name", "Paged"], ["Ada", "Grace", "Linus", "Alan"]);
    ok(await sb.run(["tournament", "start", t]));
    const matches = ok(await sb.run(["match", "list", t, "--json", "identifier,state"])).json();
    expect(matches).toEqual([
      { identifier: "A", state: "open" },
      { identifier: "B", state: "open" },
      { identifier: "C", state: "pending" },
    ]);
    const people = ok(await sb.run(["participants", "list", t, "--json", "name,seed"])).json();
    expect(people.map((p: { name: string }) => p.name)).toEqual(["Ada", "Grace", "Linus", "Alan"]);
    expect(Object.keys(people[0])).toEqual(["name", "seed"]);
  });

  it("an unknown field exits 2, names it and lists the available ones; nothing on stdout", async () => {
    const r = await sb.run(["tournament", "list", "--json", "id,nme,stat"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: unknown JSON fields "nme", "stat"; available fields:\n/);
    expect(r.stderr).toContain("\n  name\n");
    expect(r.stderr).toContain("\n  state\n");
    expect(r.stderr).toContain("\n  id\n");
  });

  it("indents at a terminal, like bare --json", async () => {
    const r = ok(await sb.run(["tournament", "view", "1", "--json", "id,name"], { tty: true }));
    expect(r.stdout).toBe('{\n  "id": 1,\n  "name": "Spring Cup"\n}\n');
  });

  it("refuses a list with an empty field, naming where it is (exit 2, nothing printed)", async () => {
    // Before: "too many arguments for 'list'. Expected 0 arguments but got 1.", the empty
    // field never mentioned (the word was not read as a field list); --json=id,,name
    // printed id and name, the empty field skipped.
    for (const args of [
      ["tournament", "list", "--json", "id,,name"],
      ["tournament", "list", "--json=id,,name"],
      ["--json", "id,,name", "tournament", "list"],
    ]) {
      const r = await sb.run(args);
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        code: 2,
        stdout: "",
        stderr:
          "error: --json id,,name: field 2 of the list is empty; write one comma between fields: --json id,name\n",
      });
    }
    const trailing = await sb.run(["tournament", "view", "2", "--json", "id,"]);
    expect([trailing.code, trailing.stderr]).toEqual([
      2,
      "error: --json id,: field 2 of the list is empty; write one comma between fields: --json id\n",
    ]);
    const leading = await sb.run(["tournament", "view", "2", "--json=,url"]);
    expect(leading.stderr).toContain(
      "--json ,url: field 1 of the list is empty; write one comma between fields: --json url",
    );
    const none = await sb.run(["tournament", "list", "--json=,"]);
    expect([none.code, none.stderr]).toEqual([
      2,
      "error: --json ,: field 1 of the list is empty; name fields, or write --json alone for all\n",
    ]);
  });
});

describe("--jq EXPR", () => {
  it("filters with jq: strings raw, other results compact one per line when piped", async () => {
    const names = ok(await sb.run(["tournament", "list", "--jq", ".[].name"]));
    expect(names.stdout).toBe("Spring Cup\nSummer Cup\nAutumn Cup\n");
    const objects = ok(
      await sb.run(["tournament", "list", "--jq", '.[] | select(.url | test("^s")) | {id, url}']),
    );
    expect(objects.stdout).toBe('{"id":1,"url":"spring_cup"}\n{"id":2,"url":"summer_cup"}\n');
  });

  it("implies JSON, runs after --json FIELDS, and works on paged lists and records", async () => {
    expect(ok(await sb.run(["tournament", "list", "--jq", "length"])).stdout).toBe("3\n");
    const fields = ok(await sb.run(["tournament", "list", "--json", "id", "--jq", ".[0] | keys"]));
    expect(fields.stdout).toBe('["id"]\n');
    const { t } = await createWith(sb, ["--name", "Jq"], ["Ada", "Grace", "Linus", "Alan"]);
    ok(await sb.run(["tournament", "start", t]));
    const open = ok(
      await sb.run(["match", "list", t, "--jq", '[.[] | select(.state == "open")] | length']),
    );
    expect(open.stdout).toBe("2\n");
    expect(ok(await sb.run(["tournament", "view", t, "--jq", ".state"])).stdout).toBe("underway\n");
  });

  it("results are indented at a terminal", async () => {
    const r = ok(await sb.run(["tournament", "view", "1", "--jq", "{id}"], { tty: true }));
    expect(r.stdout).toBe('{\n  "id": 1\n}\n');
  });

  it("jq's own features work (real jq, not a subset)", async () => {
    const r = ok(
      await sb.run([
        "tournament",
        "list",
        "--jq",
        'map(.name | ascii_downcase | split(" ") | .[0]) | sort | join(",")',
      ]),
    );
    expect(r.stdout).toBe("autumn,spring,summer\n");
    const reduce = ok(
      await sb.run(["tournament", "list", "--jq", "reduce .[] as $t (0; . + $t.id)"]),
    );
    expect(reduce.stdout).toBe("6\n");
  });

  it("a syntax error exits 2 with jq's message, and prints nothing on stdout", async () => {
    const r = await sb.run(["tournament", "list", "--jq", ".[] |"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: --jq: jq: error: syntax error, unexpected end of file/);
    expect(r.stderr).toContain("jq: 1 compile error");
  });

  it("an error on the data, or an unknown function, exits 2 with jq's message", async () => {
    const data = await sb.run(["tournament", "list", "--jq", ".[0].name.x"]);
    expect(data.code).toBe(2);
    expect(data.stderr).toMatch(
      /jq: error \(at <stdin>:\d+\): Cannot index string with string "x"/,
    );
    const fn = await sb.run(["tournament", "list", "--jq", "nosuchfunction"]);
    expect(fn.code).toBe(2);
    expect(fn.stderr).toContain("nosuchfunction/0 is not defined");
  });

  it("a command that fails prints its error, and jq runs on nothing", async () => {
    const r = await sb.run(["tournament", "view", "404", "--jq", ".id"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
  });
});
