/**
 * json-argv.ts on a small command tree: which `--json` takes the next word as its field
 * list. The built binary's cases are in json-word.test.ts; these are the walk's details
 * (option values, clusters, aliases, `--`, a group with an action of its own).
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { HintedError, OutputError } from "../../src/cli/errors.js";
import { attachJsonFields, fieldListHint } from "../../src/cli/json-argv.js";
import { UnknownJsonFieldError } from "../../src/cli/output/json-fields.js";

function tree(): Command {
  const program = new Command("tourney")
    .option("--json [fields]")
    .option("-q, --jq <expression>")
    .option("-v, --verbose")
    .option("--profile <name>");
  const tournament = program.command("tournament").alias("tournaments");
  tournament.command("list");
  tournament.command("view").argument("<tournament>");
  const match = program.command("match");
  match.command("list").argument("<tournament>").option("--round <n>").option("--open");
  match.command("report").argument("<tournament>").argument("[match]");
  program.command("add").argument("<tournament>").argument("[names...]");
  const serve = program
    .command("serve")
    .option("--port <n>")
    .action(() => {});
  serve.command("key").command("list");
  return program;
}

const attach = (...argv: string[]) => attachJsonFields(argv, tree());

describe("the word after --json", () => {
  it("is an argument the command still needs, wherever --json stands", () => {
    expect(attach("tournament", "view", "--json", "cup")).toEqual([
      "tournament",
      "view",
      "--json=",
      "cup",
    ]);
    expect(attach("tournaments", "view", "--json", "id")).toEqual([
      "tournaments",
      "view",
      "--json=",
      "id",
    ]);
    // Option values are not operands: --round takes 2, --profile takes local.
    expect(attach("match", "list", "--round", "2", "--json", "cup")).toEqual([
      "match",
      "list",
      "--round",
      "2",
      "--json=",
      "cup",
    ]);
    expect(attach("--profile", "local", "match", "list", "--json", "cup")[4]).toBe("--json=");
    expect(attach("-vq", ".id", "tournament", "view", "--json", "cup")[4]).toBe("--json=");
    // -q.id carries its value: the next word is not taken.
    expect(attach("tournament", "view", "-q.id", "--json", "cup")[3]).toBe("--json=");
  });

  it("is the field list once the command has its arguments", () => {
    expect(attach("tournament", "view", "cup", "--json", "id,url")).toEqual([
      "tournament",
      "view",
      "cup",
      "--json=id,url",
    ]);
    expect(attach("tournament", "view", "--json", "url", "cup")[2]).toBe("--json=url");
    expect(attach("tournament", "view", "--json", "url", "--", "cup")[2]).toBe("--json=url");
    expect(attach("match", "list", "--open", "cup", "--json", "id")[4]).toBe("--json=id");
    expect(attach("--json", "id,name", "tournament", "list")).toEqual([
      "--json=id,name",
      "tournament",
      "list",
    ]);
    // A group with an action of its own (serve) and no argument: a field list, refused there.
    expect(attach("serve", "--json", "foo")).toEqual(["serve", "--json=foo"]);
    expect(attach("serve", "--port", "0", "--json", "key")).toEqual([
      "serve",
      "--port",
      "0",
      "--json=",
      "key",
    ]);
  });

  it("fills the required arguments in order, then selects", () => {
    expect(attach("tournament", "view", "--json", "cup", "--json", "url")).toEqual([
      "tournament",
      "view",
      "--json=",
      "cup",
      "--json=url",
    ]);
    // Only a word the required arguments would otherwise miss: here ada is the tournament.
    expect(attach("add", "--json", "cup", "ada")).toEqual(["add", "--json=cup", "ada"]);
    expect(attach("add", "--json", "cup")).toEqual(["add", "--json=", "cup"]);
  });

  it("hints only where the command could also take the word as an argument", () => {
    const unknown = new UnknownJsonFieldError('unknown JSON field "A"');
    const hint = (...argv: string[]) => fieldListHint(unknown, argv, tree());
    const hinted = hint("match", "report", "cup", "--json", "A");
    expect(hinted).toBeInstanceOf(HintedError);
    expect((hinted as HintedError).hint).toBe(
      "`--json A` read A as its field list; if A is an argument, put --json after the arguments or write `--json= A`",
    );
    expect(hint("add", "cup", "ada", "--json", "bo")).toBeInstanceOf(HintedError);
    expect(hint("match", "report", "cup", "A", "--json", "nope")).toBe(unknown);
    expect(hint("tournament", "list", "--json", "nope")).toBe(unknown);
    expect(hint("match", "report", "cup", "--json=A")).toBe(unknown);
    const other = new OutputError("jq: error");
    expect(fieldListHint(other, ["match", "report", "cup", "--json", "A"], tree())).toBe(other);
  });
});
