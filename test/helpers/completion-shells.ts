/**
 * The real shells completing a command line with tourney's generated scripts (as
 * test/cli/completion-names.test.ts drives them): bash (the script's function with the
 * words readline makes, `=` apart), zsh (an interactive zsh on a pseudo-terminal through
 * zpty; compadd reports what it is given) and fish (`complete -C`). Each returns the words
 * offered.
 */
import { spawnSync } from "node:child_process";

export type Env = Record<string, string>;

export const hasShell = (shell: string) => spawnSync(shell, ["--version"]).status === 0;

/** bash: `script` sourced, `_tourney` run for `line` (the cursor at its end). */
export function bashComplete(script: string, line: string, env: Env): string[] {
  const words = line.split(" ").flatMap((w) => w.split(/(=)/).filter((p) => p !== ""));
  if (line.endsWith(" ")) words.push("");
  const program = `
source ${JSON.stringify(script)}
COMP_LINE=${JSON.stringify(line)}
COMP_POINT=\${#COMP_LINE}
COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(" ")})
COMP_CWORD=${words.length - 1}
_tourney
printf '%s\\n' "\${COMPREPLY[@]}"
`;
  const r = spawnSync("bash", ["--norc", "-c", program], { encoding: "utf8", env });
  if (r.status !== 0) throw new Error(`bash: ${r.stderr}`);
  return r.stdout.split("\n").filter((w) => w !== "");
}

/**
 * zsh's completion run in a pseudo-terminal. The markers are written split ("<h""it>",
 * '<rea''dy>') so that the terminal's echo of the lines written never reads as one: a
 * redrawn echo of the compadd line gave hits "$h" (CI of 07493e9, completion-names).
 * The line to complete is typed once zsh's line editor reads the terminal (zle-line-init
 * says '<line>'), not as soon as '<ready>' is printed: until the editor is back, the
 * terminal is in its cooked mode, where the ^U typed after the TAB is the kernel's own
 * line kill, and the line and its TAB were erased before zsh saw them (no hits at all:
 * 'race watch --jq . sp' in completion-names, 1 run in 30 under load; every run when the
 * shell takes 0.2 s to come back to its prompt).
 */
const ZSH_DRIVER = `
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "fpath=(\${ZFUNC} \\$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w z 'zstyle ":completion:*" insert-tab false'
zpty -w z 'compadd () { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a __hits; builtin compadd -A __hits "$@"; local r=$?; local h; for h in $__hits; do print -r -- "<h""it>$h</hit>"; done; return $r; }'
zpty -w z 'bindkey "^I" complete-word; PROMPT=""'
zpty -w z 'zle-line-init () { print -rn -- "<li""ne>"; }; zle -N zle-line-init'
zpty -w z "print '<rea''dy>'"
zpty -r z line '*<ready>*'
zpty -r z line '*<line>*'
zpty -n -w z "$1"$'\\t'
zpty -w z $'\\x15'"print '<do''ne>'"
out=""
while zpty -r z chunk; do out+=$chunk; [[ $out == *$'\\n<done>'* ]] && break; done
print -r -- "$out"
zpty -d z
`;

/** zsh: `zfunc` the folder holding `_tourney`. */
export function zshComplete(zfunc: string, line: string, env: Env): string[] {
  const r = spawnSync("zsh", ["-f", "-c", ZSH_DRIVER, "zsh", line], {
    encoding: "utf8",
    env: { ...env, ZFUNC: zfunc },
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`zsh: ${r.stderr}`);
  return [...r.stdout.matchAll(/<hit>(.*?)<\/hit>/g)].map((m) => m[1]!);
}

/** fish: `script` sourced, `complete -C line`. */
export function fishComplete(script: string, line: string, env: Env): string[] {
  const r = spawnSync(
    "fish",
    ["--no-config", "-c", `source ${script}; complete -C ${JSON.stringify(line)}`],
    { encoding: "utf8", env },
  );
  if (r.status !== 0) throw new Error(`fish: ${r.stderr}`);
  return r.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.split("\t")[0]!);
}
