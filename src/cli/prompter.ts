/**
 * Questions asked on a terminal, in one injectable place (tests pass their own,
 * or drive the real one through streams). Prompts draw on stderr so that stdout
 * carries data only. Ctrl-C at a prompt becomes CancelledError with no message
 * (exit 130, quietly); the caller decides what a "no" means.
 */
import { CancelledError } from "./errors.js";

/** One answer of a `select`: what the list shows, and the value it gives. */
export interface Choice<T> {
  readonly name: string;
  readonly value: T;
}

export interface Prompter {
  confirm(message: string): Promise<boolean>;
  /** `validate` returns true, or the complaint shown under the prompt. */
  input(message: string, validate?: (value: string) => true | string): Promise<string>;
  /** Typed characters show as `*`. */
  password(message: string): Promise<string>;
  /** One of `choices`, picked with the arrow keys (optional for a test's prompter). */
  select?<T>(message: string, choices: readonly Choice<T>[]): Promise<T>;
  /** The text saved in $VISUAL or $EDITOR, opened on a temporary file holding `initial`. */
  editor?(message: string, initial?: string): Promise<string>;
}

/** A prompter that asks everything (the factory's: a test's prompter completed). */
export type FullPrompter = Required<Prompter>;

/** `prompter` with what it lacks refusing loudly (a test that did not expect the question). */
export function completePrompter(prompter: Prompter): FullPrompter {
  const missing = (what: string) => async (message: string) => {
    throw new Error(`this prompter cannot ${what}: ${message}`);
  };
  return {
    select: missing("select"),
    editor: missing("open an editor"),
    ...prompter,
  } as FullPrompter;
}

export interface PromptStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/** inquirer 13 rejects with ExitPromptError on Ctrl-C (AbortPromptError when aborted). */
function interrupted(error: unknown): boolean {
  const name = error instanceof Error ? error.name : "";
  return name === "ExitPromptError" || name === "AbortPromptError";
}

async function ask<T>(
  streams: PromptStreams,
  question: Record<string, unknown> & { type: string },
): Promise<T> {
  const { default: inquirer } = await import("inquirer");
  const prompt = inquirer.createPromptModule({ input: streams.input, output: streams.output });
  try {
    const answers = (await prompt([{ ...question, name: "answer" }] as never)) as { answer: T };
    return answers.answer;
  } catch (error) {
    if (interrupted(error)) throw new CancelledError("");
    throw error;
  }
}

/** The real prompter: inquirer (loaded on first question) on the given streams. */
export function inquirerPrompter(streams: PromptStreams): FullPrompter {
  return {
    confirm: (message) => ask<boolean>(streams, { type: "confirm", message, default: false }),
    input: (message, validate) =>
      ask<string>(streams, {
        type: "input",
        message,
        ...(validate === undefined ? {} : { validate }),
      }),
    password: (message) => ask<string>(streams, { type: "password", message, mask: "*" }),
    select: <T>(message: string, choices: readonly Choice<T>[]) =>
      ask<T>(streams, { type: "select", message, choices: [...choices], loop: false }),
    editor: (message, initial) =>
      ask<string>(streams, {
        type: "editor",
        message,
        waitForUserInput: false,
        ...(initial === undefined ? {} : { default: initial }),
      }),
  };
}
