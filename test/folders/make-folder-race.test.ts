/**
 * makeFolder when another process makes the folder between its first look and its walk up
 * the missing parents (several commands opening a new data folder at once): the folder is
 * there, nothing is in the way, and it returns. Before, it found nothing missing and said
 * "a file is in the way where a folder is needed" (e2e/first-open-race, one CI run in four).
 * The other process is played by a statSync that makes the folder after its first look.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it, vi } from "vitest";

const race = vi.hoisted(() => ({ path: "", looked: false }));

vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const statSync = ((path: string, options?: object) => {
    const entry = fs.statSync(path, options as never);
    if (path === race.path && !race.looked) {
      race.looked = true;
      fs.mkdirSync(path); // the other process, just after this one looked
    }
    return entry;
  }) as typeof fs.statSync;
  return { ...fs, statSync, default: { ...fs, statSync } };
});

const { makeFolder } = await import("../../src/folders/make-folder.js");
const dir = mkdtempSync(join(tmpdir(), "tourney-make-folder-race-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("a folder made by another process after the first look is taken as made", () => {
  race.path = join(dir, "data");
  expect(() => makeFolder(race.path, 0o700)).not.toThrow();
  expect(race.looked).toBe(true);
  expect(statSync(race.path).isDirectory()).toBe(true);
});
