/**
 * `--json` takes its fields as an optional value (`--json id,name`), yet a bare `--json`
 * must never swallow the word after it (`tourney --json tournament list`,
 * `tourney tournament view --json cup-2`). Before commander parses, each `--json`
 * followed by a field list is joined to it (`--json=id,name`); any other `--json` becomes
 * `--json=`, which commander reads as bare. A field list is names of letters, digits
 * and `_` separated by commas, that is not a word of the command tree; to select fields
 * in any other position, write `--json=FIELDS`.
 */
import type { Command } from "commander";

const FIELD_LIST = /^[A-Za-z_]\w*(,[A-Za-z_]\w*)*$/;

/** The names and aliases of every command of the tree (as built for this command line). */
function commandWords(program: Command): Set<string> {
  const words = new Set<string>(["help"]);
  const walk = (command: Command): void => {
    for (const child of command.commands) {
      words.add(child.name());
      for (const alias of child.aliases()) words.add(alias);
      walk(child);
    }
  };
  walk(program);
  return words;
}

export function attachJsonFields(argv: readonly string[], program: Command): string[] {
  const end = argv.indexOf("--");
  const words = commandWords(program);
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== "--json" || (end !== -1 && i > end)) {
      out.push(arg);
      continue;
    }
    const next = argv[i + 1];
    const fields = next !== undefined && FIELD_LIST.test(next) && !words.has(next);
    out.push(fields ? `--json=${next}` : "--json=");
    if (fields) i++;
  }
  return out;
}
