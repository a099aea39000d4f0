/**
 * An e2e flow that calls every operation of the published description once,
 * through a Prism proxy (`--errors`) in front of `tourney serve` (issue 25),
 * with the headers, paths and bodies the description draws. Each call's outcome
 * is recorded: its status and the violations Prism found (a violation answers
 * 500 with the list, so the ids the flow needs next are read from serve directly).
 */

export interface Outcome {
  readonly operation: string;
  readonly status: number;
  /** Prism's violation messages, as "request: ..." or "response: ...". */
  readonly violations: readonly string[];
  /** Every string under a `links` object of the answer (Prism checks them as mere strings). */
  readonly links: readonly string[];
}

interface Flow {
  readonly proxy: string;
  readonly serve: string;
  readonly apiKey: string;
}

type Body = Record<string, unknown> | undefined;

const data = (type: string, attributes: Record<string, unknown>) => ({
  data: { type, attributes },
});

function headers(apiKey: string): Record<string, string> {
  return {
    Authorization: apiKey,
    "Authorization-Type": "v1",
    Accept: "application/json",
    "Content-Type": "application/vnd.api+json",
  };
}

/** The strings under every `links` object of a JSON answer (none for another body). */
export function linksOf(text: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, inLinks: boolean): void => {
    if (typeof value === "string" && inLinks) found.push(value);
    else if (Array.isArray(value)) for (const v of value) walk(v, inLinks);
    else if (typeof value === "object" && value !== null)
      for (const [k, v] of Object.entries(value)) walk(v, inLinks || k === "links");
  };
  try {
    walk(JSON.parse(text), false);
  } catch {
    // Not JSON: no links.
  }
  return found;
}

function violationsOf(status: number, text: string): string[] {
  if (status >= 400 && !text.includes("prism/errors#VIOLATIONS"))
    return [`answer: ${text.slice(0, 300)}`];
  if (status !== 500 || !text.includes("prism/errors#VIOLATIONS")) return [];
  const parsed = JSON.parse(text) as { validation: { location: string[]; message: string }[] };
  return parsed.validation.map((v) => `${v.location[0]}: ${v.message}`);
}

/** Runs the flow; the outcome of each published operation, in the order called. */
export async function runPublishedFlow(flow: Flow): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const call = async (operation: string, method: string, path: string, body?: Body) => {
    const response = await fetch(`${flow.proxy}/v2.1${path}`, {
      method,
      headers: headers(flow.apiKey),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    outcomes.push({
      operation,
      status: response.status,
      violations: violationsOf(response.status, text),
      links: linksOf(text),
    });
  };
  /** serve itself, for the ids the flow needs next. */
  const direct = async (method: string, path: string, body?: Body): Promise<any> => {
    const response = await fetch(`${flow.serve}/v2.1${path}`, {
      method,
      headers: headers(flow.apiKey),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return text === "" ? undefined : JSON.parse(text);
  };
  await tournamentFlow(call, direct, "", "t");
  await tournamentFlow(call, direct, "/communities/club", "c");
  await raceFlow(call, direct);
  await call("findUser", "GET", "/me.json");
  await call("findCommunities", "GET", "/communities.json");
  return outcomes;
}

type Call = (operation: string, method: string, path: string, body?: Body) => Promise<void>;
type Direct = (method: string, path: string, body?: Body) => Promise<any>;

/** The operations of a tournament, plain (`scope` "") or in a community. */
async function tournamentFlow(call: Call, direct: Direct, scope: string, tag: string) {
  const c = scope === "" ? "" : "Community";
  const base = `${scope}/tournaments`;
  const settings = { tournament_type: "single elimination" };
  await call(
    `create${c}Tournament`,
    "POST",
    `${base}.json`,
    data("Tournaments", { name: `Cup ${tag}`, ...settings }),
  );
  const list = await direct("GET", `${base}?per_page=100`);
  const t = list.data.find((x: any) => x.attributes.name === `Cup ${tag}`).id as string;
  await call(`find${c}Tournaments`, "GET", `${base}.json`);
  await call(`show${c}Tournament`, "GET", `${base}/${t}.json`);
  const accept = { match_options: { accept_attachments: true } };
  await call(`update${c}Tournament`, "PUT", `${base}/${t}.json`, data("Tournaments", accept));
  const people = `${base}/${t}/participants`;
  await call(
    `create${c}Participant`,
    "POST",
    `${people}.json`,
    data("Participants", { name: "Ada" }),
  );
  const names = ["Bea", "Cy", "Dee", "Eve"].map((name) => ({ name }));
  await call(
    `bulk${c}CreateParticipant`,
    "POST",
    `${people}/bulk_add.json`,
    data("Participants", { participants: names }),
  );
  const field = (await direct("GET", people)).data as any[];
  const p = field[0].id as string;
  await call(`find${c}Participants`, "GET", `${people}.json`);
  await call(`show${c}Participant`, "GET", `${people}/${p}.json`);
  await call(
    `update${c}Participant`,
    "PUT",
    `${people}/${p}.json`,
    data("Participants", { misc: "x" }),
  );
  await call(`delete${c}Participant`, "DELETE", `${people}/${field[4].id}.json`);
  await call(`randomize${c}Participants`, "PUT", `${people}/randomize.json`);
  const start = data("TournamentState", { state: "start" });
  await call(`changeState${c}Tournament`, "PUT", `${base}/${t}/change_state.json`, start);
  const m = ((await direct("GET", `${base}/${t}/matches?state=open`)).data as any[])[0];
  const [one, two] = [m.attributes.player1_id, m.attributes.player2_id];
  await call(`find${c}Matches`, "GET", `${base}/${t}/matches.json`);
  await call(`show${c}Match`, "GET", `${base}/${t}/matches/${m.id}.json`);
  const underway = data("MatchState", { state: "mark_as_underway" });
  if (scope === "")
    await call(
      "changeStateMatch",
      "PUT",
      `${base}/${t}/matches/${m.id}/change_state.json`,
      underway,
    );
  const report = {
    match: [
      { participant_id: one, score_set: "3", advancing: true },
      { participant_id: two, score_set: "1" },
    ],
  };
  await call(`update${c}Match`, "PUT", `${base}/${t}/matches/${m.id}.json`, data("Match", report));
  await attachmentFlow(call, direct, scope, `${base}/${t}`, m.id);
  // Reset (the community's by the `change_stage` spelling), so that the field may be cleared.
  const reset = data("TournamentState", { state: "reset" });
  if (scope === "") await direct("PUT", `${base}/${t}/change_state`, reset);
  else await call("changeStageCommunityTournament", "PUT", `${base}/${t}/change_stage.json`, reset);
  await call(`clearAll${c}Participants`, "DELETE", `${people}/clear.json`);
  await call(`delete${c}Tournament`, "DELETE", `${base}/${t}.json`);
}

async function attachmentFlow(call: Call, direct: Direct, scope: string, t: string, m: string) {
  const note = data("match_attachment", { description: "a note" });
  if (scope === "") {
    const at = `${t}/matches/${m}/attachments`;
    await call("createMatchAttachments", "POST", `${at}.json`, note);
    await call("findMatchAttachments", "GET", `${at}.json`);
    const a = (await direct("GET", at)).data[0].id as string;
    await call("deleteMatchAttachment", "DELETE", `${at}/${a}.json`);
    return;
  }
  const at = `${t}/match_attachments`;
  await call("createCommunityMatchAttachments", "POST", `${at}.json?match_id=${m}`, note);
  await call("findCommunityMatchAttachments", "GET", `${at}.json`);
  const a = (await direct("GET", `${at}?match_id=${m}`)).data[0].id as string;
  await call("deleteCommunityMatchAttachment", "DELETE", `${at}/${a}.json`);
}

/** The race operations, with the inputs drawn as the description draws them (no data wrapper). */
async function raceFlow(call: Call, direct: Direct) {
  const race = (name: string, url: string) => ({
    type: "Race",
    attributes: { name, url, raceType: "time trial" },
  });
  await call("createRace", "POST", "/races.json", race("Derby", "derby_1"));
  // serve's own form (wrapped), for what the flow needs whatever the call above got.
  await direct("POST", "/races", { data: race("Derby", "derby_1") });
  await direct("POST", "/races", { data: race("Other", "other_1") });
  await call("findRaces", "GET", "/races.json");
  await call("showRace", "GET", "/races/derby_1.json");
  await call("updateRace", "PUT", "/races/derby_1.json", {
    type: "Race",
    attributes: { description: "x" },
  });
  const racers = ["Ada", "Bea"].map((name) => ({ name }));
  await direct(
    "POST",
    "/races/derby_1/participants/bulk_add",
    data("Participants", { participants: racers }),
  );
  await call(
    "changeStateRace",
    "PUT",
    "/races/derby_1/change_state.json",
    data("RaceState", { state: "start" }),
  );
  await call("findRounds", "GET", "/races/derby_1/rounds.json");
  await call("showRound", "GET", "/races/derby_1/rounds/1.json");
  const times = "/races/derby_1/rounds/1/elapsed_times";
  const ids = ((await direct("GET", times)).data as any[]).map((x) => x.id as string);
  await call("findElapsedTime", "GET", `${times}.json`);
  await call("showElapsedTime", "GET", `${times}/${ids[0]}.json`);
  const time = { type: "ElaspedTime", attributes: { elapsedTime: 61000, points: 0 } };
  await call("updateElapsedTime", "PUT", `${times}/${ids[0]}.json`, time);
  const bulk = { elapsed_times: [{ elapsedTimeId: Number(ids[1]), time: 59000, points: 0 }] };
  await call("bulkUpdateElapsedTime", "POST", `${times}/bulk_update.json`, {
    type: "BulkElapsedTime",
    attributes: bulk,
  });
  await call(
    "updateRound",
    "PUT",
    "/races/derby_1/rounds/1.json",
    data("RoundState", { state: "finalize" }),
  );
  await call("deleteRace", "DELETE", "/races/other_1.json");
}
