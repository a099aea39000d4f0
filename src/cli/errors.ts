/** Errors raised by the command line itself. */

/** Wrong or missing input on the command line: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * Interrupted (Ctrl-C): exit code 130. The message, if any, says what was left
 * behind; an empty one (Ctrl-C at a prompt) prints nothing.
 */
export class CancelledError extends Error {
  override readonly name = "CancelledError";
  /** 130; 143 or 129 when a SIGTERM or SIGHUP stopped the command (interrupts.ts exitAs). */
  exitCode = 130;
}

/**
 * A Ctrl-C that stopped the command's own work midway (a --jq program): exit code 130. After
 * the command's writes have landed, App.afterWrites says so. A CancelledError is the user
 * stopping what was meant to be stopped (a prompt, the viewer of `bracket --web`): no such line.
 */
export class InterruptedWorkError extends CancelledError {}

/** The user answered "no" to a confirmation: nothing was done, exit code 1. */
export class DeclinedError extends Error {
  override readonly name = "DeclinedError";
}

/**
 * Refused by the command line because of the state of a match or tournament,
 * before asking the service (which would refuse it too): exit code 5, as a
 * refusal of the service.
 */
export class StateRefusedError extends Error {
  override readonly name = "StateRefusedError";
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

/** The profile has no credentials for a command that needs them (`auth token`): exit code 4. */
export class NotLoggedInError extends Error {
  override readonly name = "NotLoggedInError";
}

/**
 * Printing a command's result failed (`--json` names a field the record lacks, `--jq`
 * fails on the data): a usage error (exit 2) when nothing was changed yet.
 */
export class OutputError extends UsageError {
  /** Its message is on stderr already (jq's halt_error, output/jq.ts): no "error:" line. */
  readonly told: boolean = false;
}

/**
 * The command's change was made, then printing its result failed (an OutputError after
 * a successful write): exit code 8, so that a script does not retry a write that is done.
 */
export class PrintedAfterWriteError extends Error {
  override readonly name = "PrintedAfterWriteError";
  constructor(
    /** The writes that succeeded: "POST /v2.1/tournaments.json (201)". */
    readonly writes: readonly string[],
    /** An OutputError, or a StdoutWriteError (output-failure.ts). */
    readonly error: Error,
  ) {
    super(error.message);
  }
}
