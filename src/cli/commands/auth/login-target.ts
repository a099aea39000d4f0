/**
 * Which profile `tourney login` signs in, and what it changes of it: --profile (or
 * TOURNEY_PROFILE) names it; else --base-url picks the profile with that base URL, or a new
 * one named after the host (`http://127.0.0.1:4870` -> `127-0-0-1-4870`); else the active
 * profile. Working it out writes nothing: the profile is created or updated only once the
 * login has succeeded (writeTarget).
 */
import type { OAuthAddresses } from "../../../auth/endpoints.js";
import { fromEnv } from "../../../config/resolve.js";
import {
  assertProfileName,
  type ConfigDocument,
  DEFAULT_PROFILE,
  findProfile,
} from "../../../config/settings.js";
import type { ConfigStore } from "../../../config/store.js";
import { UsageError } from "../../errors.js";
import type { Env } from "../../io.js";

export interface LoginTarget {
  readonly name: string;
  /** Whether config.json has the profile already (`local` always exists). */
  readonly exists: boolean;
  /** The OAuth addresses after the login (flags over stored settings); none for embedded. */
  readonly addresses?: OAuthAddresses;
  /** Settings the login writes when it succeeds. */
  readonly writes: { readonly base_url?: string; readonly auth_url?: string };
}

export interface TargetInput {
  readonly profile?: string | undefined;
  readonly baseUrl?: string | undefined;
  /** What gave baseUrl, named in refusals: --base-url or TOURNEY_BASE_URL. */
  readonly baseUrlFrom?: string | undefined;
  readonly authUrl?: string | undefined;
}

/** A profile name made of a URL's host and port: lowercase, dots and colons as '-'. */
export function hostProfileName(url: string): string {
  const name = new URL(url).host
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[-_]+|-+$/g, "");
  return name === "" ? "remote" : name;
}

const trimmed = (url: string) => url.replace(/\/+$/, "");

function profileFor(document: ConfigDocument, baseUrl: string): string {
  const profiles = document.profiles ?? {};
  const same = Object.keys(profiles)
    .sort()
    .find((name) => {
      const stored = profiles[name]?.base_url;
      return stored !== undefined && trimmed(stored) === trimmed(baseUrl);
    });
  return same ?? hostProfileName(baseUrl);
}

function chooseName(document: ConfigDocument, input: TargetInput, env: Env): string {
  const named = input.profile ?? fromEnv(env, "TOURNEY_PROFILE");
  if (named !== undefined) return named;
  if (input.baseUrl !== undefined) return profileFor(document, input.baseUrl);
  return document.active_profile ?? DEFAULT_PROFILE;
}

/** Why an address was given at all, when TOURNEY_BASE_URL gave it (no flag on the line says so). */
function givenBy(input: TargetInput): string {
  return input.baseUrl !== undefined && input.baseUrlFrom === "TOURNEY_BASE_URL"
    ? ` (TOURNEY_BASE_URL is set: login takes it as --base-url; unset it to store a key for ${DEFAULT_PROFILE})`
    : "";
}

/** The profile to sign in and the settings to write; refuses what cannot work. */
export function loginTarget(store: ConfigStore, input: TargetInput, env: Env): LoginTarget {
  const document = store.read();
  const name = chooseName(document, input, env);
  assertProfileName(name);
  const settings = findProfile(document, name);
  const exists = name === DEFAULT_PROFILE || settings !== undefined;
  if (name === DEFAULT_PROFILE && (input.baseUrl !== undefined || input.authUrl !== undefined))
    throw new UsageError(
      `profile ${DEFAULT_PROFILE} always uses the embedded backend${givenBy(input)}; name a profile for the service: ` +
        "`tourney login --profile NAME --base-url URL`",
    );
  if (!exists && input.baseUrl === undefined)
    throw new UsageError(
      `profile '${name}' does not exist; \`tourney login --profile ${name} --base-url URL\` creates it`,
    );
  const baseUrl = input.baseUrl ?? settings?.base_url;
  if (input.authUrl !== undefined && baseUrl === undefined)
    throw new UsageError(
      `--auth-url needs a remote profile; profile ${name} has no base URL (pass --base-url)`,
    );
  const writes: { base_url?: string; auth_url?: string } = {};
  if (input.baseUrl !== undefined && input.baseUrl !== settings?.base_url)
    writes.base_url = input.baseUrl;
  if (input.authUrl !== undefined && input.authUrl !== settings?.auth_url)
    writes.auth_url = input.authUrl;
  if (baseUrl === undefined) return { name, exists, writes };
  const addresses: OAuthAddresses = {
    baseUrl,
    authUrl: input.authUrl ?? settings?.auth_url,
    deviceUrl: settings?.device_url,
  };
  return { name, exists, addresses, writes };
}

/**
 * Creates or updates the profile as the target says. A new base URL is another service:
 * the credentials stored for the old one are forgotten first.
 */
export async function writeTarget(store: ConfigStore, target: LoginTarget): Promise<void> {
  const { name, writes } = target;
  if (!target.exists) {
    await store.addProfile(name, { baseUrl: writes.base_url! });
  } else if (writes.base_url !== undefined) {
    store.credentials.remove(name);
    await store.set(name, "base_url", writes.base_url);
  }
  if (writes.auth_url !== undefined) await store.set(name, "auth_url", writes.auth_url);
}
