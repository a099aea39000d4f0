/**
 * Participants renamed on the file's side after the target's tournament started: the target's
 * participant at the same seed, under a name the file does not have, playing in the same
 * matches (by key) as the file's participant missing there by name, is that participant. The
 * import renames them (a PUT of the participant's name, as `participants update --name` sends
 * on every backend) rather than stopping. Before, a rename mid-event made every later publish
 * stop: "the target's tournament pub_cup has started without Deb: nothing more was sent"
 * (exit 5; a reviewer found it), although Deb was there as Dee.
 *
 * A started tournament's seeds never change, and its matches fix who is who: a target
 * participant whose matches are not the file's participant's is no rename, and the stop stays
 * (with a word on renames). Before the start the roster check (participant-replay.ts) refuses
 * another name, since a seed there says nothing yet of who it is.
 */
import type { ApiRecord } from "../../client/envelope.js";
import { playerIds } from "../../model/match-players.js";
import { participantNameKey } from "../../model/participant-name.js";
import {
  type ExportedMatch,
  matchKey,
  type TournamentExport,
} from "../../model/tournament-export.js";
import { peopleIn } from "./forfeits.js";
import { keyOf } from "./target-matches.js";

export interface Rename {
  readonly id: number;
  readonly from: string;
  readonly to: string;
}

/** The ids in a target match record: its players, or a free for all's participants. */
function idsIn(m: ApiRecord): number[] {
  const ids = m.attributes.participant_ids;
  const list: (number | null)[] = Array.isArray(ids) ? ids.map(Number) : playerIds(m);
  return list.filter((id): id is number => id !== null && Number.isFinite(id));
}

/**
 * Whether the target's matches hold `id` where the file's of their keys hold `name`: in each,
 * both or neither, but for a match one side has filled further than the other (a result
 * the other has not yet: the file's match C has A's winner, the target's C is still empty).
 */
function sameMatches(
  matches: readonly ApiRecord[],
  fileMatches: ReadonlyMap<string, ExportedMatch>,
  id: number,
  name: string,
): boolean {
  return matches.every((m) => {
    const file = fileMatches.get(keyOf(m));
    const ids = idsIn(m);
    if (file === undefined) return !ids.includes(id);
    const people = peopleIn(file);
    const [there, here] = [ids.includes(id), people.includes(name)];
    if (there === here) return true;
    return there ? people.length < ids.length : ids.length < people.length;
  });
}

/**
 * Whether some participant of the file is not at its seed on the target under its name (a
 * record that gives no seed tells nothing): only then are renames looked for (a read of
 * the target's matches).
 */
export function misplaced(doc: TournamentExport, records: readonly ApiRecord[]): boolean {
  const seedOf = new Map(
    records.map((r) => [participantNameKey(String(r.attributes.name)), r.attributes.seed]),
  );
  return doc.participants.some((p) => {
    const key = participantNameKey(p.name);
    if (!seedOf.has(key)) return true;
    const seed = Number(seedOf.get(key));
    return Number.isInteger(seed) && seed !== p.seed;
  });
}

/**
 * The renames that give the target's started tournament the file's names (`confirmed`
 * false: names exchanged that no result confirms too, for the stop's commands): the target's
 * participant at each file participant's seed (one there), under another name, whose matches
 * are the file participant's, is renamed to the file's name. Names may be swapped or moved
 * along a chain (S1 to "Sam One", S2 to S1: the file's S1 is the target's S2); a rename to a
 * name another participant of the target keeps is dropped (the stop then names who is missing).
 * Before, only a name the file lacked was looked for, at a seed whose name the file lacked:
 * after two names were swapped the import stopped at the first result ("its players differ"),
 * and after a chain it stopped with a hint that the service refused ("already taken").
 */
export function renamesOf(
  doc: TournamentExport,
  records: readonly ApiRecord[],
  matches: readonly ApiRecord[],
  confirmed = true,
): Rename[] {
  const fileMatches = new Map(doc.matches.map((m) => [matchKey(m), m]));
  let renames: Rename[] = [];
  for (const p of doc.participants) {
    const candidates = records.filter((r) => Number(r.attributes.seed) === p.seed);
    if (candidates.length !== 1) continue;
    const from = String(candidates[0]!.attributes.name);
    const id = Number(candidates[0]!.id);
    if (from === p.name || !sameMatches(matches, fileMatches, id, p.name)) continue;
    renames.push({ id, from, to: p.name });
  }
  if (confirmed) renames = corroborated(doc, records, matches, renames);
  // A rename to a name that a participant not renamed keeps (as the service compares names)
  // cannot be made: dropped, and so those that needed its name freed, until none is left.
  for (;;) {
    const moved = new Set(renames.map((r) => r.id));
    const kept = new Set(
      records
        .filter((r) => !moved.has(Number(r.id)))
        .map((r) => participantNameKey(String(r.attributes.name))),
    );
    const possible = renames.filter((r) => !kept.has(participantNameKey(r.to)));
    if (possible.length === renames.length) return renames;
    renames = possible;
  }
}

/**
 * `renames` but for names only exchanged (a swap, a cycle: each name on both sides) that no
 * result tells apart from another seeding of the same people: such a cycle stays only when
 * one of it has played a match both sides hold complete. A target seeded otherwise (its own
 * event with the file's names, no result yet) is no rename: the import stops at its first
 * match ("its players differ") as before, where seeds and matches alone would have renamed
 * every one of them.
 */
function corroborated(
  doc: TournamentExport,
  records: readonly ApiRecord[],
  matches: readonly ApiRecord[],
  renames: readonly Rename[],
): Rename[] {
  const key = participantNameKey;
  const fileNames = new Set(doc.participants.map((p) => key(p.name)));
  const targetNames = new Set(records.map((r) => key(String(r.attributes.name))));
  const swapped = (r: Rename) => fileNames.has(key(r.from)) && targetNames.has(key(r.to));
  const complete = new Set(
    doc.matches.filter((m) => m.state === "complete").map((m) => matchKey(m)),
  );
  const played = (r: Rename) =>
    matches.some(
      (m) => m.attributes.state === "complete" && complete.has(keyOf(m)) && idsIn(m).includes(r.id),
    );
  // The swapped renames by the name each gives up: a cycle is those reached from one another.
  const byFrom = new Map(renames.filter(swapped).map((r) => [key(r.from), r]));
  const cycleOf = (r: Rename) => {
    const seen: Rename[] = [];
    let x: Rename | undefined = r;
    while (x !== undefined && !seen.includes(x)) {
      seen.push(x);
      x = byFrom.get(key(x.to));
    }
    return seen;
  };
  return renames.filter((r) => !swapped(r) || cycleOf(r).some(played));
}

/** The target's names once `renames` are made. */
export function namesAfter(records: readonly ApiRecord[], renames: readonly Rename[]): string[] {
  const to = new Map(renames.map((r) => [r.id, r.to]));
  return records.map((r) => to.get(Number(r.id)) ?? String(r.attributes.name));
}

/** One name change as sent: participant `id` from `from` to `to`. */
interface Step {
  readonly id: number;
  readonly from: string;
  readonly to: string;
}

/**
 * The requests that make `renames`, in an order the service takes (each new name free when
 * it is sent): a rename whose new name another participant renamed still holds waits for
 * it; a cycle (two names swapped) goes through a temporary name no one has.
 */
export function renameSteps(records: readonly ApiRecord[], renames: readonly Rename[]): Step[] {
  const holder = new Map(
    records.map((r) => [participantNameKey(String(r.attributes.name)), Number(r.id)]),
  );
  const taken = new Set([...holder.keys(), ...renames.map((r) => participantNameKey(r.to))]);
  const name = new Map(renames.map((r) => [r.id, r.from]));
  const steps: Step[] = [];
  const move = (id: number, to: string) => {
    const from = name.get(id)!;
    holder.delete(participantNameKey(from));
    holder.set(participantNameKey(to), id);
    name.set(id, to);
    steps.push({ id, from, to });
  };
  let left = [...renames];
  while (left.length > 0) {
    const free = left.filter((r) => {
      const by = holder.get(participantNameKey(r.to));
      return by === undefined || by === r.id;
    });
    if (free.length > 0) {
      for (const r of free) if (name.get(r.id) !== r.to) move(r.id, r.to);
      left = left.filter((r) => !free.includes(r));
      continue;
    }
    // A cycle: one of it steps aside under a name no one has.
    const r = left.find((x) => name.has(holder.get(participantNameKey(x.to)) ?? Number.NaN));
    if (r === undefined) throw new Error("a rename to a name a participant keeps");
    let spare = `${r.from} (renaming)`;
    for (let i = 2; taken.has(participantNameKey(spare)); i++) spare = `${r.from} (renaming ${i})`;
    taken.add(participantNameKey(spare));
    move(r.id, spare);
  }
  return steps;
}

/**
 * Sends `steps` (renameSteps) all or none: when one is refused (or the network fails), those
 * sent are undone, last first, and the error is thrown. A run stopped at once (a second
 * Ctrl-C) may leave a temporary name: the next run finds that participant by seed as well.
 */
export async function sendRenames(
  rename: (id: number, name: string) => Promise<unknown>,
  steps: readonly Step[],
): Promise<void> {
  const sent: Step[] = [];
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

/**
 * The stop when the target holds the file's names at other seeds, in matches that fit the
 * file's once renamed, with no result to tell a swap in the file's tournament from another
 * seeding there: the commands that would give the target the file's names, in an order
 * the service takes (a spare name first where two were swapped: giving Bob's name to Ann
 * first is refused, "already taken"). Undefined when `renames` is empty.
 */
export function swapStop(url: string, records: readonly ApiRecord[], renames: readonly Rename[]) {
  if (renames.length === 0) return undefined;
  const quote = (name: string) =>
    /^[\w.@+-]+$/.test(name) ? name : `'${name.replaceAll("'", "'\\''")}'`;
  const steps = renameSteps(records, renames).map(
    (s) => `  tourney participants update ${url} ${quote(s.from)} --name ${quote(s.to)}`,
  );
  const shown = renames
    .slice(0, 6)
    .map((r) => `${r.from} (seed ${seedOf(records, r.id)}) is the file's ${r.to}`);
  const more = renames.length > 6 ? `, and ${renames.length - 6} more` : "";
  const pairs = `${shown.join(", ")}${more}`;
  return (
    `the target's tournament ${url} has the file's names at other seeds, by seed and matches (${pairs}), and no result there tells whether they were swapped in the file's tournament or the target was seeded otherwise; nothing was sent\n` +
    `if they were renamed in the file's tournament, give them its names there, in this order, and import again:\n${steps.join("\n")}\n` +
    `if the target's is another event, delete it there (tourney tournament delete ${url}) and import again, or import the file under another url (change "url" in its "tournament")`
  );
}

const seedOf = (records: readonly ApiRecord[], id: number) =>
  String(records.find((r) => Number(r.id) === id)?.attributes.seed);
