/** `tourney watch <tournament|race>`: what happens in a tournament or a race, as it happens (issue 19). */
import { type Command, Option } from "commander";
import { MAX_TIMEOUT_SECONDS } from "../../../config/settings.js";
import { impossibleDay } from "../../../model/calendar-date.js";
import type { WatchSnapshot } from "../../../model/race-watch-events.js";
import {
  notified,
  WATCH_EVENT_TYPES,
  type WatchEvent,
  type WatchEventType,
} from "../../../model/watch-events.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { colorEnabled } from "../../io.js";
import { printsJsonEvents } from "../../json-form.js";
import { completedWith } from "../choice-option.js";
import { COMMUNITY_FLAG } from "../community-option.js";
import { eventLine } from "./event-line.js";
import type { MatchPlaces } from "./match-places.js";

export interface WatchFlags {
  readonly since?: string;
  readonly until?: string;
  readonly events?: string;
  readonly all?: boolean;
  readonly interval?: string;
  readonly poll?: boolean;
  readonly race?: boolean;
}

export interface WatchOptions {
  /** Tournament (or race) id or url. */
  readonly tournament: string;
  /** A race, not a tournament lookup first. */
  readonly race: boolean;
  /** ISO time: first the events the records date since then. */
  readonly since?: string;
  /** Exit 0 once the tournament is complete (the race completed). */
  readonly untilComplete: boolean;
  /** Only these types; undefined: all. */
  readonly events?: ReadonlySet<WatchEventType>;
  /** Ignore the tournament's notification flags. */
  readonly all: boolean;
  /** Seconds between looks at a remote service (polling). */
  readonly intervalMs?: number;
  /** Poll a remote service even when it has an event stream. */
  readonly poll: boolean;
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseSince(value: string, now: Date): string {
  const relative = /^(\d+)([smhd])$/.exec(value);
  if (relative !== null)
    return new Date(now.getTime() - Number(relative[1]) * UNITS[relative[2]!]!).toISOString();
  // Date.parse reads "0" as 2000-01-01 and "12" as December 2001: a duration missing its unit.
  // Four digits are a year (ISO 8601), its start in UTC as "2026-11" is its month's.
  if (/^\d+$/.test(value) && !/^\d{4}$/.test(value))
    throw new UsageError(
      `--since ${value} needs a unit (${value}s, ${value}m, ${value}h, ${value}d ago) or a date and time (2025-05-01T18:00:00Z)`,
    );
  // Before Date.parse: it takes T24:00 as the next day's midnight, and refuses T23:60 unexplained.
  const noDay = impossibleDay(value);
  if (noDay !== undefined)
    throw new UsageError(`--since ${JSON.stringify(value)} is not a date: ${noDay}`);
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw new UsageError(
      `--since needs a time (2025-05-01T18:00:00Z) or a duration (30s, 10m, 2h, 1d), not ${JSON.stringify(value)}`,
    );
  return new Date(time).toISOString();
}

function parseEvents(value: string): ReadonlySet<WatchEventType> {
  const types = value
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
  for (const t of types)
    if (!(WATCH_EVENT_TYPES as readonly string[]).includes(t))
      throw new UsageError(
        `--events: unknown event type ${JSON.stringify(t)}; types: ${WATCH_EVENT_TYPES.join(", ")}`,
      );
  return new Set(types as WatchEventType[]);
}

/** Flags to options (no I/O; `now` for a relative --since). */
/** The shortest --interval: ten looks a second at most. */
const MIN_INTERVAL_SECONDS = 0.1;

export function parseWatch(tournament: string, flags: WatchFlags, now: Date): WatchOptions {
  if (flags.until !== undefined && flags.until !== "complete")
    throw new UsageError(`--until takes "complete", not ${JSON.stringify(flags.until)}`);
  let intervalMs: number | undefined;
  if (flags.interval !== undefined) {
    const seconds = Number(flags.interval);
    // At most what a timer holds: a longer --interval made Node warn and look again after 1 ms.
    // At least MIN_INTERVAL_SECONDS: 0.0001 was a 0 ms timer, a look after a look at the service.
    if (!(seconds >= MIN_INTERVAL_SECONDS && seconds <= MAX_TIMEOUT_SECONDS))
      throw new UsageError(
        `--interval needs a number of seconds from ${MIN_INTERVAL_SECONDS} to ${MAX_TIMEOUT_SECONDS}, not ${JSON.stringify(flags.interval)}`,
      );
    intervalMs = Math.round(seconds * 1000);
  }
  return {
    tournament,
    untilComplete: flags.until === "complete",
    all: flags.all === true,
    poll: flags.poll === true,
    race: flags.race === true,
    ...(flags.since === undefined ? {} : { since: parseSince(flags.since, now) }),
    ...(flags.events === undefined ? {} : { events: parseEvents(flags.events) }),
    ...(intervalMs === undefined ? {} : { intervalMs }),
  };
}

/** Waits `ms`, or less when `signal` aborts; leaves no listener on the signal either way. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const ENDS = new Set(["complete", "completed"]);
const completes = (e: WatchEvent) =>
  (e.type === "tournament.state_changed" || e.type === "race.state_changed") &&
  ENDS.has(e.state ?? "");

/**
 * Whether `--until complete` ends the watch: at the change to complete, or at once when the
 * tournament (race) is complete already and `--since` asks for no history that still has to
 * tell that change. Serve's stream sends the history after the watch has begun (polling
 * hands it over with the first look): stopping at the first look's state printed none of it.
 * Only at the first batch (`first`): later, the change itself is told, and a look that
 * already reads complete may hold it back (client/watch.ts, a look a write landed in), its
 * events told at a later look: ending at its state ended before them.
 */
function ended(
  o: WatchOptions,
  events: readonly WatchEvent[],
  snapshot: WatchSnapshot,
  first: boolean,
): boolean {
  if (events.some(completes)) return true;
  if (!first || !ENDS.has(snapshot.state)) return false;
  const end = snapshot.completedAt === null ? Number.NaN : Date.parse(snapshot.completedAt);
  return o.since === undefined || !(end >= Date.parse(o.since));
}

/**
 * Writes the events' lines in order. At a terminal (`places`) a match's line says where the
 * match stands (match-places.ts), each line written once its place is known; `printed`:
 * when every line so far is written.
 */
function linePrinter(
  write: (line: string) => void,
  json: boolean,
  colour: boolean,
  places: MatchPlaces | undefined,
): { print: (e: WatchEvent) => void; printed: () => Promise<void> } {
  let printing = Promise.resolve();
  const print = (e: WatchEvent) => {
    if (places === undefined) write(eventLine(e, json, colour));
    else
      printing = printing.then(async () => {
        const place = e.match === undefined ? undefined : await places.of(e.match);
        write(eventLine(e, json, colour, place));
      });
  };
  return { print, printed: () => printing };
}

export async function runWatch(f: Factory, o: WatchOptions): Promise<void> {
  const client = await f.client();
  const remote = f.profile().backend === "remote";
  const json = f.printer().mode !== "table";
  const colour = !json && colorEnabled(f.io, f.env, !f.globals.color);
  const out = f.io.stdout;
  const { resolveSubject } = await import("./watch-subject.js");
  const subject = await resolveSubject(client, o.tournament, o.race);
  const { MatchPlaces } = await import("./match-places.js");
  const places = json || subject.kind === "race" ? undefined : new MatchPlaces(client, subject.ref);
  // Embedded: the database file replaced or removed ends the watch (file-watch.ts).
  const file = remote
    ? undefined
    : (await import("./file-watch.js")).watchedFile(f.profile().dbPath);
  const { print, printed } = linePrinter((line) => out.write(line), json, colour, places);
  let started = false;
  const onEvents = (events: readonly WatchEvent[], snapshot: WatchSnapshot) => {
    const first = !started;
    if (first) {
      started = true;
      const what = snapshot.kind === "race" ? "race " : "";
      f.io.stderr.write(
        `watching ${what}${snapshot.tournament.name} (${snapshot.state}); Ctrl-C stops\n`,
      );
    }
    for (const e of events) {
      if (o.events !== undefined && !o.events.has(e.type)) continue;
      if (!o.all && !notified(snapshot, e)) continue;
      print(e);
    }
    return o.untilComplete && ended(o, events, snapshot, first);
  };
  const source = {
    subject,
    intervalMs: o.intervalMs ?? (remote ? 10_000 : 100),
    backoffMs: remote ? (o.intervalMs ?? 10_000) : 400,
    ...(o.since === undefined ? {} : { since: o.since }),
    signal: file?.signal ?? new AbortController().signal,
    sleep,
    now: () => (f.deps.now?.() ?? new Date()).toISOString(),
    // serve gone mid-watch: said on stderr (never in the events on stdout); it reconnects.
    onConnection: (state: "lost" | "back") => {
      const where = f.profile().baseUrl ?? "the service";
      f.io.stderr.write(
        state === "lost"
          ? `connection to ${where} lost; reconnecting (Ctrl-C stops)\n`
          : `reconnected to ${where}\n`,
      );
    },
  };
  if (remote && !o.poll) {
    const { streamWatch } = await import("../../../client/watch-stream.js");
    const record = subject.seen.record;
    const streamed = (await streamWatch(client, source, record, onEvents)) !== "unsupported";
    if (streamed) return printed();
  }
  const { pollWatch } = await import("../../../client/watch.js");
  await pollWatch(client, source, onEvents);
  await printed();
  file?.end();
}

const HELP = `
Prints what happens in the tournament as it happens: matches opened (players, station),
marked underway, completed (winner, scores) and reopened; the group stage finalized;
participants checked in; the tournament's state (awaiting review, complete). At a terminal
one line each; piped or with --json one JSON object a line (NDJSON; docs/watching.md documents
the fields). Events the tournament's notification flags turn off (upon_matches_open,
upon_tournament_ends) are left out unless --all.

A race: its state (underway, completed), rounds started and finished, times recorded.
The argument is looked up as a tournament first, then as a race; --race looks up a race
only (tournaments and races are numbered apart: "watch 3 --race" is race 3). For a race,
uponMatchesOpen governs round.started, uponTournamentEnds the change to completed, and
--until complete exits once the race is completed.

How it learns of changes: the embedded database is looked at every 100-400 ms (another
process's commit shows within half a second); a remote tourney serve sends them on its
event stream; a hosted service is asked with If-None-Match every --interval seconds
(default 10; unchanged answers carry no body), waiting out a 429's Retry-After.

Examples:
  tourney watch spring_cup
  tourney watch spring_cup --json --until complete | jq -r 'select(.type == "match.opened") | .match.player1.name'
  tourney watch 12 --events match.opened,match.completed --since 30m
  tourney watch spring_gp --race --json --events round.started,elapsed_time.recorded`;

/** The options `tourney watch` and `tourney race watch` (race/watch.ts) share. */
export function watchOptions(command: Command): Command {
  return printsJsonEvents(command, {
    jq: false,
    instead: "pipe that to jq (`| jq --unbuffered EXPR`) to pick fields or events",
  })
    .option("--since <time>", "first the events since then (ISO time, or 30s, 10m, 2h, 1d ago)")
    .addOption(
      completedWith(
        new Option(
          "--until <state>",
          "exit 0 once the tournament (race) is complete (--until complete)",
        ),
        ["complete"],
      ),
    )
    .addOption(
      completedWith(
        new Option("--events <types>", "only these event types, comma-separated"),
        WATCH_EVENT_TYPES,
        { list: true },
      ),
    )
    .option("--all", "every event, whatever the notification flags")
    .option("--interval <seconds>", "between looks at a hosted service (default 10)")
    .option("--poll", "ask a remote service with If-None-Match instead of its event stream");
}

export function registerWatch(program: Command, app: App): void {
  const command = program
    .command("watch")
    .description("print a tournament's or a race's events as they happen")
    .argument("<tournament>", "tournament (or race) id or url");
  watchOptions(command)
    .option("--race", "the race with this id or url, not a tournament (tourney race watch)")
    .option(
      COMMUNITY_FLAG,
      "the tournament's community (default: TOURNEY_COMMUNITY, then the profile's)",
    )
    .addHelpText("after", HELP)
    .action(async (tournament: string, flags: WatchFlags, cmd: Command) => {
      const f = app.factory(cmd);
      return runWatch(f, parseWatch(tournament, flags, f.deps.now?.() ?? new Date()));
    });
}
