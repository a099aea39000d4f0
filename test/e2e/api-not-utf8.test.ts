/**
 * Text that is not UTF-8 given to the built CLI (issue 28, H4 point 3): a Latin-1 file
 * as `tourney api --input` or as a field's `-F key=@file` was sent with U+FFFD in place
 * of each accented letter and stored so ("Caf\uFFFD"). Now refused before anything is sent,
 * exit 2 naming the flag, the file, the line and how to convert it, as `participants
 * bulk-add --file` already refused a roster; nothing is changed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

describe.runIf(BUILT)("tourney api: a file that is not UTF-8", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-e2e-api-utf8-"));
  const env = binaryEnv(home);
  const name = join(home, "name.txt");
  const body = join(home, "body.json");

  beforeAll(async () => {
    const made = await runBinary(["tournament", "create", "--name", "Cup"], env);
    expect(made.code, made.stderr).toBe(0);
    writeFileSync(name, Buffer.from("Ren\u00e9", "latin1"));
    const json = '{"data":{"type":"tournaments","attributes":{"name":"Caf\u00e9"}}}';
    writeFileSync(body, Buffer.from(json, "latin1"));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  const names = async () =>
    JSON.parse((await runBinary(["tournament", "list", "--json", "name"], env)).stdout);

  it("--input: exit 2 naming the file and the byte; nothing sent", async () => {
    const r = await runBinary(["api", "tournaments/cup", "-X", "PUT", "--input", body], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: --input ${body} is not UTF-8 text: line 1 holds the byte 0xE9 (Latin-1 "\u00e9"?); ` +
        `convert the file first, e.g. iconv -f latin1 -t utf-8 ${body} > ${join(home, "body-utf8.json")}\n`,
    );
    expect(r.stdout).toBe("");
    expect(await names()).toEqual([{ name: "Cup" }]);
  });

  it("-F key=@file: exit 2 naming the field and the file; nothing sent", async () => {
    const r = await runBinary(
      ["api", "tournaments/cup", "-X", "PUT", "-F", `data[attributes][name]=@${name}`],
      env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: -F data[attributes][name]=@${name} is not UTF-8 text: line 1 holds the byte 0xE9 ` +
        `(Latin-1 "\u00e9"?); convert the file first, e.g. iconv -f latin1 -t utf-8 ${name} > ${join(home, "name-utf8.txt")}\n`,
    );
    expect(await names()).toEqual([{ name: "Cup" }]);
  });

  it("the same files in UTF-8 are sent as they are", async () => {
    writeFileSync(name, "Ren\u00e9");
    const r = await runBinary(
      ["api", "tournaments/cup", "-X", "PUT", "-F", `data[attributes][name]=@${name}`],
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(await names()).toEqual([{ name: "Ren\u00e9" }]);
  });
});
