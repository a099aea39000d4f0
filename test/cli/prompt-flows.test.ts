/**
 * Missing values asked at a terminal (issue 16, item 1), through the real inquirer
 * prompter on streams of its own: keys are typed when the question shows, as a person
 * would. stdout holds only the result; without a terminal a missing value is exit 2.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";
import { DOWN, typing } from "../helpers/typing.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("tournament create without --name", () => {
  it("a single elimination asks which places placement matches decide", async () => {
    const { prompter, screen } = typing([
      [/Tournament name/, "Autumn Cup\r"],
      [/Type/, "\r"],
      [/Placement matches/, `${DOWN}${DOWN}\r`],
    ]);
    const r = ok(await sb.run(["tournament", "create", "--json"], { tty: true, prompter }));
    expect(r.json()).toMatchObject({ tournament_type: "single elimination" });
    expect(r.json().match_options.consolation_matches_target_rank).toBe(5);
    expect(screen()).toContain("third place, 5th to 8th, and 9th to 16th");
  });

  it("asks the name, the type from the list, then that type's options", async () => {
    const { prompter, screen } = typing([
      [/Tournament name/, "Spring Cup\r"],
      [/Type/, `${DOWN}${DOWN}\r`],
      [/Times each pair meets/, "2\r"],
      [/Rank by/, `${DOWN}\r`],
    ]);
    const r = ok(await sb.run(["tournament", "create", "--json"], { tty: true, prompter }));
    const created = r.json();
    expect(created).toMatchObject({ name: "Spring Cup", tournament_type: "round robin" });
    expect(created.round_robin_options).toMatchObject({ iterations: 2, ranking: "game wins" });
    expect(r.stdout).not.toMatch(/Tournament name|Rank by/);
    expect(screen()).toContain("swiss");
  });

  it("without a terminal, or with --no-input, CI, TOURNEY_PROMPT_DISABLED: exit 2 naming --name", async () => {
    for (const run of [
      sb.run(["tournament", "create"]),
      sb.run(["tournament", "create", "--no-input"], { tty: true }),
      sb.run(["tournament", "create"], { tty: true, env: { CI: "true" } }),
      sb.run(["tournament", "create"], { tty: true, env: { TOURNEY_PROMPT_DISABLED: "1" } }),
    ]) {
      const r = await run;
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--name is required");
      expect(r.stdout).toBe("");
    }
  });
});

async function cup(): Promise<void> {
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  ok(await sb.run(["participants", "bulk-add", "cup", "Ada", "Grace", "Linus", "Alan"]));
  ok(await sb.run(["tournament", "start", "cup"]));
}

describe("match report without a match", () => {
  it("lists the open matches to pick one, then asks the winner and the scores", async () => {
    await cup();
    const { prompter, screen } = typing([
      [/Match/, `${DOWN}\r`],
      [/Winner/, `${DOWN}\r`],
      [/Scores from/, "1-3,2-3\r"],
    ]);
    const r = ok(await sb.run(["match", "report", "cup", "--json"], { tty: true, prompter }));
    const match = r.json();
    expect(match.identifier).toBe("B");
    expect(match.state).toBe("complete");
    expect(match.winner_id).toBe(match.player2_id);
    expect(screen()).toMatch(/A +round 1: Ada vs Alan/);
    expect(r.stdout).not.toContain("Winner");
  });

  it("without a terminal: exit 2 naming what is missing", async () => {
    await cup();
    const noMatch = await sb.run(["match", "report", "cup", "--winner", "Ada"]);
    expect(noMatch.code).toBe(2);
    expect(noMatch.stderr).toContain("missing <match>");
    const noResult = await sb.run(["match", "report", "cup", "A"], { tty: true, env: { CI: "1" } });
    expect(noResult.code).toBe(2);
    expect(noResult.stderr).toContain("nothing to report: pass --winner, --tie, --scores");
  });
});

describe("participants bulk-add with no input at a terminal", () => {
  it("asks a name per line until an empty one", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const { prompter } = typing([
      [/Participant 1/, "Ada\r"],
      [/Participant 2/, "Grace\r"],
      [/Participant 3/, "\r"],
    ]);
    const r = ok(
      await sb.run(["participants", "bulk-add", "cup", "--json"], { tty: true, prompter }),
    );
    expect(r.json().map((p: { name: string }) => p.name)).toEqual(["Ada", "Grace"]);
  });

  it("opens $EDITOR when one is set", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const editor = join(sb.dir, "editor.sh");
    writeFileSync(editor, '#!/bin/sh\nprintf "Ada\\nGrace\\nLinus\\n" > "$1"\n', { mode: 0o755 });
    const previous = process.env.EDITOR;
    process.env.EDITOR = editor; // inquirer's editor reads the process's environment
    try {
      const { prompter } = typing([]);
      const r = ok(
        await sb.run(["participants", "bulk-add", "cup", "--json"], {
          tty: true,
          prompter,
          env: { EDITOR: editor },
        }),
      );
      expect(r.json().map((p: { name: string }) => p.name)).toEqual(["Ada", "Grace", "Linus"]);
    } finally {
      if (previous === undefined) delete process.env.EDITOR;
      else process.env.EDITOR = previous;
    }
  });

  it("without a terminal's prompts: exit 2 naming the ways to give names", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    const r = await sb.run(["participants", "bulk-add", "cup", "--no-input"], { tty: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("pass names as arguments, --file FILE");
  });
});

describe("destructive commands on something underway", () => {
  it("ask for its name: a wrong one changes nothing (exit 1), the right one deletes", async () => {
    await cup();
    const wrong = typing([[/Type "Cup" to confirm/, "cup\r"]]);
    const r = await sb.run(["tournament", "delete", "cup"], {
      tty: true,
      prompter: wrong.prompter,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cancelled: that is not "Cup"; nothing was changed');
    ok(await sb.run(["tournament", "view", "cup"]));
    const right = typing([[/Type "Cup" to confirm/, "Cup\r"]]);
    ok(await sb.run(["tournament", "delete", "cup"], { tty: true, prompter: right.prompter }));
    expect((await sb.run(["tournament", "view", "cup"])).code).toBe(3);
  });

  it("--yes skips the question; without a terminal --yes is needed (exit 2)", async () => {
    await cup();
    const refused = await sb.run(["tournament", "reset", "cup"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --yes");
    ok(await sb.run(["tournament", "reset", "cup", "--yes"]));
  });
});
