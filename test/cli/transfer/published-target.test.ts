/**
 * `tournament publish` (import and its dry run) into a target answering as the published
 * description does: a tournament record with no `state` (v2.1.swagger.json's Tournament
 * has none), as the hosted service and the Prism mock of it answer. The import and its plan
 * work the state out as the export does (published-state.ts targetStateOf: from the
 * target's matches, and its participants' final ranks). Before, they read the text
 * "undefined": the dry run said `is there (undefined)`, and the import refused to add the
 * participants to the tournament it had just created ("has started without ..."), so
 * nothing but an empty tournament reached such a target.
 * The target is the embedded service on in-memory SQLite, the state taken out of its
 * tournament records at the transport; everything else is serve's.
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport } from "../../../src/cli/transfer/importer.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import type { Transport } from "../../../src/client/transport.js";
import type { TournamentExport } from "../../../src/model/tournament-export.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { FORMATS, playedTournament } from "./play-fixture.js";
import { eventUnderway, groupStageUnderway } from "./restore-fixture.js";

const pair = useTransferPair();

type Body = { data?: unknown };

/**
 * Takes `state` out of every tournament record of an answer, as the description draws it,
 * and with `groups` false `group_id` out of every match record (the description's Match has
 * none either).
 */
function published(json: Body, groups: boolean): Body {
  const strip = (r: unknown) => {
    const record = r as { type?: string; attributes?: Record<string, unknown> } | null;
    if (record?.type === "tournament" && record.attributes) delete record.attributes.state;
    if (record?.type === "match" && record.attributes && !groups) delete record.attributes.group_id;
  };
  if (Array.isArray(json.data)) json.data.forEach(strip);
  else strip(json.data);
  return json;
}

/** A client of the target whose tournament records carry no state; the requests it sent. */
async function stateless(groups = true): Promise<{ client: ApiClient; sent: string[] }> {
  const sent: string[] = [];
  const t = pair.target.make({
    transport: (shared): Transport => ({
      send: async (request) => {
        sent.push(`${request.method} ${request.path.replace(/\?.*/, "")}`);
        const answer = await shared.send(request);
        if (answer.body === "" && answer.json === undefined) return answer;
        const json = structuredClone(answer.json ?? JSON.parse(answer.body)) as Body;
        const body = JSON.stringify(published(json, groups));
        return { status: answer.status, headers: answer.headers, body, json };
      },
      close: () => shared.close(),
    }),
  });
  return { client: await t.factory.client(), sent };
}

const changes = (sent: readonly string[]) => sent.filter((r) => r.endsWith("/change_state"));

async function exported(url: string): Promise<TournamentExport> {
  return readExport(await pair.source.client(), url);
}

const derived = (state: string) =>
  `${state}, worked out from its matches: the service gives no state`;

it("a finished tournament: created, filled, started, played and finalized; the dry run then names its state, and a re-run sends nothing", async () => {
  const format = FORMATS[0]!;
  await playedTournament(await pair.source.client(), "cup", format, 100, true);
  const doc = await exported("cup");
  expect(doc.tournament.state).toBe("complete");
  const { client, sent } = await stateless();
  const summary = await importExport(client, doc);
  const played = doc.matches.filter((m) => m.state === "complete").length;
  expect(summary).toMatchObject({ created: true, added: format.players, reported: played });
  const target = await pair.target.client();
  expect((await target.tournaments.get("cup")).attributes.state).toBe("complete");
  expect(changes(sent)).toEqual([
    "PUT /v2.1/tournaments/cup/change_state",
    "PUT /v2.1/tournaments/cup/change_state",
  ]);
  // The target's participants hold final ranks: finalized, and said so.
  const plan = await planImport(client, doc);
  expect(plan).toEqual([
    `tournament cup is there (${derived("complete")}): continue it`,
    `report 0 results (${played} already there)`,
    "dry run: nothing was sent",
  ]);
  sent.length = 0;
  const again = await importExport(client, doc);
  expect(again).toMatchObject({ created: false, added: 0, reported: 0, skipped: played });
  expect(sent.filter((r) => !r.startsWith("GET"))).toEqual([]);
});

it("match records without group_id: found by identifier as final-stage matches, a re-run reports nothing", async () => {
  const format = FORMATS[1]!;
  await playedTournament(await pair.source.client(), "cup", format, 100, true);
  const doc = await exported("cup");
  const played = doc.matches.filter((m) => m.state === "complete").length;
  const { client } = await stateless(false);
  // Before: every target match keyed "group NaN A", the first result refused (exit 5).
  const summary = await importExport(client, doc);
  expect(summary).toMatchObject({ created: true, reported: played, skipped: 0 });
  const plan = await planImport(client, doc);
  expect(plan).toContain(`report 0 results (${played} already there)`);
  const again = await importExport(client, doc);
  expect(again).toMatchObject({ created: false, reported: 0, skipped: played });
  const target = await pair.target.client();
  expect((await target.tournaments.get("cup")).attributes.state).toBe("complete");
});

it("a tournament under way: the dry run of an interrupted publish says under way, and the re-run sends no start", async () => {
  await playedTournament(await pair.source.client(), "cup", FORMATS[0]!, 3);
  const doc = await exported("cup");
  const { client, sent } = await stateless();
  expect((await planImport(client, doc)).slice(0, 3)).toEqual([
    "create tournament cup (Event cup, single elimination)",
    "add 8 participants: Player 1, Player 2, Player 3, Player 4, Player 5, Player 6, Player 7, Player 8",
    "start",
  ]);
  await importExport(client, { ...doc, matches: doc.matches.filter((m) => m.round === 1) });
  expect((await pair.target.client().then((c) => c.tournaments.get("cup"))).attributes.state).toBe(
    "underway",
  );
  const plan = await planImport(client, doc);
  expect(plan[0]).toBe(`tournament cup is there (${derived("underway")}): continue it`);
  expect(plan).not.toContain("start");
  sent.length = 0;
  const summary = await importExport(client, doc);
  expect(summary).toMatchObject({ created: false, added: 0 });
  expect(changes(sent)).toEqual([]);
});

it("a two-stage event's group stage: started once, the dry run says the group stage is under way", async () => {
  await groupStageUnderway(await pair.source.client(), "duo");
  const doc = await exported("duo");
  const { client, sent } = await stateless();
  await importExport(client, doc);
  const target = await pair.target.client();
  expect((await target.tournaments.get("duo")).attributes.state).toBe("group_stages_underway");
  expect(changes(sent)).toEqual(["PUT /v2.1/tournaments/duo/change_state"]);
  expect((await planImport(client, doc))[0]).toBe(
    `tournament duo is there (${derived("group_stages_underway")}): continue it`,
  );
  sent.length = 0;
  await importExport(client, doc);
  expect(changes(sent)).toEqual([]);
});

it("a check-in to replay: refused, saying the target cannot tell its check-in open (exit 5)", async () => {
  await eventUnderway(await pair.source.client(), "lan");
  const doc = await exported("lan");
  const { client } = await stateless();
  const error = await importExport(client, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  const { code, lines } = outcomeOf(error);
  expect(lines.join("\n")).toBe(
    "error: the check-in of lan is not known to be open on the target: its records give no state (as the published description's), and with no matches yet it reads as pending; its check-ins cannot be replayed; nothing more was sent",
  );
  expect(code).toBe(5);
});

it("a group stage on a target whose match records have no group_id: refused before any result, naming why (exit 5)", async () => {
  await groupStageUnderway(await pair.source.client(), "duo");
  const doc = await exported("duo");
  const { client, sent } = await stateless(false);
  const error = await importExport(client, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  const { code, lines } = outcomeOf(error);
  expect(lines.join("\n")).toMatch(
    /^error: import stopped: the target's duo has 2 matches A \(ids \d+, \d+\) and no group_id \(as published\) to tell their groups apart; nothing more sent$/,
  );
  expect(code).toBe(5);
  // Nothing reported: every request after the start reads.
  const start = sent.lastIndexOf("PUT /v2.1/tournaments/duo/change_state");
  expect(sent.slice(start + 1).filter((r) => !r.startsWith("GET"))).toEqual([]);
});
