/**
 * `tourney auth token`: prints the token (or API key) the profile's requests send, for
 * scripts (`curl -H "Authorization: Bearer $(tourney auth token)"`). The one command that
 * prints a secret. A stored token past its expiry is renewed first when it can be.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { NotLoggedInError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";

export type AuthTokenOptions = Record<string, never>;

/** The stored token, renewed first when its expiry is past and a refresh token is stored. */
async function freshToken(f: Factory, token: string): Promise<string> {
  const profile = f.profile();
  if (profile.backend !== "remote" || profile.credentialSource !== "stored") return token;
  const { tokenRenewal, renewProfileToken } = await import("../../oauth-session.js");
  const renewal = tokenRenewal(f, profile);
  const now = (f.deps.now?.() ?? new Date()).getTime();
  if (renewal?.expiresAt === undefined || now < renewal.expiresAt) return token;
  return renewProfileToken(f, profile, token);
}

export async function runAuthToken(f: Factory, _o: AuthTokenOptions = {}): Promise<void> {
  const profile = f.profile();
  const { token, apiKey } = profile.credentials;
  const secret = token === undefined ? apiKey : await freshToken(f, token);
  if (secret === undefined && profile.withheldBecause === "base-url-changed")
    throw new NotLoggedInError(
      `profile ${profile.name}'s credentials are for ${profile.credentialsFor}, where \`tourney login\` stored them, not ${profile.baseUrl}, the profile's base_url since; \`tourney login --profile ${profile.name}\` signs in there`,
    );
  if (secret === undefined && profile.credentialSource === "withheld")
    throw new NotLoggedInError(
      `profile ${profile.name}'s credentials are for ${profile.credentialsFor}, not ${profile.baseUrl} (given by --base-url or TOURNEY_BASE_URL); \`tourney login --profile NEW --base-url ${profile.baseUrl}\` signs in there as a new profile`,
    );
  if (secret === undefined) {
    const flag = profile.name === "local" ? "" : ` --profile ${profile.name}`;
    throw new NotLoggedInError(
      `profile ${profile.name} has no token or API key; \`tourney login${flag}\` gets one`,
    );
  }
  f.io.stdout.write(`${secret}\n`);
}

export function registerToken(noun: Command, app: App): void {
  printsNoJson(noun.command("token"), {
    prints: "the token as it is",
    instead: "`tourney auth status --json` describes the credentials",
  })
    .description("print the profile's token (or API key) on stdout, for scripts")
    .addHelpText(
      "after",
      verbHelp({
        note: "The only command that prints a secret.",
        examples: ['curl -H "Authorization: Bearer $(tourney auth token --profile lan)" ...'],
      }),
    )
    .action(async (_flags: unknown, cmd: Command) => runAuthToken(app.factory(cmd)));
}
