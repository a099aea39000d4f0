/**
 * The real inquirer prompter on streams of its own, for tests of what is asked at a
 * terminal: each [question, keys] step types `keys` once `question` shows, as a person
 * would (a short pause after the question appears).
 */
import { PassThrough } from "node:stream";
import { inquirerPrompter, type Prompter } from "../../src/cli/prompter.js";

export const DOWN = "\u001b[B";

export function typing(steps: readonly (readonly [RegExp, string])[]): {
  prompter: Prompter;
  screen: () => string;
} {
  const input = new PassThrough();
  const output = new PassThrough();
  // A terminal outlives each prompt: inquirer ends the stream it draws on (process.stderr
  // ignores that), so this one does too, or the second question would not show.
  output.end = (() => output) as typeof output.end;
  let screen = "";
  let next = 0;
  let seen = 0;
  output.on("data", (chunk) => {
    screen += String(chunk);
    const step = steps[next];
    if (step === undefined) return;
    const match = step[0].exec(screen.slice(seen));
    if (match === null) return;
    seen += match.index + match[0].length;
    next++;
    setTimeout(() => input.write(step[1]), 50);
  });
  return { prompter: inquirerPrompter({ input, output }), screen: () => screen };
}
