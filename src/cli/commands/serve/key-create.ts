/** `tourney serve key create`: a new API key for a user, with scopes or every scope, printed once. */
import { type Command, Option } from "commander";
import { isOAuthScope, OAUTH_SCOPES } from "../../../model/oauth.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { completedWith } from "../choice-option.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { accepted, dbOption, withCommunities, withKeys } from "./keys.js";
import { dbWords, printMade } from "./made.js";

export interface ServeKeyCreateOptions {
  /** What the key is for. */
  readonly label: string;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
  /** The user the key acts for (`serve user add`); default the owner. */
  readonly user?: string | undefined;
  /** What the key may do; default every scope. */
  readonly scopes?: readonly string[] | undefined;
  /** Communities the key's user joins (each must exist: `serve community add`). */
  readonly communities?: readonly string[] | undefined;
}

/** `--scope` values (repeatable; each may list several, comma- or space-separated) to scopes. */
export function parseScopes(values: readonly string[]): string[] | undefined {
  const scopes = values.flatMap((v) => v.split(/[\s,]+/)).filter((s) => s !== "");
  const unknown = scopes.filter((s) => !isOAuthScope(s));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown scope ${unknown.join(", ")} for --scope; the scopes are ${OAUTH_SCOPES.join(", ")}`,
    );
  }
  return scopes.length === 0 ? undefined : scopes;
}

export async function runServeKeyCreate(f: Factory, o: ServeKeyCreateOptions): Promise<void> {
  const db = databaseFor(f, o.db);
  const communities = o.communities ?? [];
  const scopes = o.scopes ?? [...OAUTH_SCOPES];
  // The fields asked for, then every community, checked before the key is made: a typo writes nothing.
  checkJsonFieldsOf(f, { id: 0, api_key: "", label: o.label, user: "", scopes });
  if (communities.length > 0)
    await withCommunities(db, (admin) => {
      const known = new Set(admin.list().map((c) => c.identifier.toLowerCase()));
      const unknown = communities.find((c) => !known.has(c.toLowerCase()));
      if (unknown !== undefined) admin.addMember(unknown, o.label); // refused: not found (exit 3)
    });
  const {
    id,
    key,
    username: user,
  } = await withKeys(db, (admin) =>
    accepted(
      admin.createKey({
        label: o.label,
        ...(o.user === undefined ? {} : { user: o.user }),
        ...(o.scopes === undefined ? {} : { scopes: o.scopes }),
      }),
    ),
  );
  if (communities.length > 0)
    await withCommunities(db, (admin) => {
      for (const c of communities) admin.addMember(c, user);
    });
  // Its secret is shown only here: when it cannot be, the key is said to be useless.
  const revoke = `tourney serve key revoke ${id}${o.db === undefined ? "" : dbWords(o.db)}`;
  const made = `API key ${id} ${JSON.stringify(o.label)} created in ${db}`;
  const hint = `its key was not shown and cannot be shown again: \`${revoke}\` revokes it; then create another`;
  await printMade(f, made, hint, () => {
    if (f.globals.json) f.printer().json({ id, api_key: key, label: o.label, user, scopes });
    else f.io.stdout.write(`${key}\n`);
  });
}

export function registerKeyCreate(noun: Command, app: App): void {
  const repeat = (v: string, all: string[]) => [...all, v];
  noun
    .command("create")
    .description("create an API key and print it (shown once)")
    .option("--label <text>", "what the key is for", "key")
    .option("--user <name>", "the user the key acts for (default: the owner)")
    .addOption(
      completedWith(
        new Option(
          "--scope <scope>",
          `what the key may do (repeatable; default every scope): ${OAUTH_SCOPES.join(", ")}`,
        )
          .argParser(repeat)
          .default([] as string[]),
        OAUTH_SCOPES,
      ),
    )
    .option("--db <file>", "database file (default: the profile's)")
    .option("--community <identifier>", "a community the key's user joins (repeatable)", repeat, [])
    .addHelpText(
      "after",
      verbHelp({
        examples: ['--user ada --scope tournaments:read --label "score board"', "--label admin"],
      }),
    )
    .action(
      async (
        flags: { label: string; user?: string; scope: string[]; db?: string; community: string[] },
        command: Command,
      ) =>
        runServeKeyCreate(app.factory(command), {
          label: flags.label,
          db: dbOption(command, flags),
          user: flags.user,
          scopes: parseScopes(flags.scope),
          communities: flags.community,
        }),
    );
}
