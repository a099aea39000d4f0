/**
 * `tourney auth status`: which profile, backend and credentials a command would use, from
 * where, with the secret masked; for a stored sign-in its scopes and expiry. Without a
 * profile named (--profile, TOURNEY_PROFILE, a base URL), every profile, the active one
 * first, as `gh auth status` shows every host. `--check` asks the service who the
 * credentials of the profile in use belong to (GET /me).
 */
import type { Command } from "commander";
import type { StoredCredentials } from "../../../auth/credentials.js";
import { AuthError } from "../../../client/errors.js";
import {
  type CredentialSource,
  fromEnv,
  type ResolvedProfile,
  resolveProfile,
} from "../../../config/resolve.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { flatten } from "../../output/records.js";
import { verbHelp } from "../verb-help.js";

const SOURCES: Record<CredentialSource, string> = {
  TOURNEY_TOKEN: "environment variable TOURNEY_TOKEN",
  TOURNEY_API_KEY: "environment variable TOURNEY_API_KEY",
  stored: "stored (credentials.json)",
  withheld: "none sent: those stored are for the profile's own base URL",
  none: "none",
};

/** Where the credentials come from; withheld for a base_url changed since the login, theirs. */
function sourceText(profile: ResolvedProfile): string {
  if (profile.withheldBecause === "base-url-changed")
    return `none sent: those stored are for ${profile.credentialsFor}, not the profile's base_url since (\`tourney login --profile ${profile.name}\` signs in there)`;
  return SOURCES[profile.credentialSource];
}

function kindOf(profile: ResolvedProfile): string {
  if (profile.credentials.token) return "token";
  return profile.credentials.apiKey ? "api key" : "none";
}

/** The first 4 characters of a secret long enough to keep most of it hidden; else none. */
export function maskSecret(secret: string): string {
  return secret.length >= 16 ? `${secret.slice(0, 4)}${"*".repeat(8)}` : "*".repeat(8);
}

type Checked = { readonly user: string } | { readonly refused: AuthError };

/** One authenticated request (GET /me): the user, or the refusal to report before failing. */
async function check(f: Factory): Promise<Checked> {
  try {
    const me = flatten(await (await f.client()).user.me());
    return { user: String(me.username ?? me.id) };
  } catch (error) {
    if (error instanceof AuthError) return { refused: error };
    throw error;
  }
}

export interface AuthStatusOptions {
  /** Verify the credentials with one authenticated request (GET /me). */
  readonly check: boolean;
}

type Fields = Record<string, unknown>;

/** The secret (masked) and, for a stored token, its scopes, expiry and refresh token. */
function credentialFields(
  profile: ResolvedProfile,
  stored: StoredCredentials | undefined,
  now: number,
): Fields {
  const secret = profile.credentials.token ?? profile.credentials.apiKey;
  const fields: Fields = {};
  if (secret !== undefined) fields.secret = maskSecret(secret);
  if (profile.credentialSource !== "stored" || profile.credentials.token === undefined)
    return fields;
  fields.scopes = stored?.scope ?? "unknown";
  if (stored?.expiresAt !== undefined)
    fields.expires =
      Date.parse(stored.expiresAt) <= now ? `${stored.expiresAt} (expired)` : stored.expiresAt;
  fields.refresh = stored?.refreshToken === undefined ? "no" : "yes";
  return fields;
}

/** The status record and its fields, with the check's outcome when one was made. */
function statusRecord(f: Factory, profile: ResolvedProfile, checked: Checked | undefined) {
  const now = (f.deps.now?.() ?? new Date()).getTime();
  const stored =
    profile.credentialSource === "stored" ? f.credentials().get(profile.name) : undefined;
  const record: Record<string, unknown> & { id: string } = {
    id: profile.name,
    profile: profile.name,
    backend: profile.backend,
    location: profile.baseUrl ?? profile.dbPath,
    credentials: kindOf(profile),
    source: sourceText(profile),
    ...credentialFields(profile, stored, now),
  };
  if (checked !== undefined) {
    record.check =
      "user" in checked ? "ok" : `refused (${checked.refused.status}): ${checked.refused.message}`;
    if ("user" in checked) record.user = checked.user;
  }
  const fields = Object.keys(record).filter((k) => k !== "id");
  return { record, fields };
}

/** No profile named (flag or environment) and no --check: every profile is shown, as gh does. */
function showsEveryProfile(f: Factory, o: AuthStatusOptions): boolean {
  const named = [
    f.globals.profile,
    f.globals.baseUrl,
    fromEnv(f.env, "TOURNEY_PROFILE"),
    fromEnv(f.env, "TOURNEY_BASE_URL"),
  ];
  return !o.check && named.every((v) => v === undefined || v === "");
}

/** Every profile's status, the active one first and marked. */
async function printEveryProfile(f: Factory): Promise<void> {
  const profiles = f.configStore().listProfiles();
  const ordered = [...profiles.filter((p) => p.active), ...profiles.filter((p) => !p.active)];
  const statuses = ordered.map((p) => {
    const resolved = resolveProfile({
      flags: { profile: p.name },
      env: f.env,
      paths: f.paths,
      credentials: f.credentials(),
    });
    const { record, fields } = statusRecord(f, resolved, undefined);
    return { record: { ...record, active: p.active }, fields };
  });
  const printer = f.printer();
  if (printer.mode !== "table") {
    const keys = [...new Set(["profile", "active", ...statuses.flatMap((s) => s.fields)])];
    return printer.list(
      statuses.map((s) => s.record),
      keys.map((k) => ({ header: k.toUpperCase(), value: k })),
    );
  }
  for (const [i, { record, fields }] of statuses.entries()) {
    printer.heading(`${record.id}${record.active ? " (active)" : ""}`, i === 0);
    await printer.record(
      record,
      fields.map((k) => ({ header: k, value: k })),
    );
  }
}

/** Prints the status; with `check`, refused credentials throw after it is printed (exit 4). */
export async function runAuthStatus(f: Factory, o: AuthStatusOptions): Promise<void> {
  if (showsEveryProfile(f, o)) return printEveryProfile(f);
  const profile = f.profile();
  const checked = o.check ? await check(f) : undefined;
  const { record, fields } = statusRecord(f, profile, checked);
  await f.printer().record(
    record,
    fields.map((k) => ({ header: k, value: k })),
  );
  if (checked !== undefined && "refused" in checked) throw checked.refused;
}

export function registerStatus(noun: Command, app: App): void {
  noun
    .command("status")
    .description(
      "which backend and credentials each profile uses, and from where (--profile: that one)",
    )
    .option("--check", "ask the service whose credentials they are (GET /me)")
    .addHelpText(
      "after",
      "\nSecrets are masked (`tourney auth token` prints the token). With --check, refused\ncredentials exit 4 after the status is printed.",
    )
    .addHelpText("after", verbHelp({ examples: ["", "--profile lan --json", "--check"] }))
    .action(async (flags: { check?: boolean }, command: Command) =>
      runAuthStatus(app.factory(command), { check: flags.check === true }),
    );
}
