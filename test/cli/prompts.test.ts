/**
 * Prompts as a user meets them (issue 10, items 12 and 14): "no" to a
 * confirmation exits 1 and changes nothing; Ctrl-C at a prompt exits 130
 * quietly; questions name the tournament as typed and say what is lost.
 * The real inquirer prompter runs on injected streams: typing "n" or Ctrl-C
 * (\x03) into its input is what a terminal would send.
 */
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CancelledError } from "../../src/cli/errors.js";
import { inquirerPrompter, type Prompter } from "../../src/cli/prompter.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** The real prompter on streams of its own; `keys` are typed as soon as it listens. */
function terminal(keys: string): { prompter: Prompter; screen: () => string } {
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = "";
  output.on("data", (chunk) => {
    screen += String(chunk);
  });
  input.write(keys);
  return { prompter: inquirerPrompter({ input, output }), screen: () => screen };
}

/** Answers every confirmation with `answer`, every input with `typed`; records the questions. */
function answering(answer: boolean, typed = ""): Prompter & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    confirm: async (message) => {
      asked.push(message);
      return answer;
    },
    input: async (message) => {
      asked.push(message);
      return typed;
    },
    password: async () => "",
  };
}

/** What a destructive command on something underway asks: the question, then its name typed. */
const typeIt = (question: string) => `${question}\nType "Report Test" to confirm:`;

async function cup(): Promise<void> {
  ok(await sb.run(["tournament", "create", "--name", "Report Test"]));
  ok(await sb.run(["participants", "bulk-add", "report_test", "A", "B", "C"]));
}

describe("the real prompter on a terminal's streams", () => {
  it('reads "n" as no', async () => {
    const { prompter, screen } = terminal("n\r");
    expect(await prompter.confirm("Delete?")).toBe(false);
    expect(screen()).toContain("Delete? No");
  });

  it("turns Ctrl-C into CancelledError with nothing to print", async () => {
    const { prompter } = terminal("\x03");
    const error = await prompter.confirm("Delete?").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as Error).message).toBe("");
  });
});

describe("a confirmation", () => {
  it('answered "no" exits 1 saying so, and changes nothing', async () => {
    await cup();
    const r = await sb.run(["tournament", "delete", "report_test"], {
      tty: true,
      prompter: terminal("n\r").prompter,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("cancelled: nothing was changed\n");
    ok(await sb.run(["tournament", "view", "report_test"]));
  });

  it("interrupted with Ctrl-C exits 130 and prints nothing", async () => {
    await cup();
    const r = await sb.run(["tournament", "reset", "report_test"], {
      tty: true,
      prompter: terminal("\x03").prompter,
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toBe("");
    expect(r.stderr).not.toContain("force closed");
  });

  it('names the tournament as typed; reset reads `"Report Test" to pending`', async () => {
    await cup();
    ok(await sb.run(["tournament", "start", "report_test"]));
    const prompter = answering(true, "Report Test");
    const reset = await sb.run(["tournament", "reset", "report_test"], { tty: true, prompter });
    expect(reset.code, reset.stderr).toBe(0);
    expect(prompter.asked[0]).toBe(
      typeIt(
        'Reset tournament report_test "Report Test" back to before its start, removing every match and result (participants and check-ins are kept)?',
      ),
    );
    expect(reset.stderr).toContain("Tournament report_test is pending");
  });

  it("to delete a tournament underway says it is underway", async () => {
    await cup();
    ok(await sb.run(["tournament", "start", "report_test"]));
    const prompter = answering(true, "Report Test");
    const r = await sb.run(["tournament", "delete", "report_test"], { tty: true, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.asked[0]).toBe(
      typeIt(
        'Delete tournament report_test "Report Test", which is underway (0 of 2 matches played), and everything in it?',
      ),
    );
    expect(r.stderr).toBe("Deleted tournament report_test\n");
  });
});
