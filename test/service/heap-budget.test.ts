/**
 * serve keeps its heap near what it holds (issue 24, heap-budget.ts): with the growing
 * factor serve sets, a process holding about 100 MB while it makes short-lived garbage
 * (as serve reading a snapshot page by page) peaks at well under twice that; with V8's
 * default it peaked at three times and more. Each run is its own process (test/fixtures/
 * heap-growth.mjs): a V8 flag is process-wide.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT } from "../../src/service/heap-budget.js";

const script = fileURLToPath(new URL("../fixtures/heap-growth.mjs", import.meta.url));

function peakOf(percent: string): number {
  const out = execFileSync(process.execPath, [script, percent], { encoding: "utf8" });
  return (JSON.parse(out) as { peakMiB: number }).peakMiB;
}

describe("serve's heap growing factor", () => {
  it("keeps the heap's peak under twice what it holds, where V8's default let it triple", () => {
    const limited = peakOf(String(HEAP_GROWING_PERCENT));
    const unlimited = peakOf("default");
    expect(limited).toBeLessThan(300);
    expect(unlimited).toBeGreaterThan(limited * 1.5);
  }, 120_000);
});
