/**
 * The one error class of the configuration layer: a bad setting, a bad value, an unknown
 * profile, a corrupt configuration or credentials file. Messages say what is wrong and how
 * to fix it; they never contain a secret. The CLI turns it into a message and an exit code.
 */
export interface ConfigErrorOptions {
  /** The setting involved (`timeout`, `base_url`, ...), when there is one. */
  key?: string;
  /** The file involved, when the problem is in a file. */
  file?: string;
  /** The underlying error; never set when it could carry a secret. */
  cause?: unknown;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  readonly key: string | undefined;
  readonly file: string | undefined;

  constructor(message: string, options: ConfigErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.key = options.key;
    this.file = options.file;
  }
}

/**
 * The configuration folder cannot be made (a read-only file system, no permission, a file in
 * the way, /proc): config.json or credentials.json cannot be written; or a file stands where
 * the folder (or one of its parents) should be, so they cannot even be read. Not a usage
 * error: the CLI says it with exit 1 and the way to choose another folder
 * (TOURNEY_CONFIG_DIR, XDG_CONFIG_HOME), or to move the file in the way.
 */
export class ConfigPlaceError extends Error {
  override readonly name = "ConfigPlaceError";
  /** The file standing where a folder is needed, when that is what is wrong. */
  readonly inTheWay: string | undefined;
  constructor(
    /** The file that was to be written (or read). */
    readonly file: string,
    message: string,
    options?: ErrorOptions & { readonly inTheWay?: string | undefined },
  ) {
    super(message, options);
    this.inTheWay = options?.inTheWay;
  }
}
