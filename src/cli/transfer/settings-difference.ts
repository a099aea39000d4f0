/**
 * The settings that shape the competition, compared between an export's tournament and the
 * target's tournament of the same url, which an import (or publish) continues: the target's
 * engine ranks, pairs and numbers the matches by its own settings, so another ranking, points,
 * third place, swiss rounds ... gave other final ranks or identifiers, exit 0 (a reviewer
 * found it: a round robin ranked by points scored imported into one ranked by match wins).
 *
 * Derived from the file's settings (every attribute a create accepts: export-reader.ts), each
 * leaf compared, but for those that shape nothing: the presentation (description, game name,
 * private, notifications, hide_seeds), the sign-up and check-in window (registration_options,
 * starts_at), stations (station_options) and attachments. The options of another format are
 * left out too (a round robin's swiss_options), and the group stage's unless it is enabled.
 */
import type { ApiRecord } from "../../client/envelope.js";
import type { TournamentExport } from "../../model/tournament-export.js";
import { settingsOf } from "./export-reader.js";

/** Settings (top-level keys, or dotted leaves) that shape nothing the engine plays or ranks. */
const NOT_SHAPING = new Set([
  "game_name",
  "private",
  "starts_at",
  "description",
  "notifications",
  "registration_options",
  "station_options",
  "match_options.accept_attachments",
  "seeding_options.hide_seeds",
]);

/** The options block of each format: compared only for a tournament or group stage of it. */
const FORMAT_OPTIONS: Readonly<Record<string, string>> = {
  double_elimination_options: "double elimination",
  round_robin_options: "round robin",
  swiss_options: "swiss",
  free_for_all_options: "free for all",
};

/** The formats that rank by tie-breaks (an elimination's ranks come from its bracket). */
const RANKED = new Set(["round robin", "swiss", "free for all"]);

export interface SettingDifference {
  readonly setting: string;
  readonly file: unknown;
  readonly target: unknown;
}

/** Every leaf of `value` under `path` (arrays are leaves). */
function leaves(value: unknown, path: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, path === "" ? k : `${path}.${k}`, out);
  } else out.set(path, value);
}

/** A value as compared: no value and "" alike, a number written as text a number. */
function normal(v: unknown): string {
  if (v === undefined || v === null || v === "") return "null";
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)))
    return String(Number(v));
  return JSON.stringify(v);
}

/** The formats in play: the tournament's, and its group stage's when enabled. */
function formatsOf(type: string, settings: Record<string, unknown>): Set<string> {
  const formats = new Set([type]);
  const group = settings.group_stage_options as Record<string, unknown> | undefined;
  if (settings.group_stage_enabled === true && group !== undefined)
    formats.add(String(group.stage_type));
  return formats;
}

function shapes(path: string, formats: ReadonlySet<string>, groups: boolean): boolean {
  const top = path.split(".")[0]!;
  if (NOT_SHAPING.has(top) || NOT_SHAPING.has(path)) return false;
  const format = FORMAT_OPTIONS[top];
  if (format !== undefined) return formats.has(format);
  if (top === "group_stage_options") return groups;
  if (top === "tie_breaks") return groups || [...formats].some((f) => RANKED.has(f));
  return true;
}

/**
 * The settings shaping the competition in which the target's tournament `found` differs from
 * the file's (only those both sides give: a service may leave some out); none when alike.
 */
export function settingDifferences(doc: TournamentExport, found: ApiRecord): SettingDifference[] {
  const t = doc.tournament;
  const target = settingsOf(found);
  const groups = t.settings.group_stage_enabled === true || target.group_stage_enabled === true;
  const formats = formatsOf(t.tournament_type, t.settings);
  const [mine, theirs] = [new Map<string, unknown>(), new Map<string, unknown>()];
  leaves(t.settings, "", mine);
  leaves(target, "", theirs);
  const differences: SettingDifference[] = [];
  for (const [setting, file] of mine) {
    if (!theirs.has(setting) || !shapes(setting, formats, groups)) continue;
    const other = theirs.get(setting);
    if (normal(file) !== normal(other)) differences.push({ setting, file, target: other });
  }
  return differences;
}

/** The differences as lines: "round_robin_options.ranking: file "points scored", target "match wins"". */
export function differenceLines(differences: readonly SettingDifference[]): string[] {
  return differences.map(
    (d) =>
      `${d.setting}: file ${JSON.stringify(d.file)}, target ${JSON.stringify(d.target ?? null)}`,
  );
}

/** The value as `tournament update --set PATH=VALUE` takes it (JSON, or a plain string). */
function setValue(v: unknown): string {
  const text = typeof v === "string" ? v : JSON.stringify(v ?? null);
  return /^[A-Za-z0-9_.,:-]*$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The refusal of an import into the target's tournament `url` whose settings differ (exit 5,
 * nothing sent): each setting with both values, and the ways out. The target's settings are
 * never changed by the import: they may have been chosen there on purpose.
 */
export function settingsRefusal(url: string, differences: readonly SettingDifference[]): string {
  const sets = differences.map((d) => `--set ${d.setting}=${setValue(d.file)}`).join(" ");
  return [
    `the target's tournament ${url} has other settings than the file's; its engine would pair or rank it otherwise`,
    ...differenceLines(differences).map((line) => `  ${line}`),
    `nothing was sent; while it is pending, give it the file's settings (tourney tournament update ${url} ${sets}) and import again; once started, delete it (tourney tournament delete ${url}) or import the file under another url (change "url" in its "tournament")`,
  ].join("\n");
}

/**
 * A race's settings that shape its rounds and points (the service freezes them once it has
 * started: raceType, grandPrixOptions, pointsTable), compared as a tournament's are. A grand
 * prix's only: a time trial runs one round and gives no table points. raceType is compared
 * apart (race-importer.ts: another race at the url). Before, a race published into one of 5
 * rounds or another points table went on (exit 0) and the target kept its own.
 */
const RACE_SHAPING = ["grandPrixOptions.rounds", "pointsTable"] as const;

/** The race settings in which the target's race `found` differs from the file's `race`. */
export function raceSettingDifferences(
  race: Readonly<Record<string, unknown>>,
  found: ApiRecord,
): SettingDifference[] {
  if (race.raceType !== "grand prix") return [];
  const [mine, theirs] = [new Map<string, unknown>(), new Map<string, unknown>()];
  leaves(race, "", mine);
  leaves(found.attributes, "", theirs);
  return RACE_SHAPING.flatMap((setting) => {
    if (!mine.has(setting) || !theirs.has(setting)) return [];
    const [file, target] = [mine.get(setting), theirs.get(setting)];
    return normal(file) === normal(target) ? [] : [{ setting, file, target }];
  });
}

/** The refusal of a race import into the target's race `url` whose settings differ (exit 5). */
export function raceSettingsRefusal(
  url: string,
  differences: readonly SettingDifference[],
): string {
  const sets = differences.map((d) => `--set ${d.setting}=${setValue(d.file)}`).join(" ");
  return [
    `the target's race ${url} has other settings than the file's; its rounds or points would differ`,
    ...differenceLines(differences).map((line) => `  ${line}`),
    `nothing was sent; while it is pending, give it the file's settings (tourney race update ${url} ${sets}) and import again; once started, delete it (tourney race delete ${url}) or import the file under another url (change "url" in its "race")`,
  ].join("\n");
}
