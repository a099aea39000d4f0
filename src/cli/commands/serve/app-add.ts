/**
 * `tourney serve app add <name>`: registers an OAuth application and prints its
 * client id, and for a confidential one its secret (shown once; only its hash
 * is kept).
 */
import { type Command, Option } from "commander";
import { OAUTH_SCOPES } from "../../../model/oauth.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { completedWith } from "../choice-option.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { parseScopes } from "./key-create.js";
import { type AppAdmin, accepted, dbOption, withApps } from "./keys.js";
import { dbWords, printMade } from "./made.js";

type AppInfo = ReturnType<AppAdmin["list"]>[number];

export interface ServeAppAddOptions {
  readonly name: string;
  /** Where the authorization endpoint may send codes (matched exactly); none: no code grant. */
  readonly redirectUris: readonly string[];
  /** Keeps a secret: may use client_credentials, and authenticates at the token endpoint. */
  readonly confidential: boolean;
  /** The user it acts for under client_credentials; default the owner. */
  readonly user?: string | undefined;
  /** The scopes it may be granted; default every scope. */
  readonly scopes?: readonly string[] | undefined;
  readonly db?: string | undefined;
}

export async function runServeAppAdd(f: Factory, o: ServeAppAddOptions): Promise<void> {
  // The fields asked for, checked before the application is registered: a typo writes nothing.
  checkJsonFieldsOf(f, {
    ...Object.fromEntries(APP_FIELDS.map((field) => [field, null])),
    ...(o.confidential ? { client_secret: null } : {}),
  });
  const db = databaseFor(f, o.db);
  const { app, secret } = await withApps(db, (apps) =>
    accepted(
      apps.add({
        name: o.name,
        redirectUris: o.redirectUris,
        confidential: o.confidential,
        ...(o.user === undefined ? {} : { user: o.user }),
        ...(o.scopes === undefined ? {} : { scopes: o.scopes }),
      }),
    ),
  );
  const made = `OAuth application ${JSON.stringify(app.name)} (client id ${app.client_id}) registered in ${db}`;
  // A secret is shown only here: when it cannot be, the application is said to be useless.
  const remove = `tourney serve app remove ${app.client_id}${o.db === undefined ? "" : dbWords(o.db)}`;
  const hint =
    secret === null
      ? undefined
      : `its client secret was not shown and cannot be shown again: \`${remove}\` removes it; then add it again`;
  await printMade(f, made, hint, () => printAdded(f, app, secret));
}

/** What `tourney serve app add` prints: every field of the application (APP_FIELDS). */
const APP_FIELDS = [
  "client_id",
  "name",
  "confidential",
  "user",
  "redirect_uris",
  "scopes",
  "created_at",
] as const satisfies readonly (keyof AppInfo)[];

function printAdded(f: Factory, app: AppInfo, secret: string | null): void {
  if (f.globals.json) {
    f.printer().json({ ...app, ...(secret === null ? {} : { client_secret: secret }) });
    return;
  }
  f.io.stdout.write(`client_id\t${app.client_id}\n`);
  if (secret !== null) {
    f.io.stdout.write(`client_secret\t${secret}\n`);
    f.printer().note("The client secret is shown once: only its hash is kept. Store it now.");
  }
}

export function registerAppAdd(noun: Command, app: App): void {
  const repeat = (v: string, all: string[]) => [...all, v];
  noun
    .command("add")
    .description("register an OAuth application; prints its client id (and a secret, once)")
    .argument("<name>", "what the approval page calls it")
    .option(
      "--redirect-uri <uri>",
      "where authorization codes may be sent, matched exactly (repeatable)",
      repeat,
      [] as string[],
    )
    .option("--confidential", "it keeps a secret (a server): client_credentials, and a secret")
    .option("--user <name>", "whom it acts for under client_credentials (default: the owner)")
    .addOption(
      completedWith(
        new Option(
          "--scope <scope>",
          `what it may be granted (repeatable; default every scope): ${OAUTH_SCOPES.join(", ")}`,
        )
          .argParser(repeat)
          .default([] as string[]),
        OAUTH_SCOPES,
      ),
    )
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText(
      "after",
      verbHelp({
        examples: [
          '"Score board" --confidential --scope tournaments:read --scope matches:read',
          '"League site" --redirect-uri https://league.example/callback',
        ],
      }),
    )
    .action(
      async (
        name: string,
        flags: {
          redirectUri: string[];
          confidential?: boolean;
          user?: string;
          scope: string[];
          db?: string;
        },
        command: Command,
      ) =>
        runServeAppAdd(app.factory(command), {
          name,
          redirectUris: flags.redirectUri,
          confidential: flags.confidential === true,
          user: flags.user,
          scopes: parseScopes(flags.scope),
          db: dbOption(command, flags),
        }),
    );
}
