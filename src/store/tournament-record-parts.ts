/**
 * The part of a tournament's `--json` record (tournament-records-json.ts) made from its
 * settings alone, kept beside the tournament in `tournament_records` (migration 14) and
 * made again by a trigger only when the settings' text changes: a list then reads it as
 * it is, with no JSON parsed. What changes with a report (state, counts, progress,
 * timestamps) is not in it: those are read with the list, and no report pays for this.
 *
 * Measured (in process, 1,000 tournaments of bench/startup.mjs's store, median of 15
 * warm runs, load ~2.5): the list's statement 41 ms with ~30 `->` look-ups a row, 13 ms
 * reading these parts (same bytes). A tournament's create or settings change pays the
 * look-ups once instead (one more row written, not a row of the tournament's own).
 *
 * `head` is the record from `{"id":` to its last settings-made attribute (tie_breaks),
 * NULL when the serializer's record could come out otherwise (RENDERABLE, below) or the
 * settings are not JSON; `starts_at` the JSON text of settings.starts_at or `null`; `url`
 * settings.url as a value (the list's completion words). The SQL below reads the settings
 * through `s`, an expression of their text (`NEW.settings` in the triggers).
 */

/** `s -> path`: the JSON text of a value of the settings, NULL when absent. */
const at = (s: string, path: string) => `(${s} -> '$.${path}')`;

/**
 * The record's text from `{"id":` through tie_breaks, in the serializer's order of
 * attributes (service/serializers/tournament.ts): a key written without `?? null` is
 * left out when the settings lack it (`',"k":' || NULL` is NULL, which `joined` skips).
 */
function head(id: string, s: string): string {
  /** `"key":value`, left out (NULL) when the settings lack it; first in its object, or after a comma. */
  const kept = (key: string, path = key, first = false) =>
    `'${first ? "" : ","}"${key}":' || ${at(s, path)}`;
  /** `"key":value` or `"key":null` (the serializer's `?? null`). */
  const orNull = (key: string, path = key, first = false) =>
    `'${first ? "" : ","}"${key}":' || ifnull(${at(s, path)}, 'null')`;
  // swiss_options as `{ rounds: s.rounds ?? null, ...s }` writes it: rounds first (the
  // store writes it last when set), then the other keys in their order.
  const otherSwiss = `json_remove(${s} -> '$.swiss_options', '$.rounds')`;
  const swiss = `',"swiss_options":{"rounds":' || ifnull(${at(s, "swiss_options.rounds")}, 'null') ||
    CASE WHEN ${otherSwiss} = '{}' THEN '}' ELSE ',' || substr(${otherSwiss}, 2) END`;
  return joined([
    `'{"id":'`,
    id,
    ...["name", "url", "tournament_type", "game_name", "private"].map((k) => kept(k)),
    orNull("starts_at"),
    kept("description"),
    kept("notifications"),
    `',"match_options":{'`,
    orNull(
      "consolation_matches_target_rank",
      "match_options.consolation_matches_target_rank",
      true,
    ),
    kept("accept_attachments", "match_options.accept_attachments"),
    `'}'`,
    `',"registration_options":{'`,
    kept("open_signup", "registration_options.open_signup", true),
    orNull("signup_cap", "registration_options.signup_cap"),
    orNull("check_in_duration", "registration_options.check_in_duration"),
    `'}'`,
    ...[
      "seeding_options",
      "station_options",
      "group_stage_enabled",
      "group_stage_options",
      "double_elimination_options",
      "round_robin_options",
    ].map((k) => kept(k)),
    swiss,
    kept("free_for_all_options"),
    kept("tie_breaks"),
  ]);
}

/**
 * The parts' texts one after the other, a NULL part left out: what SQLite's `concat()`
 * does, written with `||` and `ifnull` because the text runs in the triggers, which every
 * SQLite that opens the file runs: `concat()` is SQLite 3.44's, and Debian 12's sqlite3
 * (3.40) refused any write to a tournament's settings ("no such function: concat").
 */
const joined = (parts: string[]) =>
  parts.map((p) => (/^'[^']*'$/.test(p) ? p : `ifnull(${p}, '')`)).join(" || ");

/**
 * True when the serializer's record of the settings is the text above: its option
 * groups objects (`.x` of null throws; of a string, spreads its characters),
 * registration_options with its first key (open_signup, written without `?? null`), and
 * no key of swiss_options that JavaScript would order before `rounds` (one that reads as
 * an array index). NULL (a group missing) counts as false: the CASE below takes no head.
 */
const renderable = (s: string) => `json_type(${s}, '$.match_options') = 'object'
  AND json_type(${s}, '$.registration_options') = 'object'
  AND json_type(${s}, '$.registration_options.open_signup') IS NOT NULL
  AND json_type(${s}, '$.swiss_options') = 'object'
  AND NOT (${at(s, "swiss_options")} GLOB '*[{,]"[0-9]*')`;

/** The values of a `tournament_records` row for tournament `id` with settings `s`. */
function parts(id: string, s: string): string {
  // json_valid first: a look-up into text that is not JSON is an error, which would undo
  // the write that fired the trigger.
  return `${id},
    CASE WHEN json_valid(${s}) THEN CASE WHEN ${renderable(s)} THEN ${head(id, s)} END END,
    CASE WHEN json_valid(${s}) THEN ifnull(${at(s, "starts_at")}, 'null') END,
    CASE WHEN json_valid(${s}) THEN ${s} ->> '$.url' END`;
}

const write = (row: "NEW") =>
  `INSERT OR REPLACE INTO tournament_records (tournament_id, head, starts_at, url)
    VALUES (${parts(`${row}.id`, `${row}.settings`)});`;

/** The triggers that write a tournament's parts: it is added, or its settings' text changes. */
const WRITE_TRIGGERS = `
  CREATE TRIGGER tournaments_record_insert AFTER INSERT ON tournaments BEGIN ${write("NEW")} END;
  CREATE TRIGGER tournaments_record_update AFTER UPDATE OF settings ON tournaments
    WHEN NEW.settings IS NOT OLD.settings BEGIN ${write("NEW")} END;`;

/**
 * Migration 14: the table, its triggers (a tournament added, its settings' text changed,
 * the tournament deleted) and the parts of the tournaments already stored. Its triggers
 * were written with `concat()` until migration 17 (same text made).
 */
export const TOURNAMENT_RECORDS_MIGRATION = `
  CREATE TABLE tournament_records (
    tournament_id INTEGER PRIMARY KEY,
    head          TEXT,
    starts_at     TEXT,
    url           TEXT
  );
  INSERT INTO tournament_records (tournament_id, head, starts_at, url)
    SELECT ${parts("t.id", "t.settings")} FROM tournaments t;${WRITE_TRIGGERS}
  CREATE TRIGGER tournaments_record_delete AFTER DELETE ON tournaments BEGIN
    DELETE FROM tournament_records WHERE tournament_id = OLD.id;
  END;
`;

/**
 * Migration 17: the write triggers made again without `concat()` (see `joined`), so the
 * stores migrated with migration 14's first text can be written by an SQLite older than
 * 3.44 (the sqlite3 command-line shell a user repairs the file with). The parts stored
 * stay as they are: the new text makes the same bytes.
 */
export const RECORD_TRIGGERS_REMADE = `
  DROP TRIGGER IF EXISTS tournaments_record_insert;
  DROP TRIGGER IF EXISTS tournaments_record_update;${WRITE_TRIGGERS}
`;
