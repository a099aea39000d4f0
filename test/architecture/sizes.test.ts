/**
 * Sizes a newcomer can read (docs/development.md, "Contributing"): no file of src/ over 350
 * lines, and no function whose own body (nested functions counted apart) runs
 * over 60 lines, unless a comment just above it says why (`long: <reason>`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");
const MAX_FILE_LINES = 350;
const MAX_FUNCTION_LINES = 60;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const FILES = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, "utf8") }));

/** Functions whose own lines (without the functions nested in them) pass the limit. */
function longFunctions(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line;
  const span = (node: ts.Node) => lineOf(node.end) - lineOf(node.getStart()) + 1;
  const found: string[] = [];
  const nestedLines = (node: ts.Node): number => {
    let lines = 0;
    node.forEachChild(function walk(child) {
      if (ts.isFunctionLike(child) && "body" in child && child.body) lines += span(child);
      else child.forEachChild(walk);
    });
    return lines;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const own = span(node) - nestedLines(node.body);
      const above = text.slice(Math.max(0, node.getFullStart()), node.getStart());
      if (own > MAX_FUNCTION_LINES && !/long:/.test(above)) {
        const name = (node as { name?: ts.Node }).name?.getText(file) ?? "(anonymous)";
        found.push(`${relative(SRC, path)}:${lineOf(node.getStart()) + 1} ${name}: ${own} lines`);
      }
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

describe("sizes", () => {
  it(`keeps every file of src/ within ${MAX_FILE_LINES} lines`, () => {
    const long = FILES.map((f) => ({
      file: relative(SRC, f.path),
      lines: f.text.split("\n").length,
    }))
      .filter((f) => f.lines > MAX_FILE_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it(`keeps every function within ${MAX_FUNCTION_LINES} lines of its own, or says why`, () => {
    expect(FILES.flatMap((f) => longFunctions(f.path, f.text))).toEqual([]);
  });

  it("can find a long function", () => {
    const body = Array.from({ length: 70 }, (_, i) => `  const v${i} = ${i};`).join("\n");
    expect(longFunctions(join(SRC, "x.ts"), `function big() {\n${body}\n}\n`)).toHaveLength(1);
    expect(
      longFunctions(join(SRC, "x.ts"), `// long: a table\nfunction big() {\n${body}\n}\n`),
    ).toEqual([]);
  });
});
