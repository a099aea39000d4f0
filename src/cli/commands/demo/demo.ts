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
import { seededRandom } from "../../../model/seeded-random.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { startSpinner } from "../../output/progress.js";
import { bracketText, fetchBracket, lookOf } from "../bracket/draw.js";
import { createDemo, finalRanks, playDemo } from "./play.js";

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

/** A client on a database of its own in a temporary directory, and how to remove both. */
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
  return {
    client,
    remove: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function runDemo(f: Factory, o: DemoOptions): Promise<void> {
  const seed = o.seed ?? Math.floor(Math.random() * 1e9);
  const printer = f.printer();
  if (o.seed === undefined)
    printer.note(`seed ${seed} (tourney demo --seed ${seed} plays it again)`);
  const scratch = o.keep ? undefined : await scratchClient(f);
  const client = scratch?.client ?? (await f.client());
  const look = lookOf(f);
  const out = f.io.stdout;
  // A spinner on stderr while a round plays (a terminal only), erased before each drawing.
  let spinner = startSpinner(f.io.stderr, "Creating the tournament");
  try {
    const afterRound = async (t: string, title: string) => {
      const drawn = await bracketText(await fetchBracket(client, t), look, {});
      const rule = look.unicode ? "──" : "--";
      spinner.stop();
      out.write(`${rule} ${title} ${rule}\n\n${drawn.text}\n`);
      spinner = startSpinner(f.io.stderr, "Playing the next round");
    };
    const t = await createDemo({ client, rand: seededRandom(seed), afterRound }, o.players);
    await playDemo({ client, rand: seededRandom(seed + 1), afterRound }, t);
    const ranks = await finalRanks(client, t);
    spinner.stop();
    out.write(`Final ranks\n${ranks.join("\n")}\n`);
    printer.note(
      o.keep
        ? `kept: tournament ${t} (tourney bracket ${t}, tourney tournament standings ${t})`
        : "played in a scratch database, now removed (--keep plays in your own store)",
    );
  } finally {
    spinner.stop();
    await scratch?.remove();
  }
}

export function registerDemo(program: Command, app: App): void {
  program
    .command("demo")
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

Examples:
  tourney demo
  tourney demo --seed 7 --players 16
  tourney demo --keep            # then: tourney bracket <id>`,
    )
    .action(async (flags: DemoFlags, command: Command) =>
      runDemo(app.factory(command), parseDemo(flags)),
    );
}
