/**
 * `tourney tournament publish` to a real `serve` on loopback (issue 29): embedded
 * tournaments of every format, mid-event and complete, published to a remote profile
 * end with the same document there (players, scores, winners, states, final ranks);
 * a re-run sends nothing twice; a target whose bracket differs stops it with exit 5
 * before any report; --dry-run sends nothing. The verbs run in-process on the
 * sandbox's own profiles (the embedded default and `lan`), and through the built binary.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTournamentExport } from "../../src/cli/commands/tournament/export.js";
import { runTournamentPublish } from "../../src/cli/commands/tournament/publish.js";
import { runTournamentPull } from "../../src/cli/commands/tournament/pull.js";
import { comparable, expectValidExport } from "../cli/transfer/export-check.js";
import { FORMATS, playedTournament } from "../cli/transfer/play-fixture.js";
import { runBinary } from "../helpers/binary.js";
import { makeTestFactory, type TestFactory } from "../helpers/factory.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("publish");
}, 60_000);
afterAll(async () => sandbox.close());

function factory(remote = false, json = false): TestFactory {
  return makeTestFactory(
    { env: remote ? sandbox.remote : sandbox.local, homeDir: join(sandbox.dir, "home") },
    { globals: { json } },
  );
}

async function exported(remote: boolean, url: string) {
  const f = factory(remote);
  try {
    await runTournamentExport(f.factory, { tournament: url });
    const doc = f.json();
    expectValidExport(doc);
    return doc;
  } finally {
    await f.factory.close();
  }
}

async function publish(url: string, dryRun = false) {
  const f = factory(false, true);
  try {
    await runTournamentPublish(f.factory, { tournament: url, to: "lan", dryRun });
    return f.json();
  } finally {
    await f.factory.close();
  }
}

async function local() {
  const f = factory();
  return { client: await f.factory.client(), close: () => f.factory.close() };
}

describe.each(FORMATS.map((format, i) => ({ ...format, i })))("$label", (format) => {
  for (const [stage, count] of [
    ["mid-event", 5],
    ["complete", 10_000],
  ] as const) {
    it(`${stage}: the same tournament on serve, and a re-run sends nothing`, async () => {
      const url = `pub${format.i}${stage === "complete" ? "c" : "m"}`;
      const l = await local();
      await playedTournament(l.client, url, format, count, stage === "complete");
      await l.close();
      const first = await publish(url);
      expect(first).toMatchObject({ url, created: true, added: format.players });
      expect(first.reported).toBeGreaterThan(2);
      const here = await exported(false, url);
      const there = await exported(true, url);
      expect(comparable(there)).toEqual(comparable(here));
      if (stage === "complete") expect(there.final_ranks.length).toBeGreaterThan(3);
      const again = await publish(url);
      expect(again).toMatchObject({ created: false, added: 0, reported: 0 });
      expect(again.skipped).toBe(first.reported);
      expect(comparable(await exported(true, url))).toEqual(comparable(here));
    });
  }
});

describe("a participant renamed mid-event", () => {
  it("is renamed on serve (the remote client's participant PUT), and the results follow", async () => {
    const run = async (...args: string[]) => {
      const r = await runBinary(args, sandbox.local);
      expect(r.code, r.stderr).toBe(0);
      return r;
    };
    await run("tournament", "create", "--name", "Pub Cup", "--url", "pub_cup");
    await run("participants", "bulk-add", "pub_cup", "Ann", "Bob", "Cy", "Dee");
    await run("tournament", "start", "pub_cup");
    await run("tournament", "publish", "pub_cup", "--to", "lan");
    await run("participants", "update", "pub_cup", "Dee", "--name", "Deb");
    await run("match", "report", "pub_cup", "A", "--winner", "Ann");
    // Before: exit 5, "the target's tournament pub_cup has started without Deb".
    const sent = await run("tournament", "publish", "pub_cup", "--to", "lan");
    expect(sent.stdout).toBe(
      "pub_cup: found, 0 participants added, 1 result sent, 0 already there; also sent: 1 participant renamed\n",
    );
    expect(comparable(await exported(true, "pub_cup"))).toEqual(
      comparable(await exported(false, "pub_cup")),
    );
  });
});

describe("a target that differs, a dry run, the way back", () => {
  it("stops with exit 5 before any report when the remote bracket differs", async () => {
    const l = await local();
    await playedTournament(l.client, "clash", FORMATS[0]!, 3);
    await l.close();
    const r = await factory(true).factory.client();
    // The file's settings (a third-place match), so that the bracket is what differs:
    // other settings are refused before (transfer/import-settings.test.ts).
    await r.tournaments.create({
      name: "Event clash",
      url: "clash",
      ...FORMATS[0]!.attributes,
    });
    const names = Array.from({ length: 8 }, (_, i) => ({ name: `Player ${8 - i}` }));
    await r.participants.bulkAdd("clash", names);
    await r.tournaments.changeState("clash", "start");
    const run = await runBinary(["tournament", "publish", "clash", "--to", "lan"], sandbox.local);
    expect(run.code, run.stderr).toBe(5);
    // The file's names at other seeds, no result there to tell a swap from another seeding:
    // stopped before anything is sent, with both ways on (participant-renamed.test.ts).
    expect(run.stderr).toMatch(
      /the target's tournament clash has the file's names at other seeds, by seed and matches \(Player 8 \(seed 1\) is the file's Player 1, /,
    );
    expect(run.stderr).toMatch(/nothing was sent\n/);
    expect(run.stderr).toMatch(/tourney tournament delete clash/);
    expect(await r.matches.listAll("clash", { state: "complete" })).toEqual([]);
  });

  it("--dry-run lists what would be sent and sends nothing", async () => {
    const l = await local();
    await playedTournament(l.client, "dry", FORMATS[3]!, 4);
    await l.close();
    const run = await runBinary(
      ["tournament", "publish", "dry", "--to", "lan", "--dry-run"],
      sandbox.local,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        "create tournament dry (Event dry, round robin)",
        "add 5 participants: Player 1, Player 2, Player 3, Player 4, Player 5",
        "start",
        "report 4 results (0 already there)",
        "dry run: nothing was sent",
        "",
      ].join("\n"),
    );
    const view = await runBinary(["tournament", "view", "dry"], sandbox.remote);
    expect(view.code).toBe(3);
  });

  it("pull --from brings a tournament begun on serve into the embedded backend", async () => {
    const r = await factory(true).factory.client();
    await playedTournament(r, "begun", FORMATS[1]!, 4);
    const f = factory(false, true);
    await runTournamentPull(f.factory, { tournament: "begun", from: "lan", dryRun: false });
    expect(f.json()).toMatchObject({ url: "begun", created: true, reported: 4 });
    await f.factory.close();
    expect(comparable(await exported(false, "begun"))).toEqual(
      comparable(await exported(true, "begun")),
    );
  });
});
