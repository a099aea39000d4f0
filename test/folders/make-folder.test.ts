/** makeFolder: mkdir -p with each folder's mode, and a refusal said with its folder and cause. */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FolderError, makeFolder } from "../../src/folders/make-folder.js";

describe("makeFolder", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-make-folder-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const refusal = (path: string): FolderError => {
    try {
      makeFolder(path, 0o700);
    } catch (error) {
      if (error instanceof FolderError) return error;
      throw error;
    }
    throw new Error(`made ${path}`);
  };

  it("makes every missing folder, each private, and accepts one that exists", () => {
    const deep = join(dir, "a", "b", "c");
    makeFolder(deep, 0o700);
    makeFolder(deep, 0o700);
    for (const folder of [join(dir, "a"), join(dir, "a", "b"), deep])
      expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("names the file in the way", () => {
    const file = join(dir, "file");
    writeFileSync(file, "");
    for (const path of [file, join(file, "sub", "deeper")]) {
      const error = refusal(path);
      expect(error.message).toBe(`${file} is a file, not a folder`);
      expect(error.folder).toBe(file);
    }
  });

  it.runIf(existsSync("/proc/self"))("returns under /proc, naming the first folder refused", () => {
    const error = refusal(`/proc/tourney-unit-${process.pid}/a/b`);
    expect(error.message).toBe(
      `cannot make the folder /proc/tourney-unit-${process.pid}: folders cannot be made there`,
    );
  });
});
