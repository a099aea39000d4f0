import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOURNAMENT_STATES } from "../../src/model/tournament.js";
import { expectValidExport } from "../cli/transfer/export-check.js";
import { runBinary } from "../helpers/binary.js";
import { useHostedPrism } from "../helpers/prism.js";
import { watch } from "../helpers/watch-process.js";

const T = "r6siege_tournament_xx";
const R = "horse_racing_101";
const MOCK_NAME = "Rainbow Six: Siege Tournament";

describe("the remote backend where the description answers otherwise than serve", () => {
  const hosted = useHostedPrism("prism-unpublished");

  /** `watch ARGS --since 1d --json` until it says it is watching and prints `until`, then Ctrl-C. */
  async function watched(until: string, ...args: string[]) {
    const w = watch(hosted.env, ...args, "--since", "1d", "--json");
    await w.ready;
    let out = "";
    await new Promise<void>((printed) => {
      w.child.stdout!.on("data", (d) => {
        out += d;
        if (out.includes(until)) printed();
      });
      w.child.once("exit", () => printed());
      if (until === "" || w.child.exitCode !== null) printed();
    });
    w.child.kill("SIGINT");
    return w.done;
  }

  it.each([
    [T, []],
    ["30201", []],
    [T, ["--poll", "--interval", "0.2"]],
  ])("watch %s %j follows the tournament the bare record is", async (target, flags) => {
    const r = await watched("match.completed", target, ...flags);
    expect(r.stderr).not.toMatch(/^error:/m);
    // The record has no state: worked out from its matches (all complete) and final ranks,
    // as the export works it out (model/worked-out-state.ts).
    expect(r.stderr).toContain("watching Rainbow Six: Siege Tournament (complete)");
    expect(r.stdout).toContain('"type":"match.completed"');
    expect(r.stdout).toContain('"url":"r6siege_tournament_xx"');
    expect(hosted.prism.violations()).toEqual([]);
  });

  it("race watch follows the race when its participants are not published", async () => {
    const r = await watched("", R, "--race");
    expect(r.stderr).not.toMatch(/^error:/m);
    expect(r.stderr).toContain("watching race Horse Racing 101 (pending)");
    expect(hosted.prism.violations()).toEqual([]);
  });

  it("tournament export and pull read a tournament whose stations are not published", async () => {
    const exported = await runBinary(["tournament", "export", T], hosted.env);
    expect(exported.code, exported.stderr).toBe(0);
    const document = JSON.parse(exported.stdout);
    expect(document).toMatchObject({ stations: [], participants: [{ name: "Player 1's Name" }] });
    // The description's Tournament and Match attributes carry no state: the export works
    // it out (published-state.ts, model/worked-out-state.ts) and stays valid against its schema.
    expectValidExport(document);
    expect(TOURNAMENT_STATES).toContain(document.tournament.state);
    const { TOURNEY_PROFILE: _hosted, ...local } = hosted.env;
    const pulled = await runBinary(["tournament", "pull", T, "--from", "hosted"], local);
    // Its match complete and its participant holding a final rank (only a finalize gives
    // one): complete.
    expect(document.tournament.state).toBe("complete");
    // The description's examples are one complete match without players and one participant:
    // the pull reads past the stations, creates the tournament with its participant, and the
    // start the complete match calls for is refused as such (exit 5, said plainly).
    expect(pulled.code, `${pulled.stderr}\n${exported.stdout}`).toBe(5);
    expect(pulled.stderr).toContain("a tournament needs at least 2 active participants to start");
    expect(hosted.prism.violations()).toEqual([]);
  });

  it("tournament publish to the mock: the dry run names the state worked out, the publish decides on it", async () => {
    // A tournament of the mock's name and url, with the mock's one participant, in a local
    // backend of its own. The mock's record has no state; its one match is complete and its
    // participant holds a final rank: the tournament is complete there (published-state.ts).
    const { TOURNEY_PROFILE: _hosted, ...others } = hosted.env;
    const local = { ...others, TOURNEY_DATA_DIR: join(hosted.dir, "data-publish") };
    const run = async (...args: string[]) => {
      const r = await runBinary(args, local);
      expect(r.stderr).not.toContain("undefined");
      return r;
    };
    // The mock's settings (its example has a third-place match): other settings are refused
    // before anything is sent (transfer/import-settings.test.ts).
    const created = await run(
      "tournament",
      "create",
      "--name",
      MOCK_NAME,
      "--url",
      T,
      "--third-place",
    );
    expect(created.code, created.stderr).toBe(0);
    // With the mock's misc too: a misc that differs is sent again (participant-details.ts).
    const misc = "Store whatever string you like here";
    expect((await run("participant", "add", T, "Player 1's Name", "--misc", misc)).code).toBe(0);
    const dry = await run("tournament", "publish", T, "--to", "hosted", "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    // Before: "tournament r6siege_tournament_xx is there (undefined): continue it".
    expect(dry.stdout).toBe(
      [
        `tournament ${T} is there (complete, worked out from its matches: the service gives no state): continue it`,
        "report 0 results (0 already there)",
        "dry run: nothing was sent",
        "",
      ].join("\n"),
    );
    const sent = await run("tournament", "publish", T, "--to", "hosted");
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toBe(
      `${T}: found, 0 participants added, 0 results sent, 0 already there\n`,
    );
    // A participant the complete tournament there does not have: refused, nothing sent.
    expect((await run("participant", "add", T, "Player 2")).code).toBe(0);
    const stop = await run("tournament", "publish", T, "--to", "hosted", "--dry-run");
    expect(stop.code, stop.stderr).toBe(5);
    expect(stop.stdout.split("\n")[1]).toBe(
      `stop: the target's tournament ${T} has started without Player 2; the publish would send nothing (exit 5)`,
    );
    const refused = await run("tournament", "publish", T, "--to", "hosted");
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`the target's tournament ${T} has started without Player 2`);
    expect(hosted.prism.violations()).toEqual([]);
  });

  it("station queue list (queuers), update, assign, unassign, queue add of a tournament whose stations are not published: exit 3 saying so; station list: none", async () => {
    for (const station of ["3", "Table 1"]) {
      const r = await runBinary(["station", "queuers", "list", T, station], hosted.env);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(
        `error: no station ${JSON.stringify(station)} in tournament ${T}: the service has no stations (GET /tournaments/${T}/stations answered 404)`,
      );
      expect(r.code).toBe(3);
    }
    for (const args of [
      ["station", "update", T, "3", "--name", "Main stage"],
      ["station", "assign", T, "3", "A"],
      ["station", "unassign", T, "3"],
      ["station", "queue", "add", T, "3", "A"],
    ]) {
      const r = await runBinary(args, hosted.env);
      expect(r.stdout, args.join(" ")).toBe("");
      expect(r.stderr, args.join(" ")).toContain(
        `error: no station "3" in tournament ${T}: the service has no stations (GET /tournaments/${T}/stations answered 404)`,
      );
      expect(r.code, args.join(" ")).toBe(3);
    }
    for (const verb of ["check-in", "undo-check-in"]) {
      const r = await runBinary(["participants", verb, T, "76"], hosted.env);
      const path = verb.replaceAll("-", "_");
      expect(r.stderr).toContain(
        `error: the service has no check-in (POST /tournaments/${T}/participants/76/${path} answered 404 for a participant it has)`,
      );
      expect(r.code).toBe(3);
    }
    const created = await runBinary(["station", "create", T, "Main"], hosted.env);
    expect(created.stderr).toContain(
      `error: cannot create station "Main" in tournament ${T}: the service has no stations (POST /tournaments/${T}/stations answered 404)`,
    );
    expect(created.code).toBe(3);
    const listed = await runBinary(["station", "list", T], hosted.env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toBe("");
    expect(listed.stderr).toContain(
      `the service has no stations (GET /tournaments/${T}/stations answered 404): tournament ${T} has none`,
    );
    expect(hosted.prism.violations()).toEqual([]);
  });

  it("race export names participants by the times' ids and works out the standings", async () => {
    const r = await runBinary(["race", "export", R], hosted.env);
    expect(r.code, r.stderr).toBe(0);
    const document = JSON.parse(r.stdout);
    expect(document.participants).toEqual([{ name: "45" }]);
    expect(document.rounds[0].times).toMatchObject([{ participant: "45", rank: 1 }]);
    expect(document.standings).toMatchObject([{ participant: "45", rank: 1, totalTime: 1000 }]);
  });

  it("race standings are worked out from the rounds' times, and said so", async () => {
    const r = await runBinary(["race", "standings", R], hosted.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\t").slice(0, 2)).toEqual(["1", "45"]);
    expect(r.stderr).toContain("the service has no standings (GET /standings answered 404)");
  });

  it.each([
    ["race", "standings", "no_such_race"],
    ["race", "export", "no_such_race"],
    ["tournament", "export", "no_such_cup"],
  ])("%s %s of one that is not there is still a 404 (embedded backend)", async (...args) => {
    const { TOURNEY_PROFILE: _hosted, ...local } = hosted.env;
    const r = await runBinary(args, local);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^error: .*not found/m);
  });
});
