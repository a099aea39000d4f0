/**
 * `tourney bracket` of a free-for-all table sending two players on (an outside review): both
 * are its winners, drawn bold. Before, only the first place was; the second, who also
 * advanced, was drawn as the eliminated. The final (a table sending nobody on) keeps its
 * first place alone.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const ESC = String.fromCharCode(27);

/** The names drawn bold in `text` (a terminal's drawing, with colour). */
function bold(text: string): string[] {
  const found = text.matchAll(new RegExp(`${ESC}\\[1m([^${ESC}]*)${ESC}\\[22m`, "g"));
  return [...found].map((m) => m[1]!.trim()).filter((t) => /^P\d+$/.test(t));
}

async function drawing(t: string): Promise<string> {
  return ok(await sb.run(["bracket", t], { tty: true, env: { COLUMNS: "200" } })).stdout;
}

describe("tourney bracket: a free-for-all table's advancing players", () => {
  it("draws every player the table sends on bold", async () => {
    const names = Array.from({ length: 12 }, (_, i) => `P${i + 1}`);
    const s = await createWith(sb, ["--name", "Kart Heat", "--type", "free for all"], names);
    ok(await sb.run(["tournament", "start", s.t]));
    const report = ["--ranks", "P1=1,P6=2,P7=3,P12=4", "--advancing", "P1,P6"];
    ok(await sb.run(["match", "report", s.t, "A", ...report]));
    expect(bold(await drawing(s.t))).toEqual(["P1", "P6"]);
  });

  it("draws the final's first place alone bold (a table sending nobody on)", async () => {
    const s = await createWith(
      sb,
      ["--name", "Kart Final", "--type", "free for all"],
      ["P1", "P2", "P3", "P4"],
    );
    ok(await sb.run(["tournament", "start", s.t]));
    ok(await sb.run(["match", "report", s.t, "A", "--ranks", "P3=1,P1=2,P2=3,P4=4"]));
    expect(bold(await drawing(s.t))).toEqual(["P3"]);
  });
});
