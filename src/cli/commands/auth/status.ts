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

/** One authenticated request (GET /me): the user, or the refusal to report before failing. */
async function check(f: Factory): Promise<{ user: string } | { refused: AuthError }> {
  try {
    const me = flatten(await (await f.client()).user.me());
    return { user: String(me.username ?? me.id) };
  } catch (error) {
    if (error instanceof AuthError) return { refused: error };
    throw error;
  }
}

export function registerStatus(noun: Command, app: App): void {
  noun
    .command("status")
    .description("which profile, backend and credentials a command would use, and from where")
    .option("--check", "verify the credentials with one authenticated request (GET /me)")
    .addHelpText("after", "\nWith --check, refused credentials exit 4 after the status is printed.")
    .action(async (options: { check?: boolean }, command: Command) => {
      const f = app.factory(command);
      const profile = f.profile();
      const record: Record<string, unknown> & { id: string } = {
        id: profile.name,
        profile: profile.name,
        backend: profile.backend,
        location: profile.baseUrl ?? profile.dbPath,
        credentials: kindOf(profile),
        source: SOURCES[profile.credentialSource],
      };
      const checked = options.check ? await check(f) : undefined;
      if (checked !== undefined) {
        record.check =
          "user" in checked
            ? "ok"
            : `refused (${checked.refused.status}): ${checked.refused.message}`;
        if ("user" in checked) record.user = checked.user;
      }
      const fields = ["profile", "backend", "location", "credentials", "source"];
      if (checked !== undefined) fields.push("check", ...("user" in checked ? ["user"] : []));
      await f.printer().record(
        record,
        fields.map((k) => ({ header: k, value: k })),
      );
      if (checked !== undefined && "refused" in checked) throw checked.refused;
    });
}
