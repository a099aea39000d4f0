/**
 * A real headless Chromium for the viewer's tests (issue 18): the system's
 * Debian `chromium` (never a downloaded browser), driven by playwright-core,
 * with a fresh profile directory each launch.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.TOURNEY_CHROMIUM ?? "/usr/bin/chromium";
/** Without Chromium the browser tests are skipped, except under CI (.ci/run installs it): there they fail. */
export const HAVE_CHROMIUM = existsSync(CHROMIUM) || process.env.CI !== undefined;

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(viewport = { width: 1920, height: 1080 }): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(join(tmpdir(), "tourney-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
    timeout: 60_000,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Where the viewer tests save their screenshots: docs/screenshots/ when
 * TOURNEY_UPDATE_SCREENSHOTS=1 (`TOURNEY_UPDATE_SCREENSHOTS=1 npx vitest run test/viewer`
 * refreshes the pictures docs/viewer.md shows), otherwise a new temporary folder, so a
 * test run never rewrites files of the repository.
 */
export function screenshotDir(): string {
  if (process.env.TOURNEY_UPDATE_SCREENSHOTS === "1")
    return fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
  return `${mkdtempSync(join(tmpdir(), "tourney-screenshots-"))}/`;
}
