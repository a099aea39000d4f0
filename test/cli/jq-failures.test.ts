/**
 * A --jq program that fails on the data, or stops itself with halt_error, as jq does it:
 * the results jq printed before are printed (they were all dropped: an outside review,
 * finding C), then jq's message; halt_error's message is written as jq writes it (a string
 * raw, no line break added; anything else as JSON and a line break). The exit codes are
 * tourney's (docs/scripting.md): 2 for a --jq failure, 8 after a write, 0 for halt_error(0).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
});
afterEach(() => sb.cleanup());

const list = (program: string) => sb.run(["tournament", "list", "--jq", program]);

describe("--jq failing on the data", () => {
  it("prints the results before the failure, then jq's message: exit 2", async () => {
    const r = await list('.[0].url, error("x")');
    expect(r.stdout).toBe("cup\n");
    expect(r.stderr).toBe("error: --jq: jq: error (at <stdin>:1): x\n");
    expect(r.code).toBe(2);
    const indexed = await list(".[0].url, .[0].url.nope");
    expect(indexed.stdout).toBe("cup\n");
    expect(indexed.stderr).toMatch(/^error: --jq: jq: error \(at <stdin>:1\): Cannot index string/);
    expect(indexed.code).toBe(2);
  });

  it("after a write: the results, then exit 8 saying the change was made", async () => {
    const r = await sb.run(["tournament", "create", "--name", "Two", "--jq", '.url, error("x")']);
    expect(r.stdout).toBe("two\n");
    expect(r.stderr).toContain("done: the change was made (POST /v2.1/tournaments (201))");
    expect(r.stderr).toContain(
      "error: printing its result failed: --jq: jq: error (at <stdin>:1): x",
    );
    expect(r.code).toBe(8);
  });
});

describe("--jq halt_error", () => {
  it("writes a string as it is, no line break added, and exits 2; the results before printed", async () => {
    const r = await list('.[0].url, ("boom\\n" | halt_error(1))');
    expect(r.stdout).toBe("cup\n");
    expect(r.stderr).toBe("boom\n");
    expect(r.code).toBe(2);
    const bare = await list('"no newline" | halt_error(3)');
    expect(bare.stdout).toBe("");
    expect(bare.stderr).toBe("no newline");
    expect(bare.code).toBe(2);
  });

  it("writes anything else as JSON and a line break; halt_error's default status (5) exits 2 too", async () => {
    const r = await list('{"url": .[0].url} | halt_error');
    expect(r.stderr).toBe('{"url":"cup"}\n');
    expect(r.code).toBe(2);
  });

  it("halt_error(0) and halt end well: exit 0, the message on stderr", async () => {
    const r = await list('.[0].url, ("bye" | halt_error(0))');
    expect(r.stdout).toBe("cup\n");
    expect(r.stderr).toBe("bye");
    expect(r.code).toBe(0);
    const halted = await list(".[0].url, halt");
    expect([halted.stdout, halted.stderr, halted.code]).toEqual(["cup\n", "", 0]);
  });

  it("after a write: the message as jq writes it, then exit 8 saying the change was made", async () => {
    const r = await sb.run([
      "tournament",
      "create",
      "--name",
      "Two",
      "--jq",
      '.url, ("stop\\n" | halt_error(1))',
    ]);
    expect(r.stdout).toBe("two\n");
    expect(r.stderr).toBe(
      "stop\n" +
        "done: the change was made (POST /v2.1/tournaments (201)); do not run the command again\n" +
        "error: printing its result failed: --jq: the program stopped with halt_error (exit status 1)\n",
    );
    expect(r.code).toBe(8);
  });
});
