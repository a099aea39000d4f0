/**
 * `tournament export|race export --output FILE` where FILE is not a plain file: before, every
 * FILE was written as FILE.partial and renamed over it, so a FIFO (and, as root, a device)
 * became a regular file that its reader never saw (exit 0, "exported to p"), a symlink was
 * replaced by a file (its target untouched), `--output -` wrote a file named "-", and
 * `--output /dev/fd/N` (the shell's `>(...)`) failed with "folders cannot be made there".
 * Now a FIFO, socket or descriptor is written into, a link is followed (its target replaced
 * whole, the link kept), `-` is stdout, and a regular file is still replaced whole.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN, binaryEnv, captured, runBinary } from "../../helpers/binary.js";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
let out: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  sb = createSandbox();
  out = join(sb.dir, "out");
  mkdirSync(out);
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  ok(await sb.run(["race", "create", "--name", "GP"]));
});
afterEach(() => {
  // A reader left waiting on a FIFO that was replaced (the defect) must not outlive the test.
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
  sb.cleanup();
});

/** A document's text with its "exported_at" (the moment of each export) set aside. */
const undated = (text: string): string =>
  text.replace(/^ {2}"exported_at": "[^"]+",$/m, '  "exported_at": "-",');

/** The document as `export` prints it on stdout without --output (undated). */
async function printed(noun: string, name: string): Promise<string> {
  const r = ok(await sb.run([noun, "export", name]));
  expect(JSON.parse(r.stdout).format).toBe(`tourney.${noun}`);
  expect(undated(r.stdout)).not.toBe(r.stdout);
  return undated(r.stdout);
}

it("--output - takes --jq and --json FIELDS as stdout without --output does", async () => {
  for (const noun of ["tournament", "race"]) {
    const name = noun === "tournament" ? "cup" : "gp";
    const r = ok(await sb.run([noun, "export", name, "--output", "-", "--jq", ".format"]));
    expect(r.stdout).toBe(`tourney.${noun}\n`);
  }
  const fields = ok(await sb.run(["tournament", "export", "cup", "-o", "-", "--json", "format"]));
  expect(JSON.parse(fields.stdout)).toEqual({ format: "tourney.tournament" });
  // A FILE is still no place for them.
  const refused = await sb.run(["tournament", "export", "cup", "--output", "x.json", "--jq", "."]);
  expect(refused.code).toBe(2);
});

/** `mkfifo path` (Node has no call for it). */
async function mkfifo(path: string): Promise<void> {
  const code = await new Promise((done) => spawn("mkfifo", [path]).on("close", done));
  expect(code).toBe(0);
}

/** A `cat` reading the FIFO at `path`: what it read once the writer closed it. */
function reader(path: string): Promise<string> {
  const cat = spawn("cat", [path], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(cat);
  let text = "";
  cat.stdout.on("data", (d) => {
    text += d;
  });
  return new Promise((done) => cat.on("close", () => done(text)));
}

describe("export --output into what is not a regular file", () => {
  it("a FIFO: its reader gets the document, and it stays a FIFO", async () => {
    for (const [noun, name] of [
      ["tournament", "cup"],
      ["race", "gp"],
    ] as const) {
      const fifo = join(out, `${noun}.pipe`);
      await mkfifo(fifo);
      const read = reader(fifo);
      const r = await sb.run([noun, "export", name, "--output", fifo]);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, "", `exported to ${fifo}\n`]);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      expect(undated(await read)).toBe(await printed(noun, name));
      expect(existsSync(`${fifo}.partial`)).toBe(false);
    }
  });

  it("a socket: whoever listens on it gets the document", async () => {
    const path = join(out, "export.sock");
    let got = "";
    let ended: () => void = () => {};
    const end = new Promise<void>((done) => {
      ended = done;
    });
    const server = createServer((socket) => {
      socket.on("data", (d) => {
        got += d;
      });
      socket.on("end", ended);
    });
    await new Promise<void>((listening) => server.listen(path, listening));
    try {
      const r = await sb.run(["tournament", "export", "cup", "--output", path]);
      expect([r.code, r.stderr]).toEqual([0, `exported to ${path}\n`]);
      expect(lstatSync(path).isSocket()).toBe(true);
      await end;
      expect(undated(got)).toBe(await printed("tournament", "cup"));
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it("a symlink: its target gets the document, replaced whole; the link stays", async () => {
    mkdirSync(join(out, "real"));
    const target = join(out, "real", "cup.json");
    writeFileSync(target, "old");
    const link = join(out, "cup.json");
    symlinkSync(join("real", "cup.json"), link);
    const before = statSync(target).ino;
    const r = await sb.run(["tournament", "export", "cup", "--output", link]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, "", `exported to ${link}\n`]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join("real", "cup.json"));
    expect(undated(readFileSync(target, "utf8"))).toBe(await printed("tournament", "cup"));
    // Through a rename in the target's folder: a new file, nothing left beside it.
    expect(statSync(target).ino).not.toBe(before);
    expect(readdirSync(join(out, "real"))).toEqual(["cup.json"]);
    expect(readdirSync(out).sort()).toEqual(["cup.json", "real"]);

    // A link to a file not there yet makes it (as the shell's > does).
    const dangling = join(out, "gp.json");
    symlinkSync(join("real", "gp.json"), dangling);
    ok(await sb.run(["race", "export", "gp", "--output", dangling]));
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    expect(undated(readFileSync(join(out, "real", "gp.json"), "utf8"))).toBe(
      await printed("race", "gp"),
    );
  });

  it("a link into a folder that does not exist is refused before anything is read", async () => {
    const link = join(out, "cup.json");
    symlinkSync(join(out, "gone", "cup.json"), link);
    const r = await sb.run(["tournament", "export", "nosuch", "--output", link]);
    const gone = join(out, "gone");
    expect([r.code, r.stdout, r.stderr]).toEqual([
      2,
      "",
      `error: --output ${link}: the folder ${gone} does not exist; make it first (mkdir -p ${gone}), or name a file in a folder that exists\n`,
    ]);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("a regular file is still replaced whole through FILE.partial and a rename", async () => {
    const file = join(out, "cup.json");
    writeFileSync(file, "old");
    const before = statSync(file).ino;
    const r = await sb.run(["tournament", "export", "cup", "--output", file]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, "", `exported to ${file}\n`]);
    expect(statSync(file).ino).not.toBe(before);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(undated(readFileSync(file, "utf8"))).toBe(await printed("tournament", "cup"));
    expect(readdirSync(out)).toEqual(["cup.json"]);
  });
});

/** `command args` run in `cwd` with `fds` as its descriptors 3, 4, ...: its code and output. */
function runIn(
  cwd: string,
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  fds: Array<number | "pipe"> = [],
): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe", ...fds] });
  children.push(child);
  const { stdout, stderr } = captured(child);
  return {
    child,
    done: new Promise((resolve) =>
      child.on("close", (code) => resolve({ code, stdout: stdout(), stderr: stderr() })),
    ),
  };
}

/** The built binary run in `cwd` with `fds` as its descriptors 3, 4, ... */
const binaryIn = (
  cwd: string,
  args: readonly string[],
  env: Record<string, string>,
  fds: Array<number | "pipe"> = [],
) => runIn(cwd, process.execPath, [BIN, ...args], env, fds);

describe("export --output with the built binary: -, /dev/fd/N", () => {
  let env: Record<string, string>;
  let doc: string;
  beforeEach(async () => {
    env = binaryEnv(join(sb.dir, "bin-home"));
    const made = await runBinary(["tournament", "create", "--name", "Cup"], env);
    expect(made.code).toBe(0);
    const r = await runBinary(["tournament", "export", "cup"], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).tournament.name).toBe("Cup");
    doc = undated(r.stdout);
  });

  it("- writes the document on stdout, and no file named -", async () => {
    const r = await binaryIn(out, ["tournament", "export", "cup", "--output", "-"], env).done;
    expect({ ...r, stdout: undated(r.stdout) }).toEqual({ code: 0, stdout: doc, stderr: "" });
    expect(readdirSync(out)).toEqual([]);
  });

  it("/dev/fd/3: the pipe the command was given gets the document", async () => {
    const run = binaryIn(out, ["tournament", "export", "cup", "--output", "/dev/fd/3"], env, [
      "pipe",
    ]);
    let got = "";
    (run.child.stdio[3] as NodeJS.ReadableStream).on("data", (d) => {
      got += d;
    });
    const r = await run.done;
    expect([r.code, r.stdout, r.stderr]).toEqual([0, "", "exported to /dev/fd/3\n"]);
    expect(undated(got)).toBe(doc);
  });

  it("the shell's >(cat > FILE) gets the document", async () => {
    const file = join(out, "o.json");
    const script = `"$0" "$1" tournament export cup --output >(cat > "$2"); code=$?; wait $!; exit $code`;
    const r = await runIn(out, "bash", ["-c", script, process.execPath, BIN, file], env).done;
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^exported to \/dev\/fd\/\d+\n$/);
    expect(undated(readFileSync(file, "utf8"))).toBe(doc);
  });

  it("a FIFO whose reader has gone: exit 1, saying so (EPIPE), and it stays a FIFO", async () => {
    const fifo = join(out, "p");
    await mkfifo(fifo);
    // A write end whose only read end is closed: every write into it is refused (EPIPE).
    const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeEnd = openSync(fifo, constants.O_WRONLY);
    closeSync(readEnd);
    const cup = binaryIn(out, ["tournament", "export", "cup", "--output", "/dev/fd/3"], env, [
      writeEnd,
    ]);
    // The child has its own copy (spawn returns after it started).
    closeSync(writeEnd);
    const r = await cup.done;
    expect([r.code, r.stdout, r.stderr]).toEqual([
      1,
      "",
      "error: --output /dev/fd/3: the document could not be written whole (its reader closed it before the end (EPIPE)); its reader may have got part of it\n",
    ]);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("a descriptor that is not open is refused before anything is read (exit 2)", async () => {
    const r = await binaryIn(
      out,
      ["tournament", "export", "nosuch", "--output", "/dev/fd/200"],
      env,
    ).done;
    expect(r).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "error: --output /dev/fd/200: file descriptor 200 is not open; open it for the command (as 3> FILE does), or give - for standard output\n",
    });
  });
});
