/** `tourney auth status`: which profile, backend and credentials a command would use. */
import type { Command } from "commander";
import { AuthError } from "../../../client/errors.js";
import type { CredentialSource, ResolvedProfile } from "../../../config/resolve.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { flatten } from "../../output/records.js";

const SOURCES: Record<CredentialSource, string> = {
  TOURNEY_TOKEN: "environment variable TOURNEY_TOKEN",
  TOURNEY_API_KEY: "environment variable TOURNEY_API_KEY",
  stored: "stored (credentials.json)",
  none: "none",
};

function kindOf(profile: ResolvedProfile): string {
  if (profile.credentials.token) return "token";
  return profile.credentials.apiKey ? "api key" : "none";
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

/** The status record and its fields, with the check's outcome when one was made. */
function statusRecord(profile: ResolvedProfile, checked: Checked | undefined) {
  const record: Record<string, unknown> & { id: string } = {
    id: profile.name,
    profile: profile.name,
    backend: profile.backend,
    location: profile.baseUrl ?? profile.dbPath,
    credentials: kindOf(profile),
    source: SOURCES[profile.credentialSource],
  };
  const fields = ["profile", "backend", "location", "credentials", "source"];
  if (checked !== undefined) {
    record.check =
      "user" in checked ? "ok" : `refused (${checked.refused.status}): ${checked.refused.message}`;
    fields.push("check");
    if ("user" in checked) {
      record.user = checked.user;
      fields.push("user");
    }
  }
  return { record, fields };
}

/** Prints the status; with `check`, refused credentials throw after it is printed (exit 4). */
export async function runAuthStatus(f: Factory, o: AuthStatusOptions): Promise<void> {
  const profile = f.profile();
  const checked = o.check ? await check(f) : undefined;
  const { record, fields } = statusRecord(profile, checked);
  await f.printer().record(
    record,
    fields.map((k) => ({ header: k, value: k })),
  );
  if (checked !== undefined && "refused" in checked) throw checked.refused;
}

export function registerStatus(noun: Command, app: App): void {
  noun
    .command("status")
    .description("which profile, backend and credentials a command would use, and from where")
    .option("--check", "verify the credentials with one authenticated request (GET /me)")
    .addHelpText("after", "\nWith --check, refused credentials exit 4 after the status is printed.")
    .action(async (flags: { check?: boolean }, command: Command) =>
      runAuthStatus(app.factory(command), { check: flags.check === true }),
    );
}
