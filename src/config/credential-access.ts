/**
 * What profile resolution and profile management need of the credential store
 * (src/auth/credentials.ts implements it). Config declares it and the CLI's
 * factory passes the store in, so config never imports auth.
 */
export interface StoredSecrets {
  readonly apiKey?: string;
  readonly token?: string;
  /** The origin `tourney login` stored them for; none in an entry from before origins were kept. */
  readonly origin?: string;
  /** The origin of the token endpoint a refresh token stored with them was got from. */
  readonly authOrigin?: string;
}

export interface CredentialAccess {
  get(profile: string): StoredSecrets | undefined;
  /** True when the profile has an API key or a token. */
  has(profile: string): boolean;
  remove(profile: string): boolean;
  /** Binds secrets stored without an origin to `origin` (those with one are left as they are). */
  bindOrigin(profile: string, origin: string): void;
  /** Binds a refresh token stored without its token endpoint's origin to `origin`. */
  bindAuthOrigin(profile: string, origin: string): void;
}
