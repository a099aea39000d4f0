/** `tourney tournament standings <tournament>`: one table per stage, every tie-break. */
import type { Command } from "commander";
import type { ApiClient } from "../../../client/api-client.js";
import { NotFoundError } from "../../../client/errors.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import type { OutputStream } from "../../io.js";
import type { Column, Printer } from "../../output/printer.js";
import { type FlatRecord, flatten, idValue } from "../../output/records.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Prints one table per stage: each group of the group stage, then the final stage, every
row with its rank, record (wins, losses, ties), games won-lost, points scored, points
difference, points, and the value of every tie-break in the order they apply. Players
level on every tie-break share a rank (1, 2, 2, 4), the same as their final_rank. In a
free for all, placing first alone is a win, sharing first place a tie, any other place
a loss.
On a terminal, points scored and points difference are shown once: under their tie-break's
name (POINTS SCORED, POINTS DIFFERENCE) where the stage uses them, else as SCORED and DIFF.
Piped: a header line naming the columns (as --json names the fields), then one
tab-separated row per player of every stage, all with the same columns: stage,
group_id, rank, participant_id, name, wins, losses, ties, games_won, games_lost,
points_scored, points_difference, points, byes (only when the tournament has a swiss
stage: 0 in its other stage), then the tie-breaks of every stage ("-" where a stage does
not use one). On a terminal, a swiss stage's table has a BYES column. --json prints an array of records: id ("stage:group:participant"),
participant_id, name, stage ("group" | "final"), group_id, rank, wins, losses, ties,
games_won, games_lost, points_scored, points_difference, points, byes (swiss byes taken;
0 elsewhere), tie_breaks {name: value}.

Standings come from GET /tournaments/{t}/standings, an extension of the v2.1 interface.
A service without it (404) gets the participants' final_rank instead (final stage only,
after finalize), with a note on stderr; those records carry id, participant_id, name,
stage, group_id and rank only.`;

const BASE_COLUMNS: readonly Column[] = [
  { header: "RANK", value: "rank" },
  { header: "ID", value: "participant_id" },
  { header: "NAME", value: "name" },
  { header: "W", value: "wins" },
  { header: "L", value: "losses" },
  { header: "T", value: "ties" },
  {
    header: "GAMES",
    value: (r) => (r.games_won === undefined ? "" : `${r.games_won}-${r.games_lost}`),
  },
  { header: "SCORED", value: "points_scored" },
  { header: "DIFF", value: "points_difference" },
  { header: "POINTS", value: "points" },
];

const FALLBACK_COLUMNS: readonly Column[] = BASE_COLUMNS.slice(0, 3);

/** The tie-breaks whose value is a base column's (the same tally): shown once, as tie-breaks. */
const SAME_AS: Readonly<Record<string, string>> = {
  "points scored": "points_scored",
  "points difference": "points_difference",
};

/**
 * A terminal's columns of a section: the base ones, but SCORED and DIFF where a tie-break of
 * the section is that very value ("points scored", "points difference"), its column then
 * shown once, where the tie-breaks' order puts it. Before, SCORED and POINTS SCORED side by
 * side with the same figure.
 */
function baseColumns(tieBreaks: readonly string[]): readonly Column[] {
  const shown = new Set(tieBreaks.map((name) => SAME_AS[name]));
  return BASE_COLUMNS.filter((c) => typeof c.value !== "string" || !shown.has(c.value));
}

/** A swiss stage's byes taken (each scores the bye's points): on a terminal, after POINTS. */
const BYES_COLUMN: Column = { header: "BYES", value: "byes" };

/** Piped: the header line names each column as --json names the field. */
const TSV_COLUMNS: readonly Column[] = [
  "stage",
  "group_id",
  "rank",
  "participant_id",
  "name",
  "wins",
  "losses",
  "ties",
  "games_won",
  "games_lost",
  "points_scored",
  "points_difference",
  "points",
].map((field) => ({ header: field, value: field }));

const TSV_FALLBACK_COLUMNS: readonly Column[] = TSV_COLUMNS.slice(0, 5);

/**
 * The stages played as swiss ("group" | "final"), read from the tournament: the type of the
 * final stage, the group stage's stage_type. A swiss stage may have no byes (an even field),
 * so the rows' counts cannot tell it; no column when neither stage is swiss.
 */
async function swissStages(client: ApiClient, tournament: string): Promise<Set<string>> {
  const t = (await client.tournaments.get(tournament)).attributes;
  const stages = new Set<string>();
  if (t.tournament_type === "swiss") stages.add("final");
  const group = t.group_stage_options as { stage_type?: unknown } | null | undefined;
  if (t.group_stage_enabled === true && group?.stage_type === "swiss") stages.add("group");
  return stages;
}

interface Section {
  readonly title: string;
  readonly rows: FlatRecord[];
}

function sectionsOf(rows: readonly FlatRecord[]): Section[] {
  const sections = new Map<string, Section>();
  const grouped = rows.some((r) => r.stage === "group");
  for (const row of rows) {
    const group = row.group_id ?? null;
    const key = `${String(row.stage)}:${String(group)}`;
    const title =
      row.stage === "group" ? `Group ${String(group)}` : grouped ? "Final stage" : "Standings";
    const section = sections.get(key) ?? { title, rows: [] };
    section.rows.push(row);
    sections.set(key, section);
  }
  return [...sections.values()];
}

function tieBreakNames(rows: readonly FlatRecord[]): string[] {
  const names = new Set<string>();
  for (const row of rows) {
    const values = row.tie_breaks;
    if (typeof values === "object" && values !== null)
      for (const k of Object.keys(values)) names.add(k);
  }
  return [...names];
}

function tieBreakColumns(rows: readonly FlatRecord[], header: (name: string) => string): Column[] {
  return tieBreakNames(rows).map((name) => ({
    header: header(name),
    value: (r: FlatRecord) => (r.tie_breaks as Record<string, unknown> | undefined)?.[name],
  }));
}

/** Without the standings extension: final_rank of each participant, best first. */
async function finalRanks(client: ApiClient, tournament: string): Promise<FlatRecord[]> {
  const participants = await client.participants.listAll(tournament);
  const rank = (p: FlatRecord) => (typeof p.rank === "number" ? p.rank : Number.MAX_SAFE_INTEGER);
  return participants
    .map((p) => ({
      id: `final:0:${p.id}`,
      participant_id: idValue(p.id),
      name: p.attributes.name,
      stage: "final",
      group_id: null,
      rank: p.attributes.final_rank ?? null,
      seed: p.attributes.seed,
    }))
    .sort((a, b) => rank(a) - rank(b) || Number(a.seed) - Number(b.seed))
    .map(({ seed: _seed, ...row }) => row);
}

/**
 * Piped: a header line, then every row of every stage with the same columns (the tie-breaks
 * of all stages; `-` where a stage has not that one), so the stream reads as one table.
 */
async function printRows(
  out: OutputStream,
  printer: Printer,
  rows: readonly FlatRecord[],
  fallback: boolean,
  swiss: ReadonlySet<string>,
) {
  const columns = [
    ...(fallback ? TSV_FALLBACK_COLUMNS : TSV_COLUMNS),
    ...(swiss.size > 0 ? [{ header: "byes", value: "byes" }] : []),
    ...tieBreakColumns(rows, (name) => name),
  ];
  out.write(`${columns.map((c) => c.header).join("\t")}\n`);
  await printer.list(rows, columns);
}

async function print(
  f: Factory,
  rows: readonly FlatRecord[],
  fallback: boolean,
  swiss: () => Promise<ReadonlySet<string>>,
) {
  const printer = f.printer();
  if (printer.mode === "json") return printer.json(rows);
  if (rows.length === 0) return printer.note("no standings yet: the tournament has not started");
  const stages = fallback ? new Set<string>() : await swiss();
  if (printer.mode === "tsv") return printRows(f.io.stdout, printer, rows, fallback, stages);
  const sections = sectionsOf(rows);
  for (const [i, section] of sections.entries()) {
    const columns = [
      ...(fallback ? FALLBACK_COLUMNS : baseColumns(tieBreakNames(section.rows))),
      ...(stages.has(String(section.rows[0]?.stage)) ? [BYES_COLUMN] : []),
      ...tieBreakColumns(section.rows, (name) => name.toUpperCase()),
    ];
    printer.heading(section.title, i === 0);
    await printer.list(section.rows, columns);
  }
}

export interface TournamentStandingsOptions {
  /** Tournament id or url. */
  readonly tournament: string;
}

export async function runTournamentStandings(
  f: Factory,
  o: TournamentStandingsOptions,
): Promise<void> {
  const client = await f.client();
  const printer = f.printer();
  let rows: FlatRecord[];
  let fallback = false;
  try {
    rows = (await client.tournaments.standings(o.tournament)).map(flatten);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    rows = await finalRanks(client, o.tournament);
    fallback = true;
    printer.note(
      "the service has no standings (GET /standings answered 404): showing final_rank from the participants",
    );
  }
  await print(f, rows, fallback, () => swissStages(client, o.tournament));
}

export function registerStandings(noun: Command, app: App): void {
  noun
    .command("standings")
    .description("standings of each group, then of the final stage, with every tie-break")
    .argument("<tournament>", "tournament id or url")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["{t}", "{t} --json"] }))
    .action(async (tournament: string, _flags: unknown, command: Command) =>
      runTournamentStandings(app.factory(command), { tournament }),
    );
}
