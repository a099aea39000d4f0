/**
 * The shell examples of the README and docs/ (issue 26, item 11): every fenced `sh` (or
 * `bash`, `shell`) block, in file order. A block whose nearest line above is
 * `<!-- not run: REASON -->` is not run (a hosted service, `tourney login`, a server that
 * runs until Ctrl-C), and is counted. A line whose comment states an exit code
 * (`tourney view nope || echo "exit $?"   # exit 3`) is run so that its command's code is
 * checked (checkedExits): `|| echo` alone would hide any code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Example {
  /** `docs/races.md:42`: the file and the line of the opening fence. */
  readonly where: string;
  readonly code: string;
  /** Why it is not run, from its `<!-- not run: ... -->` mark; undefined: it runs. */
  readonly notRun?: string;
}

const FENCE = /^```(\w*)\s*$/;
const SHELLS = new Set(["sh", "bash", "shell"]);
const NOT_RUN = /^<!--\s*not run:\s*(.+?)\s*-->$/;

/** The shell examples of one Markdown text, in order. */
export function examplesOf(file: string, text: string): Example[] {
  const lines = text.split("\n");
  const found: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (open === null) continue;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    if (SHELLS.has(open[1]!)) {
      let above = i - 1;
      while (above >= 0 && lines[above]!.trim() === "") above--;
      const mark = above >= 0 ? NOT_RUN.exec(lines[above]!.trim()) : null;
      const code = lines.slice(i + 1, end).join("\n");
      found.push({ where: `${file}:${i + 1}`, code, ...(mark ? { notRun: mark[1]! } : {}) });
    }
    i = end;
  }
  return found;
}

/** The README first, then docs/ in the order the README's manual table links them, then the rest. */
export function documentedFiles(root: string): string[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const linked = [...readme.matchAll(/\]\((docs\/[\w-]+\.md)\)/g)].map((m) => m[1]!);
  const all = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`)
    .sort();
  const ordered = [...new Set(linked)].filter((path) => all.includes(path));
  return ["README.md", ...ordered, ...all.filter((path) => !ordered.includes(path))];
}

/** A line ending in a comment that states its command's exit code: `CMD   # exit 3: why`. */
const STATED_EXIT = /^(?<line>.*\S)\s+#\s*exit (?<code>\d+)\b[^#]*$/;

/**
 * `code` with each line that states an exit code (STATED_EXIT) made to check it: the
 * command before the line's first ` || ` (or the whole line) runs, and any other code ends
 * the block with a message naming the line (`where`: the example's fence line).
 */
export function checkedExits(code: string, where: string): string {
  const [file, fence] = where.split(/:(?=\d+$)/);
  return code
    .split("\n")
    .map((text, i) => {
      const stated = STATED_EXIT.exec(text)?.groups;
      if (stated === undefined) return text;
      const command = stated.line!.split(" || ")[0]!;
      const at = `${file}:${Number(fence) + 1 + i}`;
      return (
        `if ${command}; then __exit=0; else __exit=$?; fi; if [ "$__exit" != ${stated.code} ]; ` +
        `then echo "${at}: documented exit ${stated.code}, got $__exit" >&2; exit 1; fi`
      );
    })
    .join("\n");
}
