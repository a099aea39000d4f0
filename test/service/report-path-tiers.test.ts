/**
 * What a process's first tournament to end runs for the first time keeps the report path's
 * optimised code (issue 27): V8 throws away an optimised function that reaches code it never
 * ran ("Insufficient type feedback"), with everything inlined into it, and compiles it again
 * only after ~1,000-1,900 more reports; the next tournament's reports ran unoptimised
 * meanwhile. Each case runs a bundled script under --allow-natives-syntax: the function is
 * optimised on the usual reports, then meets the end of a bracket.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";

const source = (path: string) =>
  JSON.stringify(fileURLToPath(new URL(`../../${path}`, import.meta.url)));

/** Runs `body` (after the imports and natives below) bundled in a child process; its stdout as JSON. */
function run(imports: string, body: string): unknown {
  const dir = mkdtempSync(join(tmpdir(), "tourney-tiers-"));
  try {
    const entry = join(dir, "entry.ts");
    writeFileSync(
      entry,
      `${imports}
const natives = (text) => new Function("f", text);
const prepare = natives("%PrepareFunctionForOptimization(f)");
const optimize = natives("%OptimizeFunctionOnNextCall(f)");
const optimised = natives("return %ActiveTierIsTurbofan(f)");
${body}`,
    );
    const outfile = join(dir, "entry.mjs");
    buildSync({ entryPoints: [entry], outfile, bundle: true, format: "esm", platform: "node" });
    const child = spawnSync(process.execPath, ["--allow-natives-syntax", outfile], {
      encoding: "utf8",
    });
    expect(child.stderr).toBe("");
    return JSON.parse(child.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a bracket's end keeps the report path optimised", () => {
  it("applies the tournament's state change without throwing applyChanges' code away", () => {
    const out = run(
      `import { applyChanges } from ${source("src/service/bracket/stage-io.ts")};
import { StageDraft } from ${source("src/service/bracket/stage-draft.ts")};
import { planDoubleElimination } from ${source("src/engine/index.ts")};
import { NOW, REF, planRows, players, stateOf } from ${source("test/helpers/stage.ts")};`,
      `class Matches {
  writes = 0;
  setResult() { this.writes++; }
  setSlotOf() { this.writes++; }
  setStateOf() { this.writes++; }
}
class Tournaments { setState(id, state) { this.last = state; } }
const service = { matches: new Matches(), tournaments: new Tournaments() };
const rows = planRows(planDoubleElimination(players(8)));
const stage = () => new StageDraft(stateOf({ type: "double elimination", rows }), NOW);
const report = stage();
report.setResult(rows[0].plan_key, { state: "complete", winnerId: 101, loserId: 108, tie: false,
  scoreSets: "[[1,0]]", entries: null, completedAt: NOW });
report.setSlot(rows[4].plan_key, "player1", 101);
report.setState(rows[4].plan_key, "open", true);
const end = stage();
end.setTournamentState("awaiting_review");
prepare(applyChanges);
for (let i = 0; i < 3; i++) applyChanges(service, REF, report.changes, NOW);
optimize(applyChanges);
applyChanges(service, REF, report.changes, NOW);
const before = optimised(applyChanges);
applyChanges(service, REF, end.changes, NOW);
process.stdout.write(JSON.stringify({ before, after: optimised(applyChanges),
  writes: service.matches.writes, state: service.tournaments.last }));`,
    );
    expect(out).toEqual({ before: true, after: true, writes: 12, state: "awaiting_review" });
  });
});
