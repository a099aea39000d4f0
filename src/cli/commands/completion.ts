/** `tourney completion <bash|zsh|fish>`: prints a completion script made from the command tree. */
import { Argument, type Command } from "commander";
import type { App } from "../app.js";
import { bashScript } from "../completion/bash.js";
import { fishScript } from "../completion/fish.js";
import { commandTree } from "../completion/tree.js";
import { zshScript } from "../completion/zsh.js";
import { UsageError } from "../errors.js";
import { printsNoJson } from "../json-form.js";
import { verbHelp } from "./verb-help.js";

const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export function registerCompletion(program: Command, app: App): void {
  printsNoJson(program.command("completion"), { prints: "a shell script" })
    .description("print a shell completion script (bash, zsh or fish)")
    .addArgument(new Argument("<shell>", "bash, zsh or fish").choices(Object.keys(SHELLS)))
    .addHelpText(
      "after",
      `
Install:
  bash  tourney completion bash > ~/.local/share/bash-completion/completions/tourney
  zsh   tourney completion zsh > "\${fpath[1]}/_tourney"
  fish  tourney completion fish > ~/.config/fish/completions/tourney.fish
The same scripts ship in the package's completions/ directory.`,
    )
    .addHelpText(
      "after",
      verbHelp({
        examples: [
          "bash > ~/.local/share/bash-completion/completions/tourney",
          "fish > ~/.config/fish/completions/tourney.fish",
        ],
      }),
    )
    .action((shell: string) => {
      const generate = SHELLS[shell as keyof typeof SHELLS];
      if (generate === undefined)
        throw new UsageError(`no completion for ${shell}: choose bash, zsh or fish`);
      let root: Command = program;
      while (root.parent !== null) root = root.parent;
      app.deps.io.stdout.write(generate(commandTree(root)));
    });
}
