/**
 * The exit when idle (cli/main.ts) keeps the command's exit code and says nothing more under
 * every --unhandled-rejections mode of Node, given on its command line (either spelling) or
 * in NODE_OPTIONS. Before, `strict` written `--unhandled-rejections strict` (two words) or in
 * NODE_OPTIONS was missed: Node's UnhandledPromiseRejection dump for "exit when idle", exit 1.
 * stdout and stderr are files, as there the process holds no handle and exits when idle.
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";

describe.runIf(BUILT)("the exit when idle under Node's --unhandled-rejections modes", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-idle-modes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const toFiles = (node: readonly string[], args: readonly string[], nodeOptions = "") => {
    const out = openSync(join(dir, "out"), "w");
    const err = openSync(join(dir, "err"), "w");
    const r = spawnSync(process.execPath, [...node, BIN, ...args], {
      env: { ...env, NODE_OPTIONS: nodeOptions },
      stdio: ["ignore", out, err],
    });
    closeSync(out);
    closeSync(err);
    const read = (name: string) => readFileSync(join(dir, name), "utf8");
    return { status: r.status, stdout: read("out"), stderr: read("err") };
  };
  const modes = ["strict", "throw", "warn", "none", "warn-with-error-code"];
  const spellings = (mode: string) => [
    { node: [`--unhandled-rejections=${mode}`], options: "" },
    { node: ["--unhandled-rejections", mode], options: "" },
    { node: [], options: `--unhandled-rejections=${mode}` },
    { node: [], options: `--no-warnings --unhandled-rejections ${mode}` },
  ];

  it.each(modes)("%s: a failure keeps its exit code and its one message", (mode) => {
    for (const { node, options } of spellings(mode)) {
      const r = toFiles(node, ["tournament", "view", "nope"], options);
      expect({ node, options, ...r }).toMatchObject({
        status: 3,
        stdout: "",
        stderr: "error: tournament nope not found\n",
      });
    }
  });

  it.each(modes)("%s: a success exits 0 with its output", (mode) => {
    for (const { node, options } of spellings(mode)) {
      const r = toFiles(node, ["tournament", "list", "--json="], options);
      expect({ node, options, ...r }).toMatchObject({ status: 0, stdout: "[]\n", stderr: "" });
    }
  });
});
