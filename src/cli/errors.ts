/** Errors raised by the command line itself. */

/** Wrong or missing input on the command line: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** The user declined a confirmation or interrupted: exit code 130 when interrupted. */
export class CancelledError extends Error {
  override readonly name = "CancelledError";
}

/** A failure of the command that is not the service's: exit code 1. */
export class CommandError extends Error {
  override readonly name = "CommandError";
}

/** A name, seed or other reference given on the command line matches nothing: exit code 3. */
export class UnknownReferenceError extends Error {
  override readonly name = "UnknownReferenceError";
}

/** Another error with a line of advice, printed after the error's own message. */
export class HintedError extends Error {
  override readonly name = "HintedError";
  constructor(
    readonly error: unknown,
    readonly hint: string,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}
