/**
 * Renames on a started target (its names unique as the service compares them,
 * participantNameKey), found by seed and results in the file: which of them can be made,
 * which need a result to tell them from another seeding, the requests in an order the
 * service takes, their sending all or none, and the stop's commands. Shared by the
 * tournament import (participant-renames.ts: seeds and matches) and the race import
 * (race-renames.ts: seeds and times), so a swap or a chain of names is taken by both.
 */
import { normalParticipantName, participantNameKey } from "../../model/participant-name.js";

/** One name change: participant `id` from `from` to `to`. */
export interface RenameOf<Id> {
  readonly id: Id;
  readonly from: string;
  readonly to: string;
}

/** A target participant: its id, name and seed. */
export interface Holder<Id> {
  readonly id: Id;
  readonly name: string;
  readonly seed: unknown;
}

const key = participantNameKey;

/**
 * Whether some participant of the file is not at its seed on the target under its name (a
 * holder that gives no seed tells nothing): only then are renames looked for (a read of
 * the target's matches or times). A name there only in another letter case ("Dee" for the
 * file's "DEE": the same name to the service, another to the file) is renamed like any
 * other. Before, it counted as there, no rename was looked for, and the import stopped:
 * "has started without DEE", the target's Dee named as one the file does not have.
 */
export function misplacedIn<Id>(
  file: readonly { readonly name: string; readonly seed?: number | undefined }[],
  holders: readonly Holder<Id>[],
): boolean {
  const seedOf = new Map(holders.map((h) => [key(h.name), h.seed]));
  const spelled = new Set(holders.map((h) => normalParticipantName(h.name)));
  return file.some((p) => {
    if (!seedOf.has(key(p.name)) || !spelled.has(normalParticipantName(p.name))) return true;
    const seed = Number(seedOf.get(key(p.name)));
    return p.seed !== undefined && Number.isInteger(seed) && seed !== p.seed;
  });
}

/**
 * The renames that give `holders` the file's spelling of a name they hold in another letter
 * case or form (the same name to the service: participantNameKey), as the file writes it.
 */
export function respellings<Id>(
  fileNames: readonly string[],
  holders: readonly Holder<Id>[],
): RenameOf<Id>[] {
  const spelled = new Map(fileNames.map((name) => [key(name), name]));
  return holders.flatMap((h) => {
    const to = spelled.get(key(h.name));
    // Spelled alike once stored (the service trims and NFC-normalises): nothing to send.
    const same = to === undefined || normalParticipantName(to) === normalParticipantName(h.name);
    return same ? [] : [{ id: h.id, from: h.name, to }];
  });
}

/**
 * `renames` but for those to a name that a participant not renamed keeps (as the service
 * compares names): dropped, and so those that needed its name freed, until none is left.
 */
export function possibleRenames<Id, R extends RenameOf<Id>>(
  holders: readonly Holder<Id>[],
  renames: readonly R[],
): R[] {
  let left = [...renames];
  for (;;) {
    const moved = new Set(left.map((r) => r.id));
    const kept = new Set(holders.filter((h) => !moved.has(h.id)).map((h) => key(h.name)));
    const possible = left.filter((r) => !kept.has(key(r.to)));
    if (possible.length === left.length) return left;
    left = possible;
  }
}

/**
 * `renames` but for names only exchanged (a swap, a cycle: each name on both sides) that no
 * result tells apart from another seeding of the same people: such a cycle stays only when
 * `told` holds for one of it (a result there that only the rename explains).
 */
export function toldCycles<Id, R extends RenameOf<Id>>(
  fileNames: readonly string[],
  holders: readonly Holder<Id>[],
  renames: readonly R[],
  told: (r: R) => boolean,
): R[] {
  const inFile = new Set(fileNames.map(key));
  const there = new Set(holders.map((h) => key(h.name)));
  // A name changed only in letter case is no exchange: the service holds it as the same name.
  const swapped = (r: R) =>
    key(r.from) !== key(r.to) && inFile.has(key(r.from)) && there.has(key(r.to));
  // The swapped renames by the name each gives up: a cycle is those reached from one another.
  const byFrom = new Map(renames.filter(swapped).map((r) => [key(r.from), r]));
  const cycleOf = (r: R) => {
    const seen: R[] = [];
    let x: R | undefined = r;
    while (x !== undefined && !seen.includes(x)) {
      seen.push(x);
      x = byFrom.get(key(x.to));
    }
    return seen;
  };
  return renames.filter((r) => !swapped(r) || cycleOf(r).some(told));
}

/** The target's names once `renames` are made. */
export function namesAfterRenames<Id>(
  holders: readonly Holder<Id>[],
  renames: readonly RenameOf<Id>[],
): string[] {
  const to = new Map(renames.map((r) => [r.id, r.to]));
  return holders.map((h) => to.get(h.id) ?? h.name);
}

/**
 * The requests that make `renames`, in an order the service takes (each new name free when
 * it is sent): a rename whose new name another participant renamed still holds waits for
 * it; a cycle (two names swapped) goes through a temporary name no one has.
 */
export function stepsOf<Id>(
  holders: readonly Holder<Id>[],
  renames: readonly RenameOf<Id>[],
): RenameOf<Id>[] {
  const holder = new Map(holders.map((h) => [key(h.name), h.id]));
  const taken = new Set([...holder.keys(), ...renames.map((r) => key(r.to))]);
  const name = new Map(renames.map((r) => [r.id, r.from]));
  const steps: RenameOf<Id>[] = [];
  const move = (id: Id, to: string) => {
    const from = name.get(id)!;
    holder.delete(key(from));
    holder.set(key(to), id);
    name.set(id, to);
    steps.push({ id, from, to });
  };
  let left = [...renames];
  while (left.length > 0) {
    const free = left.filter((r) => {
      const by = holder.get(key(r.to));
      return by === undefined || by === r.id;
    });
    if (free.length > 0) {
      for (const r of free) if (name.get(r.id) !== r.to) move(r.id, r.to);
      left = left.filter((r) => !free.includes(r));
      continue;
    }
    // A cycle: one of it steps aside under a name no one has.
    const r = left.find((x) => {
      const by = holder.get(key(x.to));
      return by !== undefined && name.has(by);
    });
    if (r === undefined) throw new Error("a rename to a name a participant keeps");
    let spare = `${r.from} (renaming)`;
    for (let i = 2; taken.has(key(spare)); i++) spare = `${r.from} (renaming ${i})`;
    taken.add(key(spare));
    move(r.id, spare);
  }
  return steps;
}

/**
 * Sends `steps` (stepsOf) all or none: when one is refused (or the network fails), those
 * sent are undone, last first, and the error is thrown. A run stopped at once (a second
 * Ctrl-C) may leave a temporary name: the next run finds that participant by seed as well.
 */
export async function sendRenames<Id>(
  rename: (id: Id, name: string) => Promise<unknown>,
  steps: readonly RenameOf<Id>[],
): Promise<void> {
  const sent: RenameOf<Id>[] = [];
  try {
    for (const step of steps) {
      await rename(step.id, step.to);
      sent.push(step);
    }
  } catch (error) {
    for (const step of sent.reverse()) await rename(step.id, step.from).catch(() => undefined);
    throw error;
  }
}

/** The words of a swap stop: the tournament's or the race's. */
export interface StopWords {
  /** "tournament" or "race". */
  readonly noun: string;
  /** What else than seeds tells who is who: "matches" or "times". */
  readonly by: string;
  /** What would confirm a swap: "result" or "time". */
  readonly proof: string;
  /** The command that renames one, before its url: "tourney participants update". */
  readonly update: string;
  /** The command that deletes the event, before its url. */
  readonly remove: string;
}

/**
 * The stop when the target holds the file's names at other seeds, fitting the file's once
 * renamed, with nothing there to tell a swap in the file's event from another seeding
 * there: the commands that would give the target the file's names, in an order the service
 * takes (a spare name first where two were swapped: giving Bob's name to Ann first is
 * refused, "already taken"). Undefined when `renames` is empty.
 */
export function swapStopText<Id>(
  words: StopWords,
  url: string,
  holders: readonly Holder<Id>[],
  renames: readonly RenameOf<Id>[],
): string | undefined {
  if (renames.length === 0) return undefined;
  const quote = (name: string) =>
    /^[\w.@+-]+$/.test(name) ? name : `'${name.replaceAll("'", "'\\''")}'`;
  const steps = stepsOf(holders, renames).map(
    (s) => `  ${words.update} ${url} ${quote(s.from)} --name ${quote(s.to)}`,
  );
  const seedOf = (id: Id) => String(holders.find((h) => h.id === id)?.seed);
  const shown = renames
    .slice(0, 6)
    .map((r) => `${r.from} (seed ${seedOf(r.id)}) is the file's ${r.to}`);
  const more = renames.length > 6 ? `, and ${renames.length - 6} more` : "";
  const { noun, proof } = words;
  return (
    `the target's ${noun} ${url} has the file's names at other seeds, by seed and ${words.by} (${shown.join(", ")}${more}), and no ${proof} there tells whether they were swapped in the file's ${noun} or the target was seeded otherwise; nothing was sent\n` +
    `if they were renamed in the file's ${noun}, give them its names there, in this order, and import again:\n${steps.join("\n")}\n` +
    `if the target's is another event, delete it there (${words.remove} ${url}) and import again, or import the file under another url (change "url" in its "${noun}")`
  );
}
