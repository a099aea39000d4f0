/**
 * A roster in UTF-16 without a byte order mark (every other byte 0x00, as some Windows tools
 * and PowerShell write it) is refused with one error naming it and the conversion from
 * UTF-16 (exit 2); before, every line was "a control character (U+0000) ... write a space",
 * or, holding a non-ASCII letter, a hint to convert from Latin-1 that led to the same errors.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("a BOM-less UTF-16LE or BE roster, file or stdin: one error naming UTF-16 and iconv -f utf-16le/be", async () => {
  ok(await sb.run(["tournament", "create", "--name", "U16"]));
  const le = join(sb.dir, "accent16.txt");
  writeFileSync(le, Buffer.from("Zoë\nBob\n", "utf16le"));
  const file = await sb.run(["participants", "bulk-add", "u16", "--file", le]);
  expect(file.code).toBe(2);
  expect(file.stderr).toBe(
    `error: --file ${le} is not UTF-8 text: it looks like UTF-16LE without a byte order mark (every other byte is 0x00); convert the file first, e.g. iconv -f utf-16le -t utf-8 ${le} > ${join(sb.dir, "accent16-utf8.txt")}\n`,
  );
  const be = Buffer.from("Ada\nBob\n", "utf16le").swap16();
  const stdin = await sb.run(["participants", "bulk-add", "u16", "--file", "-"], {
    stdin: be as unknown as string, // bytes, as a pipe gives them
  });
  expect(stdin.code).toBe(2);
  expect(stdin.stderr).toContain(
    "error: stdin is not UTF-8 text: it looks like UTF-16BE without a byte order mark (every other byte is 0x00); convert the file first, e.g. iconv -f utf-16be -t utf-8",
  );
  expect(ok(await sb.run(["participants", "list", "u16", "--jq", ".[].name"])).stdout).toBe("");
});
