/**
 * What an import would send (`publish --dry-run`), read from the target
 * without writing: the tournament to create, the participants to add, the
 * check-in, the state changes, the results to report and those already there,
 * the participants removed mid-event, open matches' scores, stations and
 * attachments, and what the interface cannot carry (attachments' files; stations on a
 * service without them).
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import { matchKey, type TournamentExport } from "../../model/tournament-export.js";
import { attachmentsRefusal, carried } from "./attachment-replay.js";
import { miscChanges } from "./participant-details.js";
import {
  caseRenames,
  misplaced,
  namesAfter,
  type Rename,
  renamedRecords,
  renamesOf,
  swapStop,
} from "./participant-renames.js";
import {
  checkInChange,
  hasWindow,
  notInFile,
  type Roster,
  removedAfterStart,
  rosterDifference,
  startsTarget,
  targetParticipants,
} from "./participant-replay.js";
import { stateText, targetStateOf } from "./published-state.js";
import { conflictWords, resultConflicts } from "./result-conflicts.js";
import { differenceLines, settingDifferences } from "./settings-difference.js";
import {
  replaysFinal,
  replaysGroups,
  STATE_AFTER,
  type StageMoment,
  stageChange,
} from "./stage-steps.js";
import { plannedStations, stationStepLines, stationSteps } from "./station-steps.js";
import { keyOf } from "./target-matches.js";
import { BEFORE_PROCESSING, walkIns } from "./walk-ins.js";

const NOT_STARTED = new Set(["pending", "checking_in", "checked_in"]);

const flag = (p: ApiRecord, name: string) =>
  ((p.attributes.states ?? {}) as Record<string, unknown>)[name];

async function targetState(client: ApiClient, doc: TournamentExport) {
  const url = doc.tournament.url;
  try {
    const t = await client.tournaments.get(url);
    const read = await client.participants.listAll(url);
    // The hosted service's records give no state (the description's Tournament has none).
    const state = await targetStateOf(client, url, t);
    // Renamed since in the file's tournament, or spelled in another letter case: renamed there
    // by the import (participant-step.ts); the checks below read the names it leaves.
    const { renames, swapped } = await renamesThere(client, doc, read, state.state);
    const people = renamedRecords(read, renames);
    const names = people.map((p) => String(p.attributes.name));
    const having = (name: string, value: boolean) =>
      new Set(people.filter((p) => flag(p, name) === value).map((p) => String(p.attributes.name)));
    const stations = await plannedStations(client, doc);
    // Complete by their records too: a service that ignores ?state= answers every match,
    // and the plan counted the open ones' results "already there". No state: the service's word.
    const complete = (await client.matches.listAll(url, { state: "complete" })).filter(
      (m) => typeof m.attributes.state !== "string" || m.attributes.state === "complete",
    );
    return {
      name: String(t.attributes.name),
      type: String(t.attributes.tournament_type),
      differences: settingDifferences(doc, t),
      attachments: attachmentsRefusal(doc, t),
      renames,
      swapped,
      misc: miscChanges(doc, people).map((c) => c.name),
      state: state.state,
      stateText: stateText(state),
      names: new Set(names),
      people: targetParticipants(people),
      complete: new Map(complete.map((m) => [keyOf(m), m])),
      roster: rosterAfter(read, renames),
      checkedIn: having("checked_in", true),
      inactive: having("active", false),
      stations,
    };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return undefined;
  }
}

/**
 * The renames the import would send (participant-renames.ts), and its stop's text when the
 * file's names are there at other seeds with no result to confirm the swap.
 */
async function renamesThere(
  client: ApiClient,
  doc: TournamentExport,
  people: readonly ApiRecord[],
  state: string,
): Promise<{ renames: Rename[]; swapped: string | undefined }> {
  if (NOT_STARTED.has(state)) return { renames: caseRenames(doc, people), swapped: undefined };
  if (!misplaced(doc, people)) return { renames: [], swapped: undefined };
  const url = doc.tournament.url;
  const matches = await client.matches.listAll(url);
  const covers = (renames: readonly Rename[]) => {
    const after = new Set(namesAfter(people, renames));
    return doc.participants.every((p) => after.has(p.name));
  };
  const found = renamesOf(doc, people, matches);
  const unconfirmed = renamesOf(doc, people, matches, false);
  const stop = unconfirmed.length > found.length && covers(unconfirmed);
  return {
    renames: covers(found) ? found : [],
    swapped: stop ? swapStop(url, people, unconfirmed) : undefined,
  };
}

/** The target's participants as the replay knows them, once `renames` are made (nameOf only). */
function rosterAfter(people: readonly ApiRecord[], renames: readonly Rename[]): Roster {
  const to = new Map(renames.map((r) => [r.id, r.to]));
  const nameOf = new Map(people.map((p) => [Number(p.id), String(p.attributes.name)]));
  for (const [id, name] of to) nameOf.set(id, name);
  const idOf = new Map([...nameOf].map(([id, name]) => [name, id]));
  return { idOf, nameOf, inactive: new Set() };
}

/**
 * The stages' steps in the order the run takes them, decided by the run's own rules
 * (stage-steps.ts) from the state the plan's earlier steps leave, each stage's results
 * counted (a result there that is not the file's stops the plan before: refusal).
 */
function stageSteps(doc: TournamentExport, found: Found): string[] {
  const lines: string[] = [];
  let state = found?.state ?? "pending";
  const change = (moment: StageMoment, text: string) => {
    const to = stageChange(moment, doc, state);
    if (to === undefined) return;
    lines.push(text);
    state = STATE_AFTER[to] ?? state;
  };
  const results = (group: boolean, what: string) => {
    const matches = doc.matches.filter((m) => (m.group !== null) === group);
    const played = matches.filter((m) => m.state === "complete");
    const there = played.filter((m) => found?.complete.has(matchKey(m)) === true).length;
    const left = played.length - there;
    lines.push(`report ${left} ${what}${left === 1 ? "" : "s"} (${there} already there)`);
  };
  if (replaysGroups(doc)) {
    change("group start", "start the group stage");
    results(true, "group stage result");
    change("group end", "finalize the group stage");
  }
  if (replaysFinal(doc)) change("final start", "start");
  if (replaysFinal(doc) || !replaysGroups(doc)) results(false, "result");
  return lines;
}

/** `what` with N the count, each {s} and {es} a plural's ending unless it is one; nothing for none. */
function count(n: number, what: string): string[] {
  if (n === 0) return [];
  const one = n === 1;
  return [
    what
      .replace("N", String(n))
      .replaceAll("{s}", one ? "" : "s")
      .replaceAll("{es}", one ? "" : "es"),
  ];
}

/** One line per step the import would take, in the order it takes them, nothing sent. */
export async function planImport(client: ApiClient, doc: TournamentExport): Promise<string[]> {
  const t = doc.tournament;
  const found = await targetState(client, doc);
  const lines: string[] = [];
  if (found === undefined)
    lines.push(`create tournament ${t.url} (${t.name}, ${t.tournament_type})`);
  else lines.push(`tournament ${t.url} is there (${found.stateText}): continue it`);
  const renamed = new Set(found?.renames.map((r) => r.to));
  const missing = doc.participants.filter(
    (p) => found?.names.has(p.name) !== true && !renamed.has(p.name),
  );
  const stop = refusal(doc, found, missing);
  if (stop !== undefined) return [...lines, stop, "dry run: nothing was sent"];
  const renames = (found?.renames ?? []).map((r) => `${r.from} to ${r.to}`);
  lines.push(...count(renames.length, `rename N participant{s}: ${renames.join(", ")}`));
  const misc = found?.misc ?? [];
  lines.push(...count(misc.length, `send the misc of N participant{s}: ${misc.join(", ")}`));
  // Walk-ins come after the target's check-in is processed (walk-ins.ts).
  const late = found === undefined || BEFORE_PROCESSING.has(found.state) ? walkIns(doc) : new Set();
  const now = missing.filter((p) => !late.has(p.name)).map((p) => p.name);
  const after = missing.filter((p) => late.has(p.name)).map((p) => p.name);
  lines.push(...count(now.length, `add N participant{s}: ${now.join(", ")}`));
  lines.push(...checkInSteps(doc, found));
  lines.push(
    ...count(after.length, `add N participant{s} who came after the check-in: ${after.join(", ")}`),
  );
  lines.push(...stageSteps(doc, found));
  lines.push(...laterSteps(doc, found));
  if (t.state === "complete" && found?.state !== "complete") lines.push("finalize");
  lines.push("dry run: nothing was sent");
  return lines;
}

type Found = Awaited<ReturnType<typeof targetState>>;

/**
 * The refusal the import stops at before sending anything (importer.ts sameKind, with the settings, and
 * ensureParticipants, participant-replay.ts refuseOtherRoster, exit 5), as the plan's last step; before, the plan listed the steps
 * of an import that then sent nothing.
 */
function refusal(
  doc: TournamentExport,
  found: Found,
  missing: readonly { name: string }[],
): string | undefined {
  if (found === undefined) return undefined;
  const t = doc.tournament;
  if (found.name !== t.name || found.type !== t.tournament_type)
    return `stop: the target already has a tournament at url ${t.url} that is not this one (target: ${found.name} (${found.type}), file: ${t.name} (${t.tournament_type})); the publish would send nothing (exit 5)`;
  if (found.differences.length > 0)
    return `stop: the target's tournament ${t.url} has other settings than the file's (${differenceLines(found.differences).join("; ")}); the publish would send nothing (exit 5)`;
  if (found.attachments !== undefined) {
    const [what, setting] = found.attachments.split("\n");
    return `stop: ${what} (${setting!.trim()}); the publish would send nothing (exit 5)`;
  }
  if (found.swapped !== undefined)
    return `stop: ${found.swapped.split("\n")[0]!.replace(/; nothing was sent$/, "")}; the publish would send nothing (exit 5)`;
  if (missing.length > 0 && !NOT_STARTED.has(found.state))
    return `stop: the target's tournament ${t.url} has started without ${missing.map((p) => p.name).join(", ")}; the publish would send nothing (exit 5)`;
  const renamed = found.renames.map((r) => r.from);
  const extra = NOT_STARTED.has(found.state) ? [] : notInFile(doc, [...found.names], renamed);
  if (extra.length > 0)
    return `stop: the target's tournament ${t.url} has started with ${extra.join(", ")}, whom the file does not have; the publish would send nothing (exit 5)`;
  const differ =
    NOT_STARTED.has(found.state) && startsTarget(doc)
      ? rosterDifference(doc, found.people)
      : undefined;
  if (differ !== undefined)
    return `stop: the target's tournament ${t.url} has not started and would start with another bracket than the file's: its participants or seeds differ (${differ.join("; ").replace(/ +/g, " ")}); the publish would send nothing (exit 5)`;
  // Every result there checked before any is sent, as the run does (result-conflicts.ts).
  const conflicts = resultConflicts(doc, found.complete, found.roster);
  if (conflicts.length > 0)
    return `stop: the target's tournament ${t.url} holds results that are not the file's, at ${conflictWords(conflicts)}; the publish would send nothing (exit 5)`;
  return undefined;
}

/** The check-ins, sent before the start. */
function checkInSteps(doc: TournamentExport, found: Found): string[] {
  const checkIns = doc.participants.filter((p) => p.checked_in && !found?.checkedIn.has(p.name));
  const window = hasWindow(doc);
  // The check-in processed, aborted or left open as the run does (participant-replay.ts).
  const then = {
    process_checkin: ", then process the check-in",
    abort_checkin: ", then abort the check-in",
    none: " (the check-in left open, as the file's is)",
  }[checkInChange(doc) ?? "none"];
  return [
    ...count(
      window ? checkIns.length : 0,
      `check in N participant{s}${then} (tourney's check_in verb, not in the published v2.1 description: a service without it refuses)`,
    ),
    ...count(
      window ? 0 : checkIns.length,
      "not carried: N check-in{s} (the file's tournament has no check-in window, starts_at and check_in_duration, for the target to open)",
    ),
  ];
}

/** The steps after the results, each only when it sends something. */
function laterSteps(doc: TournamentExport, found: Found): string[] {
  const lines: string[] = [];
  const removed = [...removedAfterStart(doc)].filter((name) => !found?.inactive.has(name));
  if (removed.length > 0)
    lines.push(`remove ${removed.join(", ")} mid-event, as the file's event did (forfeits follow)`);
  const open = doc.matches.filter(
    (m) => m.state !== "complete" && (m.score_in_sets.length > 0 || m.underway_at !== null),
  );
  lines.push(...count(open.length, "send the scores or underway marks of up to N open match{es}"));
  if (found !== undefined && found.stations === undefined) {
    lines.push(
      ...count(
        doc.stations.length,
        `not carried: N station{s}, queues included (the service has no stations: GET /tournaments/${doc.tournament.url}/stations answered 404)`,
      ),
    );
  } else {
    // The run's own decisions (station-steps.ts), from the stations there now.
    lines.push(...stationStepLines(stationSteps(doc, found?.stations ?? [], () => true)));
    const queued = doc.stations.reduce((n, s) => n + s.queue.length, 0);
    lines.push(...count(queued, "queue up to N match{es} at their stations"));
  }
  const kept = doc.attachments.filter(carried);
  lines.push(...count(kept.length, "create up to N attachment{s} (url and description)"));
  const files = doc.attachments.filter((a) => a.attributes.asset != null).length;
  lines.push(
    ...count(
      files,
      "not carried: the files of N attachment{s} (the export holds their name, type and size, not their bytes; the v2.1 interface has no way to read them)",
    ),
  );
  return lines;
}
