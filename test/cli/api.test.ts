/**
 * `tourney api <path>` (issue 16, item 6) on the embedded default: the raw interface in
 * the style of `gh api`, through the same client transport as every command.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

async function createTournaments(count: number): Promise<void> {
  for (let i = 1; i <= count; i++) ok(await sb.run(["tournament", "create", "--name", `Cup ${i}`]));
}

const CREATE = [
  "api",
  "-X",
  "POST",
  "/tournaments.json",
  "-f",
  "data[type]=tournaments",
  "-f",
  "data[attributes][name]=Raw Cup",
  "-f",
  "data[attributes][tournament_type]=double elimination",
  "-F",
  "data[attributes][private]=true",
  "-F",
  "data[attributes][registration_options][signup_cap]=12",
];

describe("tourney api --paginate", () => {
  it("follows every page and joins their data: .data | length counts all of them", async () => {
    await createTournaments(5);
    const r = ok(
      await sb.run(["api", "/tournaments.json?per_page=2", "--paginate", "--jq", ".data | length"]),
    );
    expect(r.stdout).toBe("5\n");
    // Three pages, three requests (the verbose log names each on stderr).
    const logged = await sb.run(["api", "/tournaments.json?per_page=2", "--paginate", "-v"]);
    expect(logged.stderr.match(/^> GET /gm)).toEqual(["> GET ", "> GET ", "> GET "]);
    expect(logged.stderr).toContain("> GET /v2.1/tournaments.json?per_page=2&page=3");
    const joined = JSON.parse(logged.stdout);
    expect(joined.data.map((t: { attributes: { name: string } }) => t.attributes.name)).toEqual([
      "Cup 1",
      "Cup 2",
      "Cup 3",
      "Cup 4",
      "Cup 5",
    ]);
    expect(joined.meta).toMatchObject({ page: 3, total_pages: 3 });
  });

  it("without --paginate, one page; progress never reaches a pipe", async () => {
    await createTournaments(3);
    const r = ok(await sb.run(["api", "tournaments?per_page=2", "--jq", ".data | length"]));
    expect(r.stdout).toBe("2\n");
    expect(r.stderr).toBe("");
    const paged = ok(
      await sb.run(["api", "tournaments?per_page=2", "--paginate", "--jq", ".data | length"]),
    );
    expect(paged.stderr).toBe("");
  });

  it("is GET only", async () => {
    const r = await sb.run(["api", "-X", "POST", "tournaments", "--paginate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--paginate follows the pages of a list: GET only");
  });
});

describe("tourney api fields and bodies", () => {
  it("-X POST with -f / -F nested fields creates a tournament (typed values typed)", async () => {
    const r = ok(await sb.run(CREATE));
    const created = JSON.parse(r.stdout);
    expect(created.data.attributes).toMatchObject({
      name: "Raw Cup",
      tournament_type: "double elimination",
      private: true,
      registration_options: { signup_cap: 12 },
    });
    const seen = ok(
      await sb.run(["tournament", "view", created.data.id, "--json", "name,private"]),
    );
    expect(seen.json()).toEqual({ name: "Raw Cup", private: true });
  });

  it("fields alone mean POST; with GET they go in the query", async () => {
    ok(await sb.run(CREATE.filter((a, i) => a !== "-X" && CREATE[i - 1] !== "-X")));
    await createTournaments(2);
    const r = ok(
      await sb.run([
        "api",
        "tournaments",
        "-X",
        "GET",
        "-F",
        "per_page=1",
        "-F",
        "page=2",
        "-v",
        "--jq",
        ".data[].attributes.name",
      ]),
    );
    expect(r.stdout).toBe("Cup 1\n");
    expect(r.stderr).toContain("> GET /v2.1/tournaments?per_page=1&page=2");
  });

  it("-F key=@file reads the file; --input sends a file or stdin as the body", async () => {
    const file = join(sb.dir, "description.txt");
    writeFileSync(file, "from a file");
    const body = join(sb.dir, "body.json");
    writeFileSync(
      body,
      JSON.stringify({
        data: { type: "tournaments", attributes: { name: "Input Cup", tournament_type: "swiss" } },
      }),
    );
    const fromFile = ok(
      await sb.run([
        "api",
        "tournaments",
        "-f",
        "data[type]=tournaments",
        "-f",
        "data[attributes][name]=Described",
        "-f",
        "data[attributes][tournament_type]=swiss",
        "-F",
        `data[attributes][description]=@${file}`,
        "--jq",
        ".data.attributes.description",
      ]),
    );
    expect(fromFile.stdout).toBe("from a file\n");
    const input = ok(
      await sb.run([
        "api",
        "-X",
        "POST",
        "tournaments",
        "--input",
        body,
        "--jq",
        ".data.attributes.name",
      ]),
    );
    expect(input.stdout).toBe("Input Cup\n");
    const stdin = ok(
      await sb.run(
        [
          "api",
          "-X",
          "POST",
          "tournaments",
          "--input",
          "-",
          "--jq",
          ".data.attributes.tournament_type",
        ],
        {
          stdin: JSON.stringify({
            data: {
              type: "tournaments",
              attributes: { name: "Stdin Cup", tournament_type: "round robin" },
            },
          }),
        },
      ),
    );
    expect(stdin.stdout).toBe("round robin\n");
  });

  it("leaves out a byte order mark at the start of --input (a file or stdin) and of -F key=@file", async () => {
    const bom = "\uFEFF";
    const body = join(sb.dir, "bom.json");
    const document = (name: string) =>
      JSON.stringify({
        data: { type: "tournaments", attributes: { name, tournament_type: "swiss" } },
      });
    writeFileSync(body, `${bom}${document("Bom Cup")}`);
    const input = ok(
      await sb.run([
        "api",
        "-X",
        "POST",
        "tournaments",
        "--input",
        body,
        "--jq",
        ".data.attributes.name",
      ]),
    );
    expect(input.stdout).toBe("Bom Cup\n");
    const stdin = ok(
      await sb.run(
        ["api", "-X", "POST", "tournaments", "--input", "-", "--jq", ".data.attributes.name"],
        { stdin: `${bom}${document("Bom Stdin")}` },
      ),
    );
    expect(stdin.stdout).toBe("Bom Stdin\n");
    const description = join(sb.dir, "bom.txt");
    writeFileSync(description, `${bom}from Notepad`);
    const field = ok(
      await sb.run([
        "api",
        "tournaments",
        "-f",
        "data[type]=tournaments",
        "-f",
        "data[attributes][name]=Noted",
        "-f",
        "data[attributes][tournament_type]=swiss",
        "-F",
        `data[attributes][description]=@${description}`,
        "--jq",
        ".data.attributes.description",
      ]),
    );
    expect(field.stdout).toBe("from Notepad\n");
  });

  it("--input without -X is a POST, as gh api's; -X GET or HEAD with --input is refused, nothing sent", async () => {
    const body = join(sb.dir, "body.json");
    writeFileSync(
      body,
      JSON.stringify({
        data: { type: "tournaments", attributes: { name: "Api Cup", tournament_type: "swiss" } },
      }),
    );
    const created = ok(
      await sb.run(["api", "tournaments", "--input", body, "-v", "--jq", ".data.attributes.name"]),
    );
    expect(created.stdout).toBe("Api Cup\n");
    expect(created.stderr).toContain("> POST /v2.1/tournaments");
    // Not JSON: sent (POST) and refused by the service, not a list answered with exit 0.
    const notJson = await sb.run(["api", "tournaments", "--input", "-"], { stdin: "not json\n" });
    expect(notJson.code).toBe(5);
    // Fields with --input still go in the query string.
    const queried = await sb.run(["api", "tournaments", "--input", body, "-F", "per_page=1", "-v"]);
    expect(queried.stderr).toContain("> POST /v2.1/tournaments?per_page=1");
    for (const method of ["GET", "get", "HEAD"]) {
      const refused = await sb.run(["api", "tournaments", "-X", method, "--input", body, "-v"]);
      expect(refused.code, method).toBe(2);
      expect(refused.stderr).toContain(
        `--input sends a body, which a ${method.toUpperCase()} does not carry`,
      );
      expect(refused.stderr).not.toContain("> ");
      expect(refused.stdout).toBe("");
    }
    const list = ok(await sb.run(["api", "tournaments", "--jq", "[.data[].attributes.name]"]));
    expect(JSON.parse(list.stdout)).toEqual(["Api Cup", "Api Cup"]);
  });

  it("-H sets a header: an Accept the service cannot answer is 406, exit 5", async () => {
    const r = await sb.run(["api", "/me", "-H", "Accept: text/html"]);
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stdout).errors[0].status).toBe(406);
  });

  it("refuses a malformed field, header or method, and a whole URL (exit 2)", async () => {
    for (const argv of [
      ["api", "tournaments", "-f", "novalue"],
      ["api", "tournaments", "-F", "a[b=1"],
      ["api", "tournaments", "-H", "no colon"],
      ["api", "tournaments", "-X", "FETCH"],
      ["api", "https://example.com/v2.1/tournaments"],
      ["api", "tournaments", "--json", "id"],
    ]) {
      const r = await sb.run(argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
    }
  });
});

describe("tourney api responses", () => {
  it("-i prints the status line and the response's headers before the body", async () => {
    const r = ok(await sb.run(["api", "-i", "/me"]));
    // The status line, then each header on a line (the service adds etag and
    // cache-control to reusable GETs), a blank line, the body.
    expect(r.stdout).toMatch(
      /^HTTP\/1\.1 200 OK\ncontent-type: application\/(vnd\.api\+)?json[^\n]*\n(?:[a-z-]+: [^\n]+\n)*\n\{"data":/,
    );
    expect(r.stdout).toMatch(/\netag: "[^"\n]+"\n/);
    expect(r.stdout).not.toMatch(/authorization/i);
  });

  it("an unknown resource: the error body on stdout, the message on stderr, exit 3", async () => {
    const r = await sb.run(["api", "-i", "/tournaments/999.json", "--jq", ".data.id"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe(
      'HTTP/1.1 404 Not Found\ncontent-type: application/json; charset=utf-8\n\n{"errors":[{"status":404,"detail":"tournament 999 not found"}]}\n',
    );
    expect(r.stderr).toBe("error: tournament 999 not found\n");
  });

  it("a refused body: printed (indented at a terminal), exit 5", async () => {
    const r = await sb.run(
      [
        "api",
        "tournaments",
        "-f",
        "data[type]=tournaments",
        "-f",
        "data[attributes][name]=No type",
      ],
      { tty: true },
    );
    expect(r.code).toBe(5);
    const body = JSON.parse(r.stdout);
    expect(body.errors[0]).toMatchObject({
      status: 422,
      source: { pointer: "/data/attributes/tournament_type" },
    });
    expect(r.stdout).toContain('\n  "errors": [\n');
    expect(r.stderr).toContain("error: tournament_type is required");
  });

  it("a path without /v2.1 gets it; a path without a leading slash too", async () => {
    await createTournaments(1);
    for (const path of ["tournaments/1", "/tournaments/1.json", "/v2.1/tournaments/1"]) {
      expect(ok(await sb.run(["api", path, "--jq", ".data.attributes.name"])).stdout).toBe(
        "Cup 1\n",
      );
    }
  });

  it("DELETE answers 204: nothing on stdout, exit 0", async () => {
    await createTournaments(1);
    const r = ok(await sb.run(["api", "-X", "DELETE", "tournaments/1"]));
    expect(r.stdout).toBe("");
    expect((await sb.run(["api", "tournaments/1"])).code).toBe(3);
  });
});
