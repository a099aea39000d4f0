/**
 * Issue 24, item 7, as a user meets it: text that is not UTF-8 (a Latin-1 "é"
 * is the byte E9) was stored with U+FFFD in its place. Now it is refused, naming
 * where: a v2.1 JSON body and a v1 form or query against the built `serve`
 * (400), and a Latin-1 roster piped or named with --file to the built CLI
 * (exit 2, the line, and how to convert it); nothing is stored.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

describe.runIf(BUILT)("text that is not UTF-8", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-utf8-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let served: Served;
  let base: string;

  beforeAll(async () => {
    mkdirSync(env.HOME, { recursive: true });
    served = await startServe(["--db", join(dir, "served.db")], env);
    base = `http://127.0.0.1:${served.port}`;
  });
  afterAll(async () => {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const listed = async () => {
    const r = await fetch(`${base}/v2.1/tournaments.json`, {
      headers: { Authorization: served.apiKey, "Authorization-Type": "v1" },
    });
    return ((await r.json()) as any).data.map((t: any) => t.attributes.name);
  };

  it("v2.1: a JSON body holding a Latin-1 byte is a 400 naming it; nothing is made", async () => {
    const json =
      '{"data":{"type":"tournaments","attributes":{"name":"Lat\u00e9in","tournament_type":"swiss"}}}';
    const body = Buffer.from(json, "latin1");
    const answer = await fetch(`${base}/v2.1/tournaments.json`, {
      method: "POST",
      headers: {
        Authorization: served.apiKey,
        "Authorization-Type": "v1",
        "Content-Type": "application/vnd.api+json",
      },
      body,
    });
    const reply = (await answer.json()) as any;
    expect(answer.status).toBe(400);
    const at = body.indexOf(0xe9);
    expect(reply.errors[0].detail).toBe(
      `the request body is not UTF-8: byte ${at} is 0xE9 (Latin-1 or another encoding?); send the text as UTF-8`,
    );
    expect(await listed()).toEqual([]);
  });

  it("v1: tournament[name]=Lat%E9in in a form or the query is refused (v1 errors are 422) naming the parameter", async () => {
    const form = await fetch(`${base}/v1/tournaments.json?api_key=${served.apiKey}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "tournament[name]=Lat%E9in&tournament[tournament_type]=swiss",
    });
    const formText = await form.text();
    expect(form.status, formText).toBe(422);
    expect(formText).toMatch(/parameter tournament\[name\] in the form is not UTF-8: %E9/i);
    const query = await fetch(
      `${base}/v1/tournaments.json?api_key=${served.apiKey}&tournament[name]=Lat%E9in&tournament[tournament_type]=swiss`,
      { method: "POST" },
    );
    const queryText = await query.text();
    expect(query.status, queryText).toBe(422);
    expect(queryText).toMatch(/parameter tournament\[name\] in the query is not UTF-8/i);
    // UTF-8 escapes are taken as ever.
    const right = await fetch(`${base}/v1/tournaments.json?api_key=${served.apiKey}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "tournament[name]=Lat%C3%A9in&tournament[tournament_type]=swiss",
    });
    expect(right.status, await right.clone().text()).toBe(200);
    expect(await listed()).toEqual(["Latéin"]);
  });

  it("the CLI: a Latin-1 roster exits 2 naming the line and how to convert it; nothing added", async () => {
    const made = await runBinary(
      ["tournament", "create", "--name", "Cup", "--url", "cup", "--type", "swiss"],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    const piped = spawnSync(process.execPath, [BIN, "participants", "bulk-add", "cup"], {
      env,
      input: Buffer.from("M\xfcller\n", "latin1"),
      encoding: "utf8",
    });
    expect(piped.status, piped.stderr).toBe(2);
    expect(piped.stderr).toBe(
      'error: stdin is not UTF-8 text: line 1 holds the byte 0xFC (Latin-1 "ü"?); convert the file first, e.g. iconv -f latin1 -t utf-8 roster.txt > roster-utf8.txt\n',
    );
    const file = join(dir, "players.csv");
    writeFileSync(file, Buffer.from("Ada\nJos\xe9\nJos\xe8\n", "latin1"));
    const named = await runBinary(["participants", "bulk-add", "cup", "--file", file], env);
    expect(named.code, named.stderr).toBe(2);
    expect(named.stderr).toContain(`--file ${file} is not UTF-8 text: line 2 holds the byte 0xE9`);
    expect(named.stderr).toContain(
      `iconv -f latin1 -t utf-8 ${file} > ${join(dir, "players-utf8.csv")}`,
    );
    const count = await runBinary(["tournament", "view", "cup", "--json"], env);
    expect(JSON.parse(count.stdout).participants_count).toBe(0);
  });
});
