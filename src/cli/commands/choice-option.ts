/**
 * Flags whose value is one of a fixed list (`--type`, `--state`, ...): the CLI
 * checks them itself, so a wrong value is a usage error (exit 2) naming the flag
 * and every allowed value, before anything reaches the service. Case, `_` or `-` for a
 * space and surrounding blanks are forgiven; the value passed on is the listed one.
 */
import { InvalidArgumentError, Option } from "commander";

export interface ChoiceSpec {
  readonly allowed: readonly string[];
  /** Other spellings accepted for a listed value (e.g. `single_elimination`). */
  readonly spelling?: (value: string) => string;
  /** A comma-separated list of allowed values (`--tie-breaks a,b`). */
  readonly list?: boolean;
}

/** `double_elimination`, `Double-Elimination` and `double elimination` are one value. */
const canonical = (value: string) => value.trim().toLowerCase().replace(/[_-]/g, " ");

function quoted(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(", ");
}

function checkOne(value: string, spec: ChoiceSpec): string {
  const spell = spec.spelling ?? ((v: string) => v);
  const wanted = canonical(value);
  const found = spec.allowed.find((a) => canonical(spell(a)) === wanted || canonical(a) === wanted);
  if (found === undefined) {
    throw new InvalidArgumentError(`Allowed values: ${quoted(spec.allowed.map(spell))}.`);
  }
  return found;
}

/** The value checked against the list; commander reports a wrong one as a usage error. */
export function parseChoice(value: string, spec: ChoiceSpec): string | string[] {
  if (!spec.list) return checkOne(value, spec);
  return value
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "")
    .map((v) => checkOne(v, spec));
}

/**
 * An option taking one of `spec.allowed`. Help lists the values when each is
 * one word; shell completion offers them all (completionValues).
 */
export function choiceOption(flags: string, description: string, spec: ChoiceSpec): Option {
  const option = new Option(flags, description).argParser((value: string) =>
    parseChoice(value, spec),
  );
  const shown = spec.allowed.map(spec.spelling ?? ((v: string) => v));
  if (!spec.list && shown.every((v) => /^[\w-]+$/.test(v))) option.argChoices = [...shown];
  return completedWith(option, shown, { list: spec.list === true });
}

const COMPLETIONS = new WeakMap<Option, readonly string[]>();
/** The options whose value is a comma-separated list of the values (each item completed). */
const LISTS = new WeakSet<Option>();

/**
 * Tells shell completion the fixed values of `option`, for an option that checks its value
 * itself (its own message, a repeatable or comma-separated value): `watch --events`,
 * `login --scopes`. A value with a space is completed with `_` for it, one shell word.
 */
export function completedWith(
  option: Option,
  values: readonly string[],
  how: { readonly list?: boolean } = {},
): Option {
  COMPLETIONS.set(
    option,
    values.filter((v) => v !== "").map((v) => v.replaceAll(" ", "_")),
  );
  if (how.list === true) LISTS.add(option);
  return option;
}

/** Whether the option's value is a comma-separated list of its completion values. */
export function completesList(option: Option): boolean {
  return LISTS.has(option);
}

/** What shell completion offers for a choice option's value (every listed value). */
export function completionValues(option: Option): readonly string[] {
  return COMPLETIONS.get(option) ?? option.argChoices ?? [];
}
