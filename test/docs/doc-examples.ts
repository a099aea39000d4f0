/**
 * The shell examples of the README and docs/ (issue 26, item 11): every fenced `sh` (or
 * `bash`, `shell`) block, in file order. A block whose nearest line above is
 * `<!-- not run: REASON -->` is not run (a hosted service, `tourney login`, a server that
 * runs until Ctrl-C), and is counted.
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
