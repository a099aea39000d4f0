/**
 * What a command prints, as far as the global `--json [fields]` and `--jq` go. Most
 * commands print records, and take all three (`--json`, `--json FIELDS`, `--jq`). A
 * command that prints something else says so where it is declared (`printsNoJson`,
 * `printsJsonEvents`), and the one preAction hook (App.checkOutputFlags, run.ts) refuses
 * the flags it cannot honour before its action runs: a usage error (exit 2) naming the
 * flag, the command and what to do instead, with nothing sent or written. A script that
 * asked for JSON never gets something else with exit 0.
 */
import type { Command } from "commander";
import { UsageError } from "./errors.js";
import type { GivenOption } from "./option-words.js";
import { parseJsonFields } from "./output/json-fields.js";

/** A command (or one of its modes) that prints no JSON at all. */
export interface NoJson {
  /** What it prints instead: "a shell script". */
  readonly prints: string;
  /** What to do instead, if there is more to say than leaving the flag out. */
  readonly instead?: string;
  /** Only in this mode: the attribute name of one of the command's own options ("web"). */
  readonly onlyWith?: string;
}

/** A command whose --json is a stream of events, one JSON object a line (NDJSON). */
export interface JsonEvents {
  /** Whether --jq applies (each event one jq input, run once the command ends). */
  readonly jq: boolean;
  /** How to pick fields or filter events instead. */
  readonly instead: string;
}

type Form = { readonly none: NoJson } | { readonly events: JsonEvents };

const FORMS = new WeakMap<Command, Form[]>();

function declare(command: Command, form: Form): Command {
  FORMS.set(command, [...(FORMS.get(command) ?? []), form]);
  return command;
}

/** The command (with `onlyWith`: in that mode) prints no JSON: --json and --jq are refused. */
export function printsNoJson(command: Command, none: NoJson): Command {
  return declare(command, { none });
}

/** The command's --json prints events: --json FIELDS is refused, and --jq unless `jq`. */
export function printsJsonEvents(command: Command, events: JsonEvents): Command {
  return declare(command, { events });
}

/** The output flags of a command line, as given. */
export interface OutputFlags {
  /** `--json` given: "" bare, else its field list. */
  readonly json?: string;
  readonly jq?: boolean;
}

/** How a message names the flags given: "--json", "--json id,name", "--jq", "--json and --jq". */
function flagNames(flags: OutputFlags): string {
  const json =
    flags.json === undefined ? [] : [flags.json === "" ? "--json" : `--json ${flags.json}`];
  return [...json, ...(flags.jq ? ["--jq"] : [])].join(" and ");
}

/** The refusal of `flags` by a command (`path`: "tourney completion") that prints no JSON. */
export function noJsonError(path: string, flags: OutputFlags, none: NoJson): UsageError {
  const given = flagNames(flags);
  const more = none.instead === undefined ? "" : `; ${none.instead}`;
  return new UsageError(
    `${given} cannot apply to \`${path}\`: it prints ${none.prints}, not JSON; run it without ${given}${more}`,
  );
}

function eventsError(path: string, flags: OutputFlags, events: JsonEvents): UsageError | undefined {
  const fields = flags.json !== undefined && flags.json !== "";
  const jq = flags.jq === true && !events.jq;
  if (!fields && !jq) return undefined;
  const given = flagNames({ ...(fields ? { json: flags.json } : {}), jq });
  const why = [
    ...(fields ? ["its events are of several kinds, with different fields"] : []),
    ...(jq ? ["it prints events as they happen, which --jq would hold until it ends"] : []),
  ].join(", and ");
  return new UsageError(
    `${given} cannot apply to \`${path}\`: ${why}; --json prints each event as one JSON object a line; ${events.instead}`,
  );
}

/** `tourney serve key revoke`: the command's words from the program down. */
function commandPath(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) words.unshift(c.name());
  return words.join(" ");
}

/** The command's option whose attribute is `name`, as written: "--web". */
function optionFlag(command: Command, name: string): string {
  return command.options.find((o) => o.attributeName() === name)?.long ?? `--${name}`;
}

/** The output flags of the command about to run. */
function givenFlags(command: Command): OutputFlags {
  const o = command.optsWithGlobals() as Record<string, unknown>;
  const jq = typeof o.jq === "string";
  if (o.json === undefined || o.json === false) return { jq };
  return { json: parseJsonFields(o.json)?.join(",") ?? "", jq };
}

/** Throws the usage error for output flags `command` cannot honour (none given: nothing). */
export function refuseOutputFlags(command: Command): void {
  const forms = FORMS.get(command);
  if (forms === undefined) return;
  const flags = givenFlags(command);
  if (flags.json === undefined && !flags.jq) return;
  const own = command.opts() as Record<string, unknown>;
  for (const form of forms) {
    if ("events" in form) {
      const error = eventsError(commandPath(command), flags, form.events);
      if (error !== undefined) throw error;
      continue;
    }
    const mode = form.none.onlyWith;
    // A mode given as `-` is stdout (`export --output -`): the output flags apply as without it.
    if (mode !== undefined && (own[mode] === undefined || own[mode] === false || own[mode] === "-"))
      continue;
    const path = commandPath(command) + (mode === undefined ? "" : ` ${optionFlag(command, mode)}`);
    throw noJsonError(path, flags, form.none);
  }
}

/**
 * The output flags among the program's options as commander reads them (option-words.ts):
 * for `tourney --version` and help, which commander answers itself (no action, no preAction
 * hook). Like the commands' refusal, it names the field list given (`--json id`).
 */
export function outputFlagsGiven(given: readonly GivenOption[]): OutputFlags {
  const json = given.filter((g) => g.option.long === "--json").at(-1);
  const jq = given.some((g) => g.option.long === "--jq");
  if (json === undefined) return { jq };
  return { json: parseJsonFields(json.value)?.join(",") ?? "", jq };
}

/** Which of the output flags a command takes (shell completion offers those only). */
export interface OutputFlagsTaken {
  /** `--json` (bare only, where the command prints events). */
  readonly json: boolean;
  readonly jq: boolean;
  /**
   * The spellings of the command's own options whose mode refuses both (`--web` of
   * `bracket`, `-o` and `--output` of `export`): with one on the line, neither is offered.
   */
  readonly refusedWith: readonly string[];
}

/**
 * The output flags `command` takes, as refuseOutputFlags reads its declarations. A refusal
 * in one mode only (`bracket --web`) leaves them taken, and names the mode's option.
 */
export function outputFlagsTaken(command: Command): OutputFlagsTaken {
  let taken: OutputFlagsTaken = { json: true, jq: true, refusedWith: [] };
  for (const form of FORMS.get(command) ?? []) {
    if ("events" in form) taken = { ...taken, jq: taken.jq && form.events.jq };
    else if (form.none.onlyWith === undefined) taken = { ...taken, json: false, jq: false };
    else
      taken = {
        ...taken,
        refusedWith: [...taken.refusedWith, ...modeFlags(command, form.none.onlyWith)],
      };
  }
  return taken;
}

/** The spellings of the command's option whose attribute is `name`: "-o", "--output". */
function modeFlags(command: Command, name: string): string[] {
  const option = command.options.find((o) => o.attributeName() === name);
  return [option?.short, option?.long ?? `--${name}`].filter((f): f is string => f !== undefined);
}

/** What a command's declaration says of its JSON, in words (test/cli/json-form.test.ts). */
export function jsonFormOf(command: Command): string {
  const forms = FORMS.get(command) ?? [];
  if (forms.length === 0) return "records";
  return forms
    .map((form) => {
      if ("events" in form) return form.events.jq ? "events, --jq" : "events";
      const mode = form.none.onlyWith;
      return mode === undefined ? "none" : `none with ${optionFlag(command, mode)}`;
    })
    .join("; ");
}
