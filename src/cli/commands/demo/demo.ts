/**
 * `tourney demo`: a two-stage tournament of generated players, played to the
 * end on the embedded backend, its bracket drawn after each round, then the
 * final ranks. In a scratch database removed at the end, unless --keep.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import type { ApiClient } from "../../../client/api-client.js";
import type { ResourceObject } from "../../../model/resource.js";
import { seededRandom } from "../../../model/seeded-random.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsJsonEvents } from "../../json-form.js";
import { startSpinner } from "../../output/progress.js";
import { bracketText, fetchBracket, lookOf } from "../bracket/draw.js";
import { matchRecord } from "../match/match-columns.js";
import { createDemo, finalRanks, finalStandings, playDemo } from "./play.js";

export interface DemoFlags {
  readonly seed?: string;
  readonly players?: string;
  readonly keep?: boolean;
}

export interface DemoOptions {
  /** Same seed, same players and results; undefined: a random one (printed). */
  readonly seed?: number;
  /** A multiple of 4 (groups of 4), from 8 to 32. */
  readonly players: number;
  /** Play in the profile's own store and leave the tournament there. */
  readonly keep: boolean;
}

/** Flags to options (no I/O). */
export function parseDemo(flags: DemoFlags): DemoOptions {
  const seed = flags.seed;
  if (seed !== undefined && !/^\d{1,9}$/.test(seed))
    throw new UsageError(`--seed needs a whole number, not ${JSON.stringify(seed)}`);
  const players = flags.players === undefined ? 8 : Number(flags.players);
  if (!Number.isInteger(players) || players < 8 || players > 32 || players % 4 !== 0)
    throw new UsageError(`--players needs 8, 12, 16, ... up to 32, not ${flags.players}`);
  return {
    ...(seed === undefined ? {} : { seed: Number(seed) }),
    players,
    keep: flags.keep === true,
  };
}

/**
 * A client on a database of its own in a temporary directory, and how to remove both; removed
 * at the process's exit too, whichever way it comes.
 */
async function scratchClient(
  f: Factory,
): Promise<{ client: ApiClient; remove: () => Promise<void> }> {
  const { createInProcessTransport } = await import("../../../client/in-process-transport.js");
  const { createApiClient } = await import("../../../client/api-client.js");
  const dir = mkdtempSync(join(tmpdir(), "tourney-demo-"));
  const transport = createInProcessTransport({
    dbPath: join(dir, "demo.db"),
    ...(f.deps.now === undefined ? {} : { now: f.deps.now }),
  });
  const client = createApiClient({ transport });
  // The process may end before the demo's own removal runs: `demo | head -1` (the reader
  // left: main.ts exits 0 at once) or Ctrl-C where no command listens (exit 130 at once).
  // Both are process.exit, which runs this; the database still open is no matter on removal.
  const removeNow = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeNow);
  return {
    client,
    remove: async () => {
      process.off("exit", removeNow);
      await client.close();
      removeNow();
    },
  };
}

/** How the demo shows its progress: drawings on a terminal or piped, events with --json. */
interface DemoView {
  round(t: string, title: string, played: readonly ResourceObject[]): Promise<void>;
  finished(t: string, client: ApiClient): Promise<void>;
  stop(): void;
}

/** The bracket drawn after each round (a spinner on stderr between), then the final ranks. */
function drawingView(f: Factory, client: ApiClient): DemoView {
  const look = lookOf(f);
  const out = f.io.stdout;
  // A spinner on stderr while a round plays (a terminal only), erased before each drawing.
  let spinner = startSpinner(f.io.stderr, "Creating the tournament");
  return {
    async round(t, title) {
      const drawn = await bracketText(await fetchBracket(client, t), look, {});
      const rule = look.unicode ? "──" : "--";
      spinner.stop();
      out.write(`${rule} ${title} ${rule}\n\n${drawn.text}\n`);
      spinner = startSpinner(f.io.stderr, "Playing the next round");
    },
    async finished(t) {
      const ranks = finalRanks(await finalStandings(client, t));
      spinner.stop();
      out.write(`Final ranks\n${ranks.join("\n")}\n`);
    },
    stop: () => spinner.stop(),
  };
}

/**
 * --json: one JSON event a line (NDJSON; each a jq input with --jq): `round.played` with
 * the round's matches as reported (match records, as `match list --json`), then
 * `demo.finished` with the final ranks.
 */
function eventView(f: Factory, seed: number): DemoView {
  const output = f.jsonOutput();
  const emit = (event: Record<string, unknown>) => output.writeText(JSON.stringify(event));
  const stage = (title: string) => (title.startsWith("Group") ? "group" : "final");
  return {
    async round(t, title, played) {
      const round = Math.abs(Number(played[0]?.attributes.round ?? 0));
      const matches = played.map(matchRecord);
      emit({ type: "round.played", tournament_id: Number(t), stage: stage(title), round, matches });
    },
    async finished(t, client) {
      const ranks = await finalStandings(client, t);
      emit({ type: "demo.finished", tournament_id: Number(t), seed, ranks });
    },
    stop: () => undefined,
  };
}

export async function runDemo(f: Factory, o: DemoOptions): Promise<void> {
  const seed = o.seed ?? Math.floor(Math.random() * 1e9);
  const printer = f.printer();
  if (o.seed === undefined)
    printer.note(`seed ${seed} (tourney demo --seed ${seed} plays it again)`);
  const scratch = o.keep ? undefined : await scratchClient(f);
  const client = scratch?.client ?? (await f.client());
  const view = f.globals.json ? eventView(f, seed) : drawingView(f, client);
  try {
    const afterRound = (t: string, title: string, played: readonly ResourceObject[]) =>
      view.round(t, title, played);
    const t = await createDemo({ client, rand: seededRandom(seed), afterRound }, o.players);
    await playDemo({ client, rand: seededRandom(seed + 1), afterRound }, t);
    await view.finished(t, client);
    printer.note(
      o.keep
        ? `kept: tournament ${t} (tourney bracket ${t}, tourney tournament standings ${t})`
        : "played in a scratch database, now removed (--keep plays in your own store)",
    );
  } finally {
    view.stop();
    await scratch?.remove();
  }
}

export function registerDemo(program: Command, app: App): void {
  printsJsonEvents(program.command("demo"), {
    jq: true,
    instead: "pick fields with --jq (`--jq 'select(.type == \"demo.finished\") | .ranks'`)",
  })
    .description("play a two-stage tournament of generated players, drawing the bracket as it goes")
    .option("--seed <n>", "same seed, same players and results (default: random, printed)")
    .option("--players <n>", "number of players: 8, 12, ... 32 (groups of 4)", "8")
    .option("--keep", "play in your own store (the active profile) and keep the tournament")
    .addHelpText(
      "after",
      `
Creates a tournament with a group stage (round robin groups of 4, two advancing from
each) before a single elimination with a third-place match, adds generated players,
reports every match (the better seed wins more often), prints the bracket after each
round, then the final ranks. Without --keep it plays in a scratch database in a
temporary directory, removed at the end: nothing is left in your store.

With --json it prints events instead, one JSON object a line (NDJSON): a
"round.played" per round ({stage: "group"|"final", round, matches: [match records]}),
then "demo.finished" ({seed, ranks: [{rank, name, participant_id}]}).

Examples:
  tourney demo
  tourney demo --seed 7 --players 16
  tourney demo --keep            # then: tourney bracket <id>
  tourney demo --json --seed 7 | jq -c 'select(.type == "demo.finished") | .ranks[:3]'`,
    )
    .action(async (flags: DemoFlags, command: Command) =>
      runDemo(app.factory(command), parseDemo(flags)),
    );
}
