/**
 * The entry point's stdout (src/cli/stdio.ts): into a pipe, a file or /dev/null it writes
 * to the descriptor without making `process.stdout` (issue 27: on /dev/null that stream cost
 * a list ~8 ms), records in parts as one text.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stdoutWriter } from "../../src/cli/stdio.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-stdio-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A writer on `path` whose stream must never be made. */
function writerOn(path: string) {
  const fd = openSync(path, "w");
  const made = { stream: 0 };
  const writer = stdoutWriter(
    fd,
    () => {
      made.stream++;
      throw new Error("the stream was made");
    },
    () => {},
  );
  return { fd, made, writer };
}

describe("stdoutWriter", () => {
  it.runIf(process.platform === "linux")("writes to /dev/null without the stream", () => {
    const { fd, made, writer } = writerOn("/dev/null");
    expect(writer.isTTY).toBe(false);
    expect(writer.columns).toBeUndefined();
    writer.write("text\n");
    writer.writeBytes!([Buffer.from("[1"), Buffer.from(",2]\n")]);
    closeSync(fd);
    expect(made.stream).toBe(0);
  });

  it("writes a file's text and parts in order, past one writev's 1,024 parts", () => {
    const path = join(dir, "out.txt");
    const { fd, made, writer } = writerOn(path);
    writer.write("a");
    const parts = Array.from({ length: 2500 }, (_, i) => Buffer.from(`${i},`));
    writer.writeBytes!(parts);
    writer.write("z");
    closeSync(fd);
    expect(made.stream).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(`a${parts.join("")}z`);
  });
});
