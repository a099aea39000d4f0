/** `tourney tournament update <tournament>`: change attributes given by the attribute flags. */
import type { Command } from "commander";
import { AuthError } from "../../../client/errors.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import {
  type AttributeFlags,
  addAttributeFlags,
  attributesFrom,
  type TournamentAttributes,
} from "./attribute-flags.js";
import { checkTypeOptions, hasTypeOptions } from "./type-options.js";

export interface TournamentUpdateOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** The attributes to change (at least one). */
  readonly attributes: TournamentAttributes;
}

/** Flags to options (no I/O): at least one attribute must change. */
export function parseTournamentUpdate(
  tournament: string,
  flags: AttributeFlags,
): TournamentUpdateOptions {
  const attributes = attributesFrom(flags);
  if (Object.keys(attributes).length === 0) {
    throw new UsageError(
      "nothing to change: pass at least one flag, e.g. --name or --set path=value",
    );
  }
  return { tournament, attributes };
}

const stageOf = (a: Record<string, unknown>): unknown =>
  (a.group_stage_options as Record<string, unknown> | undefined)?.stage_type;

const rankOf = (a: Record<string, unknown>): unknown =>
  (a.match_options as Record<string, unknown> | undefined)?.consolation_matches_target_rank;

/**
 * The consolation rank the update dropped (the service drops it when the type changes to one
 * without a third-place match: routes/tournaments.ts), to say so on stderr; else undefined.
 */
function droppedThirdPlace(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): unknown {
  if (before === undefined) return undefined;
  const rank = rankOf(before);
  return rank !== null && rank !== undefined && (rankOf(after) ?? null) === null ? rank : undefined;
}

/**
 * The attributes to send: a change of type away from single elimination also unsets the
 * tournament's third-place match (sent, so that any service drops it, as the embedded one
 * does by itself), unless the update sets it (then refused by checkTypeOptions).
 */
function withoutThirdPlace(
  o: TournamentUpdateOptions,
  now: Record<string, unknown> | undefined,
): TournamentAttributes {
  const type = o.attributes.tournament_type;
  if (now === undefined || type === undefined || type === "single elimination") return o.attributes;
  if (type === now.tournament_type || (rankOf(now) ?? null) === null) return o.attributes;
  if (rankOf(o.attributes) !== undefined) return o.attributes;
  const options = (o.attributes.match_options ?? {}) as Record<string, unknown>;
  return {
    ...o.attributes,
    match_options: { ...options, consolation_matches_target_rank: null },
  };
}

export async function runTournamentUpdate(f: Factory, o: TournamentUpdateOptions): Promise<void> {
  checkJsonFields(f, "tournament");
  const client = await f.client();
  const given = o.attributes.tournament_type;
  // Read first when the type's options must be checked, or the type changes (to say what the
  // change drops). A credential that may write but not read (403) skips both: the service
  // checks the options itself, and the update is sent as the client sends it then.
  const now =
    hasTypeOptions(o.attributes) || given !== undefined
      ? await client.tournaments.get(o.tournament).then(
          (t) => t.attributes,
          (error: unknown) => {
            if (error instanceof AuthError && error.status === 403) return undefined;
            throw error;
          },
        )
      : undefined;
  if (now !== undefined && hasTypeOptions(o.attributes)) {
    // A type's options depend on the type (and group stage) the tournament will have:
    // given, or its current one. Refused before the write: exit 2.
    checkTypeOptions(o.attributes, {
      type: given ?? now.tournament_type,
      groupStage: (o.attributes.group_stage_enabled ?? now.group_stage_enabled) === true,
      stageType: stageOf(o.attributes) ?? stageOf(now),
      whence: given === undefined ? ` (tournament ${o.tournament}'s type)` : "",
    });
  }
  const updated = await client.tournaments.update(o.tournament, withoutThirdPlace(o, now));
  const dropped = droppedThirdPlace(now, updated.attributes);
  if (dropped !== undefined)
    f.io.stderr.write(
      dropped === 3
        ? `note: tournament ${o.tournament}'s third-place match (consolation rank 3) is dropped: only a single elimination has one; --third-place with --type "single elimination" brings it back\n`
        : `note: tournament ${o.tournament}'s placement matches (consolation rank ${String(dropped)}) are dropped: only a single elimination has them; --consolation-rank ${String(dropped)} with --type "single elimination" brings them back\n`,
    );
  const record = flatten(updated);
  await f.printer().record(record, TOURNAMENT_FIELDS);
}

export function registerUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("change a tournament's attributes")
    .argument("<tournament>", "tournament id or url");
  command.addHelpText(
    "after",
    verbHelp({ examples: ['{t} --name "Spring Cup 2"', "{t} --type swiss --swiss-rounds 5"] }),
  );
  addAttributeFlags(command).action(
    async (tournament: string, flags: AttributeFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runTournamentUpdate(f, parseTournamentUpdate(tournament, flags));
    },
  );
}
