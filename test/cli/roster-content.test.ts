/**
 * Issue 26, item 6: a roster's content errors (a name or a seed twice, a name the service
 * cannot take such as one holding a tab) exit 2 with every problem listed, one error per
 * line, and nothing added; the service names a refused name once, not twice.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const names = async () =>
  ok(await sb.run(["participants", "list", "cup", "--jq", ".[].name"])).stdout;

it("a tab in a quoted name, a name and a seed twice: exit 2, all listed, one per line", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  const stdin = 'name,seed\nAda,1\n"Bo\tb",2\nCy,2\nada,3\n';
  const r = await sb.run(["participants", "bulk-add", "cup", "--file", "-"], { stdin });
  expect(r.code).toBe(2);
  expect(r.stderr.split("\n")).toEqual([
    "error: the roster has 3 problems; nothing was added",
    "error: line 3: the name holds a tab (U+0009), which a name cannot; write a space",
    'error: line 2 and line 5 both name "ada"',
    "error: line 3 and line 4 both have seed 2",
    "",
  ]);
  const plain = await sb.run(["participants", "bulk-add", "cup", "--file", "-"], {
    stdin: 'Ada\n"Bo\tb"\n',
  });
  expect(plain.code).toBe(2);
  expect(plain.stderr).not.toContain("name is required");
  expect(await names()).toBe("");
});

it("the service names a name it refuses once (no spurious `name is required`)", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  const body = JSON.stringify({
    data: { type: "Participants", attributes: { participants: [{ name: "Bo\tb" }] } },
  });
  const r = await sb.run(
    ["api", "-X", "POST", "tournaments/cup/participants/bulk_add", "--input", "-"],
    { stdin: body },
  );
  expect(r.code).toBe(5);
  const errors = JSON.parse(r.stdout).errors;
  expect(errors.map((e: { detail: string }) => e.detail)).toEqual([
    "name must not contain control characters (found U+0009)",
  ]);
});

it("a C1 control character in a name (U+009B, CSI to a terminal): exit 2 before anything is sent", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  const r = await sb.run(["participants", "bulk-add", "cup", "--file", "-"], {
    stdin: "Ada\nBo\u009bb\nCy\u00a0Dee\n",
  });
  expect(r.code).toBe(2);
  expect(r.stderr.split("\n")).toEqual([
    "error: the roster has 1 problem; nothing was added",
    "error: line 2: the name holds a control character (U+009B), which a name cannot; write a space",
    "",
  ]);
  expect(await names()).toBe("");
});

it("a roster whose lines end in a bare CR (classic Mac) reads as lines, a list or CSV; a stray CR among LF lines is refused", async () => {
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  ok(await sb.run(["participants", "bulk-add", "cup", "--file", "-"], { stdin: "Ada\rBob\rCy\r" }));
  expect(await names()).toBe("Ada\nBob\nCy\n");
  ok(await sb.run(["tournament", "create", "--name", "Csv", "--url", "csv"]));
  ok(
    await sb.run(["participants", "bulk-add", "csv", "--file", "-"], {
      stdin: 'name,seed\r"Smith, John",2\rDee,1\r',
    }),
  );
  const csv = ok(
    await sb.run(["participants", "list", "csv", "--jq", ".[] | [.name, .seed] | @tsv"]),
  );
  expect(csv.stdout).toBe("Dee\t1\nSmith, John\t2\n");
  const stray = await sb.run(["participants", "bulk-add", "cup", "--file", "-"], {
    stdin: "Eve\nFr\red\n",
  });
  expect(stray.code).toBe(2);
  expect(stray.stderr).toContain("line 2: the name holds a control character (U+000D)");
});
