/**
 * `tourney serve` behind a strict Prism proxy (`--errors`) of the published
 * description (issue 25): an e2e flow calls every published operation once, and
 * every violation Prism finds is one of the deliberate differences listed in
 * docs/interface.md with its reason; anything else fails the test.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { type Prism, repairedDescription, startPrism } from "../helpers/prism.js";
import { type Outcome, runPublishedFlow } from "../helpers/published-flow.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const LIST = /^response: Response body must be array$/;
/** Operations the description answers with a bare array, where serve sends a document. */
const AS_DOCUMENT = [
  "findTournaments",
  "findParticipants",
  "findMatches",
  "bulkCreateParticipant",
  "randomizeParticipants",
  "findCommunityTournaments",
  "findCommunityParticipants",
  "findCommunityMatches",
  "bulkCommunityCreateParticipant",
  "randomizeCommunityParticipants",
  "changeStateRace",
  "updateRound",
  "updateElapsedTime",
  "bulkUpdateElapsedTime",
];
const CREATED =
  /^response: Unable to match the returned status code with those defined in the document: 200,400,401,406,415$/;
/** An unset date is null (DESIGN.md §3); the description has no nullable marker. */
const UNSET_DATE =
  /^response: Response body property data\.(\d+\.)?attributes\.timestamps\.\w+ must be string$/;

/** The deliberate differences (docs/interface.md), by operation: the violations they make. */
const DOCUMENTED: Readonly<Record<string, readonly RegExp[]>> = {
  ...Object.fromEntries(AS_DOCUMENT.map((operation) => [operation, [LIST]])),
  createParticipant: [CREATED],
  createCommunityParticipant: [CREATED],
  findRounds: [UNSET_DATE],
  showRound: [UNSET_DATE],
};

const interfaceDoc = fileURLToPath(new URL("../../docs/interface.md", import.meta.url));

describe("serve behind a strict Prism proxy of the published description", () => {
  let sandbox: ServedSandbox;
  let prism: Prism;
  let outcomes: Outcome[];

  beforeAll(async () => {
    sandbox = await servedSandbox("prism-proxy");
    const club = await runBinary(
      ["serve", "community", "add", "club", "--db", sandbox.servedDb],
      sandbox.local,
    );
    expect(club.code, club.stderr).toBe(0);
    const serve = `http://127.0.0.1:${sandbox.served.port}`;
    prism = await startPrism("proxy", repairedDescription(), serve);
    outcomes = await runPublishedFlow({ proxy: prism.url, serve, apiKey: sandbox.served.apiKey });
  }, 180_000);

  afterAll(async () => {
    await prism?.stop();
    await sandbox?.close();
  });

  it("calls every published operation", () => {
    const published = JSON.parse(
      readFileSync(
        fileURLToPath(new URL("../fixtures/contract/v2.1.swagger.json", import.meta.url)),
        "utf8",
      ),
    ) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ids = new Set(
      Object.values(published.paths).flatMap((item) =>
        Object.values(item).map((o) => o.operationId),
      ),
    );
    const called = new Set(outcomes.map((o) => o.operation));
    // The description names the match change and the community change_stage
    // `changeStateTournament` too; the flow names them apart.
    called.add("changeStateTournament");
    expect([...ids].filter((id) => !called.has(id))).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(57);
  });

  it("answers each one with no violation outside the documented differences", () => {
    const undocumented = outcomes
      .map((o) => ({
        ...o,
        violations: o.violations.filter(
          (v) => !(DOCUMENTED[o.operation] ?? []).some((allowed) => allowed.test(v)),
        ),
      }))
      .filter((o) => o.violations.length > 0 || (o.status >= 300 && o.status !== 500));
    expect(undocumented).toEqual([]);
  });

  it("answers with links as the description draws them: absolute, with .json (Prism checks only that they are strings)", () => {
    const links = outcomes.flatMap((o) => o.links.map((link) => ({ op: o.operation, link })));
    expect(links.length).toBeGreaterThan(30);
    const drawn = /^http:\/\/127\.0\.0\.1:\d+\/v2\.1\/[^?]+\.json(\?.*)?$/;
    expect(links.filter(({ link }) => !drawn.test(link))).toEqual([]);
  });

  it("lists every difference it allows in docs/interface.md", () => {
    const doc = readFileSync(interfaceDoc, "utf8");
    expect(Object.keys(DOCUMENTED).filter((operation) => !doc.includes(operation))).toEqual([]);
  });
});
