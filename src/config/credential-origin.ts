/**
 * Where a profile's stored credentials may go: only to the origin (scheme, host and port)
 * `tourney login` checked and stored them for (docs/profiles.md). Before, credentials.json
 * kept no address and they went to whatever base_url the profile held at the time: after
 * `tourney config set base_url https://elsewhere` (a redirect's hint says to run it) the key
 * went there with the next command.
 */
import type { CredentialAccess, StoredSecrets } from "./credential-access.js";

/**
 * Why stored credentials are not sent: the command was given another address (--base-url,
 * TOURNEY_BASE_URL), or the profile's base_url is no longer the one they were stored for.
 */
export type WithheldReason = "address-given" | "base-url-changed";

export interface StoredChoice {
  /** The stored secrets to send, when the command goes to their origin. */
  readonly secrets?: StoredSecrets;
  /** Set when some are stored and none are sent: their origin, and why. */
  readonly withheld?: { readonly origin: string; readonly because: WithheldReason };
}

export interface StoredInput {
  readonly store: CredentialAccess;
  readonly profile: string;
  /** The profile's own base_url, if it has one. */
  readonly own: string | undefined;
  /** Where the command goes; undefined for the embedded backend (nothing is sent). */
  readonly target: string | undefined;
  /** Whether --base-url or TOURNEY_BASE_URL gave the target. */
  readonly given: boolean;
}

/** A URL's origin; undefined when it is none (checked URLs always are). */
export function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The stored secrets, when any, and whether they go where the command goes. */
export function storedFor(input: StoredInput): StoredChoice {
  const stored = input.store.get(input.profile);
  if (stored?.apiKey === undefined && stored?.token === undefined) return {};
  const bound = stored.origin ?? bindFirstUse(input);
  // A profile without an address of its own (an embedded one given a key) has none to keep
  // its credentials to: they go where the command is sent, as they did before.
  if (bound === undefined || input.target === undefined) return { secrets: stored };
  if (originOf(input.target) === bound) return { secrets: stored };
  return {
    withheld: { origin: bound, because: input.given ? "address-given" : "base-url-changed" },
  };
}

/**
 * Credentials stored by a tourney that kept no origin belong to the profile's base_url as
 * it is when they are first read: bound to it then, in credentials.json, so that a later
 * change of base_url does not take them along. When the file cannot be written (a
 * read-only folder) they are bound for this command only, and again at the next one.
 */
function bindFirstUse(input: StoredInput): string | undefined {
  const origin = originOf(input.own);
  if (origin === undefined) return undefined;
  try {
    input.store.bindOrigin(input.profile, origin);
  } catch {
    // Reading must not fail for a file it cannot write: the binding holds for this command.
  }
  return origin;
}
