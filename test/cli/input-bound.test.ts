/**
 * Input is read up to a bound (256 MiB, cli/utf8-input.ts MAX_INPUT_BYTES), never to an end
 * that may not come: `yes | tourney participants bulk-add cup` grew to 4.6 GB in 11 s, and
 * `tourney api --input /dev/zero` never ended (an outside review). Past the bound: exit 2
 * naming the input, nothing sent.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/errors.js";
import { readBoundedFile } from "../../src/cli/input-file.js";
import { readAll } from "../../src/cli/io.js";
import { MAX_INPUT_BYTES } from "../../src/cli/utf8-input.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

/** An endless stdin of `y` lines, 64 KiB a chunk; counts what was taken. */
function yes() {
  const chunk = Buffer.from("y\n".repeat(32_768));
  const taken = { bytes: 0 };
  return {
    taken,
    stream: {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          taken.bytes += chunk.length;
          yield chunk;
        }
      },
    },
  };
}

describe("readAll and readBoundedFile stop at the bound", () => {
  it("an endless stdin: a usage error once past 256 MiB, not one chunk more", async () => {
    const { stream, taken } = yes();
    const error = await readAll(stream).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      "stdin holds more than 256 MiB, more than tourney reads (is it endless, as `yes` or /dev/zero?); nothing was sent",
    );
    expect(taken.bytes).toBeGreaterThan(MAX_INPUT_BYTES);
    expect(taken.bytes).toBeLessThanOrEqual(MAX_INPUT_BYTES + 65_536);
  });

  it("/dev/zero (a device with no size and no end)", () => {
    expect(() => readBoundedFile("/dev/zero", "--input /dev/zero")).toThrow(
      "--input /dev/zero holds more than 256 MiB",
    );
  });
});

describe("the commands refuse an endless input, exit 2, nothing added", () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = createSandbox();
  });
  afterEach(() => sb.cleanup());

  it("participants bulk-add --file /dev/zero", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Y"]));
    const r = await sb.run(["participants", "bulk-add", "y", "--file", "/dev/zero"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--file /dev/zero holds more than 256 MiB");
    expect((await sb.run(["participants", "list", "y", "--json"])).json()).toEqual([]);
  });

  it("api --input /dev/zero and -F x=@/dev/zero", async () => {
    for (const args of [
      ["api", "-X", "POST", "/tournaments.json", "--input", "/dev/zero"],
      ["api", "-X", "POST", "/tournaments.json", "-F", "x=@/dev/zero"],
    ]) {
      const r = await sb.run(args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain("/dev/zero holds more than 256 MiB");
    }
  });
});
