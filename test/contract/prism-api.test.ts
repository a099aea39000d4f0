/**
 * What the CLI reads and sends where the point is the published description's shape, against
 * the strict Prism mock of it (helpers/prism.ts), in-process (helpers/cli.ts):
 * - an error answer is drawn `[{"errors": {detail, status, source}}]` (ErrorModel in an
 *   array): its detail is the error's message, not the bare status line;
 * - `tournament list --state` sends only the published filter's values (pending,
 *   in_progress, ended), none for `all`: a finer state is sent as its group, and refused
 *   where the records give no state to tell it by (the description's Tournament has none);
 * - `match list` asks for no stations (not a published path: 404 every time) where the
 *   matches have no station_id, as the description's Match has none: 2 requests, not 3;
 * - `match list --state` leaves out the matches in another state, as the mock ignores the
 *   `?state=` filter (answers its complete match whatever is asked); `--participant` leaves
 *   out the matches of other players, as it ignores `?participant_id=` (its participant 76
 *   plays no match: its match is 355 against 354); `match report`'s prompt offers no match
 *   to pick, as it has none open;
 * - the documented `tourney api` examples work against it: a path with no extension is sent
 *   with `.json` on a remote profile, and the jq programs read a bare list or record too.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Prism, repairedDescription, startPrism } from "../helpers/prism.js";
import { typing } from "../helpers/typing.js";

const T = "r6siege_tournament_xx";

describe("the remote backend against the published shapes (Prism mock)", () => {
  let prism: Prism;
  let sb: Sandbox;
  let env: Record<string, string>;

  beforeAll(async () => {
    sb = createSandbox();
    prism = await startPrism("mock", repairedDescription());
    env = { TOURNEY_BASE_URL: prism.url, TOURNEY_API_KEY: "mock-key-1" };
  }, 120_000);

  afterAll(async () => {
    await prism?.stop();
    sb?.cleanup();
  });

  it("an error in the published shape says its detail ", async () => {
    const body = join(sb.dir, "body.json");
    writeFileSync(body, JSON.stringify({ data: { type: "Tournaments", attributes: {} } }));
    const put = ["api", "-X", "PUT", `/tournaments/${T}.json`, "--input", body];
    const refused = await sb.run([...put, "-H", "Prefer: code=422"], { env });
    expect(refused.code).toBe(5);
    expect(refused.stderr).toBe("error: This is an error message\n");
    const gone = await sb.run(["api", `/tournaments/${T}.json`, "-H", "Prefer: code=404"], {
      env,
    });
    expect(gone.code).toBe(3);
    expect(gone.stderr).toBe("error: This is an error message\n");
  });

  it.each([
    ["all", 0, ""],
    ["pending", 0, ""],
    ["in_progress", 0, ""],
    ["complete", 0, ""],
    ["underway", 2, "error: --state underway: the service's tournaments give no state"],
    ["checking_in", 2, "`--state pending` lists them all"],
  ])("tournament list --state %s sends a published value", async (state, code, stderr) => {
    const before = prism.violations().length;
    const r = await sb.run(["tournament", "list", "--state", state, "--json", "name"], { env });
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).toContain(stderr);
    if (code === 0) expect(r.json()).toEqual([{ name: "Rainbow Six: Siege Tournament" }]);
    expect(prism.violations().slice(before)).toEqual([]);
  });

  it("match list: the matches and the participants, no stations request", async () => {
    const from = prism.log().length;
    const r = await sb.run(["match", "list", T], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^8008135\tA\t1\t/);
    const asked = [
      ...prism
        .log()
        .slice(from)
        .matchAll(/\[HTTP SERVER\] (\w+) (\S+) /g),
    ];
    expect(asked.map((m) => `${m[1]} ${m[2]}`)).toEqual([
      `get /v2.1/tournaments/${T}/matches.json`,
      `get /v2.1/tournaments/${T}/participants.json`,
    ]);
  });

  it.each([
    ["open", [], /^$/],
    ["pending", [], /^$/],
    ["complete", [{ id: 8008135, state: "complete" }], /^8008135\tA\t1\t/],
  ])(
    "match list --state %s leaves out what the mock answers in another state",
    async (state, json, rows) => {
      // The mock ignores ?state= and answers its one match, complete, whatever is asked.
      const before = prism.violations().length;
      const listed = await sb.run(["match", "list", T, "--state", state, "--json", "id,state"], {
        env,
      });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.json()).toEqual(json);
      const piped = await sb.run(["match", "list", T, "--state", state], { env });
      expect(piped.code, piped.stderr).toBe(0);
      // Piped: the rows alone (an empty list prints nothing).
      expect(piped.stdout).toMatch(rows);
      expect(prism.violations().slice(before)).toEqual([]);
    },
  );

  it("match list --participant leaves out what the mock answers of other players", async () => {
    const before = prism.violations().length;
    for (const state of ["all", "complete"]) {
      const list = ["match", "list", T, "--participant", "76", "--state", state];
      const listed = await sb.run([...list, "--json", "id"], { env });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.json()).toEqual([]);
      const piped = await sb.run(list, { env });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).toBe("");
    }
    expect(prism.violations().slice(before)).toEqual([]);
  });

  it("match report at a terminal offers no match to pick: the mock's is complete", async () => {
    // Answered as a person would, should the prompt show: before, it offered the complete
    // match, and its players, not the mock's participant, ended it (exit 3).
    const { prompter, screen } = typing([
      [/Match/, "\r"],
      [/Winner/, "\r"],
      [/Scores from/, "\r"],
    ]);
    const r = await sb.run(["match", "report", T], { env, tty: true, prompter });
    // (Before it, a warning that the mock's participant's group_id is no id.)
    expect(r.stderr).toMatch(new RegExp(`\nerror: tournament ${T} has no open match to report\n$`));
    expect(r.code).toBe(5);
    expect(screen()).not.toContain("Match");
  });

  it.each([
    [
      ["api", `tournaments/${T}`, "--jq", "(.data // .).attributes.name"],
      /^Rainbow Six: Siege Tournament\n$/,
    ],
    [["api", "-i", "/me"], /^HTTP\/1\.1 200 OK\n[\s\S]*"APIUser"/],
    [["api", "/tournaments.json", "--paginate", "--jq", "(.data? // .) | length"], /^1\n$/],
    [["api", "/tournaments?per_page=5", "--jq", "length"], /^1\n$/],
  ])("the documented example %j", async (args, stdout) => {
    const before = prism.violations().length;
    const r = await sb.run(args, { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(stdout);
    expect(prism.violations().slice(before)).toEqual([]);
  });
});
