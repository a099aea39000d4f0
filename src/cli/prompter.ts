/**
 * Questions asked on a terminal, in one injectable place (tests pass their own,
 * or drive the real one through streams). Prompts draw on stderr so that stdout
 * carries data only. Ctrl-C at a prompt becomes CancelledError with no message
 * (exit 130, quietly); the caller decides what a "no" means.
 */
import { CancelledError } from "./errors.js";

export interface Prompter {
  confirm(message: string): Promise<boolean>;
  /** `validate` returns true, or the complaint shown under the prompt. */
  input(message: string, validate?: (value: string) => true | string): Promise<string>;
  /** Typed characters show as `*`. */
  password(message: string): Promise<string>;
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
export function inquirerPrompter(streams: PromptStreams): Prompter {
  return {
    confirm: (message) => ask<boolean>(streams, { type: "confirm", message, default: false }),
    input: (message, validate) =>
      ask<string>(streams, {
        type: "input",
        message,
        ...(validate === undefined ? {} : { validate }),
      }),
    password: (message) => ask<string>(streams, { type: "password", message, mask: "*" }),
  };
}
