/**
 * The CLI's remote backend against a strict Prism mock of the published
 * description (issue 25): every verb that maps to a published operation runs
 * through the built binary, with a profile whose base URL is the mock and an API
 * key from TOURNEY_API_KEY, and exits 0 with the description's example data in
 * its output. `--errors` makes Prism refuse any request that breaks the
 * description (a path without `.json`, a GET without Content-Type, a body of the
 * wrong shape), and the mock's log is checked for violations after each verb.
 *
 * The mock answers every call with the description's examples, which do not
 * agree with each other (match 8008135's players 355 and 354 are not among the
 * participants, whose only example is 76): `match report` runs with --scores
 * alone, since a --winner is looked up among the participants first.
 *
 * Prism checks no request body here (it cannot compile the description's body
 * schemas: request-bodies.ts), so the CLI talks to Prism through a loopback
 * recorder, and every body it sent is checked against its operation's body schema,
 * `required` lists included (request-bodies.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import {
  freePort,
  hostedEnv,
  type Prism,
  repairedDescription,
  startPrism,
} from "../helpers/prism.js";
import { originalPath, repairDescription } from "./repair-description.mjs";
import { type Description, requestBodyViolations, type SentRequest } from "./request-bodies.js";

/**
 * [verb line, the published operations it calls, text its output must hold: stdout,
 * or stderr for the deletes, which say what they did there].
 */
type Case = readonly [args: string, operations: string, stdout: RegExp];

const T = "r6siege_tournament_xx";
const M = "8008135";
const R = "horse_racing_101";

const CASES: readonly Case[] = [
  ["whoami", "findUser", /APIUser/],
  ["community list", "findCommunities", /Nerdfest PH/],
  ["tournament list", "findTournaments", /Rainbow Six: Siege Tournament/],
  [`tournament view ${T}`, "showTournament", /Tom Clancy's Rainbow Six Siege/],
  ["tournament create --name Cup --type swiss", "createTournament", /r6siege_tournament_xx/],
  [`tournament update ${T} --name Other`, "updateTournament", /r6siege_tournament_xx/],
  ["tournament create --name Cup", "createTournament (no --type)", /r6siege_tournament_xx/],
  [
    `tournament update ${T} --type 'round robin'`,
    "showTournament, updateTournament (no --name)",
    /r6siege_tournament_xx/,
  ],
  [`tournament start ${T}`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament finalize ${T}`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament reset ${T} --yes`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament process-checkin ${T}`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament abort-checkin ${T}`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament start-group-stage ${T}`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament finalize-group-stage ${T}`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament reset-group-stage ${T} --yes`, "changeStateTournament", /r6siege_tournament_xx/],
  [`tournament delete ${T} --yes`, "deleteTournament", /Deleted tournament/],
  [`participants list ${T}`, "findParticipants", /Player 1's Name/],
  [`participants view ${T} id:76`, "showParticipant", /Player 1's Name/],
  [
    `participants view ${T} 76`,
    "findParticipants (a bare id: is it a name too?)",
    /Player 1's Name/,
  ],
  [`participants add ${T} Ada`, "createParticipant (200, an array)", /Player 1's Name/],
  [
    `participants update ${T} 76 --misc x`,
    "findParticipants, updateParticipant",
    /Player 1's Name/,
  ],
  [`participants bulk-add ${T} Ada Grace`, "bulkCreateParticipant", /Player 1's Name/],
  [`participants randomize ${T}`, "randomizeParticipants", /Player 1's Name/],
  [`participants delete ${T} 76 --yes`, "findParticipants, deleteParticipant", /76/],
  [`participants clear ${T} --yes`, "clearAllParticipants", /Removed every participant/],
  [`match list ${T}`, "findMatches", new RegExp(M)],
  [`match view ${T} ${M}`, "showMatch", /3-1,4-2/],
  [`match report ${T} ${M} --scores 3-1`, "updateMatch", new RegExp(M)],
  [`match reopen ${T} ${M}`, "changeState (match)", new RegExp(M)],
  [`match mark-underway ${T} ${M}`, "changeState (match)", new RegExp(M)],
  [`match unmark-underway ${T} ${M}`, "changeState (match)", new RegExp(M)],
  [`attachment list ${T} ${M}`, "findMatchAttachments", /placecage/],
  [`attachment add ${T} ${M} --url https://example.com/a.png`, "createMatchAttachments", /332211/],
  [
    `attachment add ${T} ${M} --description 'the score sheet'`,
    "createMatchAttachments (a note: no url)",
    /332211/,
  ],
  [`attachment delete ${T} ${M} 332211 --yes`, "deleteMatchAttachment", /332211/],
  ["race list", "findRaces", /Horse Racing 101/],
  [`race view ${R}`, "showRace", /Horse Racing 101/],
  ["race create --name Derby --type 'time trial'", "createRace", /horse_racing_101/],
  [`race update ${R} --name Derby`, "updateRace", /horse_racing_101/],
  [`race start ${R}`, "changeStateRace", /horse_racing_101/],
  [`race end-round ${R}`, "changeStateRace", /horse_racing_101/],
  [`race reset ${R} --yes`, "changeStateRace", /horse_racing_101/],
  [`race delete ${R} --yes`, "deleteRace", /Deleted race/],
  [`race round list ${R}`, "findRounds", /pending/],
  [`race round view ${R} 1`, "showRound", /pending/],
  [`race round start ${R} 1`, "updateRound", /pending/],
  [`race round finalize ${R} 1`, "updateRound", /pending/],
  [`race round reset ${R} 1 --yes`, "updateRound", /pending/],
  [`race times list ${R} --round 1`, "findElapsedTime", /00:00:001\.001/],
  [`race times update ${R} 45 --time 62.3s --round 1`, "updateElapsedTime", /123456/],
  [`race times update ${R} 45 --points 3 --round 1`, "updateElapsedTime (no time)", /123456/],
  [`race times bulk-update ${R} --round 1 --file TIMES`, "bulkUpdateElapsedTime", /123456/],
  ["tournament list --community nerdfest", "findCommunityTournaments", /Rainbow Six/],
  [
    "tournament create --name Cup --type swiss --community nerdfest",
    "createCommunityTournament",
    /r6siege/,
  ],
  [`tournament view ${T} --community nerdfest`, "showCommunityTournament", /Rainbow Six/],
  [`tournament start ${T} --community nerdfest`, "changeStateCommunityTournament", /r6siege/],
  [`participants list ${T} --community nerdfest`, "findCommunityParticipants", /Player 1/],
  [`participants add ${T} Ada --community nerdfest`, "createCommunityParticipant", /Player 1/],
  [`match list ${T} --community nerdfest`, "findCommunityMatches", new RegExp(M)],
  [`match report ${T} ${M} --scores 3-1 --community nerdfest`, "updateCommunityMatch", /8008/],
  // `tourney api` sends Content-Type on GETs too (the description requires it everywhere).
  ["api /me.json", "findUser (tourney api)", /APIUser/],
  ["api /tournaments.json --jq length", "findTournaments (tourney api)", /^\d+\n$/],
];

/**
 * The repaired description's operations, but for the participant update's body: the
 * published description draws that update with no body, so the body the repair gives
 * it (the create's ParticipantInput, for Prism to take one at all) is no contract.
 */
function checkedDescription(): Description {
  const original = JSON.parse(readFileSync(originalPath(), "utf8")) as unknown;
  const { description } = repairDescription(original) as unknown as { description: Description };
  for (const item of Object.values(description.paths))
    for (const operation of Object.values(item))
      if (
        /^update(Community)?Participant$/.test(operation.operationId ?? "") &&
        operation.parameters
      )
        operation.parameters = operation.parameters.filter((p) => p.in !== "body");
  return description;
}

/** A loopback forwarder to `upstream` keeping every request it passed on. */
async function startRecorder(upstream: string) {
  const sent: SentRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString();
      sent.push({ method: request.method ?? "GET", url: request.url ?? "/", body });
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          ([name, value]) => typeof value === "string" && !/^(host|connection)$/i.test(name),
        ),
      ) as Record<string, string>;
      const answer = await fetch(`${upstream}${request.url}`, {
        method: request.method ?? "GET",
        headers,
        ...(body === "" ? {} : { body }),
      });
      const text = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
      response.end(text);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** "a b 'c d'" -> ["a", "b", "c d"]. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe("the CLI's remote backend against a strict Prism mock of the published description", () => {
  let prism: Prism;
  let dir: string;
  let env: Record<string, string>;
  let times: string;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  const description = checkedDescription();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tourney-prism-mock-"));
    prism = await startPrism("mock", repairedDescription());
    recorder = await startRecorder(prism.url);
    env = hostedEnv(dir);
    const added = await runBinary(["profile", "add", "hosted", "--base-url", recorder.url], env);
    expect(added.code, added.stderr).toBe(0);
    times = join(dir, "times.csv");
    writeFileSync(times, "45,62.3\n");
  }, 120_000);

  afterAll(async () => {
    await recorder?.stop();
    await prism?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it.each(CASES)("tourney %s (%s)", async (line, _operations, output) => {
    const before = prism.violations().length;
    const sentBefore = recorder.sent.length;
    const args = words(line).map((word) => (word === "TIMES" ? times : word));
    const result = await runBinary(args, env);
    expect(result.stderr).not.toMatch(/^error:/m);
    expect(result.code, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(output);
    expect(prism.violations().slice(before)).toEqual([]);
    expect(requestBodyViolations(description, recorder.sent.slice(sentBefore))).toEqual([]);
  });

  it("names the placeholder values it could not read, and reads them as unset", async () => {
    const result = await runBinary(["--json", "participants", "view", T, "76"], env);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 76, group_id: null, tournament_id: 21 });
    expect(result.stderr).toContain(
      'warning: participant 76: group_id "(If this is a group stage match, there… is not an id; read as unset',
    );
  });

  it("finds a body without a field the description requires (the body check can fail)", () => {
    const sent = (method: string, url: string, body: unknown): SentRequest => ({
      method,
      url,
      body: JSON.stringify(body),
    });
    const attachment = `/v2.1/tournaments/${T}/matches/${M}/attachments.json`;
    const rounds = `/v2.1/races/${R}/rounds/1/elapsed_times`;
    expect(
      requestBodyViolations(description, [
        sent("POST", attachment, { data: { type: "match_attachment", attributes: { url: "x" } } }),
        sent("POST", "/v2.1/races.json", {
          data: { type: "Race", attributes: { name: "D", raceType: "time trial" } },
        }),
        sent("POST", `${rounds}/bulk_update.json`, {
          data: {
            type: "BulkElapsedTime",
            attributes: { elapsed_times: [{ elapsedTimeId: 1, time: 5 }] },
          },
        }),
        sent("PUT", `/v2.1/races/${R}/change_state.json`, {
          data: { type: "RaceState", attributes: {} },
        }),
      ]),
    ).toEqual([
      `createMatchAttachments POST ${attachment}: $.data.attributes.description: missing`,
      "createRace POST /v2.1/races.json: $.attributes.url: missing",
      `bulkUpdateElapsedTime POST ${rounds}/bulk_update.json: $.attributes.elapsed_times[0].points: missing`,
      `changeStateRace PUT /v2.1/races/${R}/change_state.json: $.data.attributes.state: missing`,
    ]);
    expect(
      requestBodyViolations(description, [
        sent("POST", attachment, {
          data: { type: "match_attachment", attributes: { url: "x", description: null } },
        }),
      ]),
    ).toEqual([]);
  });

  it("is refused by the mock when it breaks the description (the suite can fail)", async () => {
    const bare = await fetch(`${prism.url}/v2.1/tournaments`, {
      headers: { Authorization: "k", "Authorization-Type": "v1" },
    });
    expect(bare.status).toBe(404);
    const noType = await fetch(`${prism.url}/v2.1/tournaments.json`, {
      headers: { Authorization: "k", "Authorization-Type": "v1" },
    });
    expect(noType.status).toBe(422);
    expect(await noType.text()).toContain("content-type");
  });
});
