/**
 * The functional core of stations: given the stations of a tournament, their
 * queues and the state of the matches they name, the list of changes that
 * keeps them true to the rules (issue 15). No repositories, no clock.
 *
 * - A station holding a match that is no longer open (complete, reopened to
 *   pending, deleted) is freed; a queued match that is complete or deleted
 *   leaves its queue, and so does one that holds a station.
 * - With `auto_assign`, each free station (in id order) takes the first open
 *   match of its own queue; then each free station left (its queue holds no
 *   open match) takes the open match earliest in `suggested_play_order` that
 *   no station holds, whether it waits in no queue or in a busy station's (a
 *   station is never idle while a match waits, and a round-1 match queued
 *   behind a busy station goes before a round-2 match just opened: before, a
 *   free station took a match in no queue first, which a match that opened
 *   after the others always is). Then every open match still without a
 *   station joins the shortest queue (ties: the lowest station id), so each
 *   open match has a station or is queued.
 */

export interface StationFact {
  readonly id: number;
  readonly matchId: number | null;
}

export interface QueuerFact {
  readonly id: number;
  readonly stationId: number;
  readonly matchId: number;
}

export type MatchStanding = "open" | "pending" | "complete" | "gone";

export interface MatchFact {
  readonly state: MatchStanding;
  /** suggested_play_order (then id) decides which open match goes first. */
  readonly order: number;
}

export interface StationFacts {
  readonly autoAssign: boolean;
  /** In id order. */
  readonly stations: readonly StationFact[];
  /** Each station's queue in order. */
  readonly queuers: readonly QueuerFact[];
  /**
   * Every match a station or queuer names, and (with auto_assign) every open
   * match of the tournament; a match missing from it counts as gone.
   */
  readonly matches: ReadonlyMap<number, MatchFact>;
}

export type StationChange =
  | { readonly kind: "free"; readonly stationId: number }
  | { readonly kind: "assign"; readonly stationId: number; readonly matchId: number }
  | { readonly kind: "dequeue"; readonly queuerId: number }
  | { readonly kind: "enqueue"; readonly stationId: number; readonly matchId: number };

/** Working state: who holds what, who waits where, as the changes so far leave it. */
class Plan {
  readonly changes: StationChange[] = [];
  readonly holder = new Map<number, number>(); // match -> station
  readonly held = new Map<number, number | null>(); // station -> match
  readonly queues = new Map<number, QueuerFact[]>(); // station -> its queue
  /** How many queue entries name each match: `queued` without a pass over every queue (issue 27). */
  private readonly entries = new Map<number, number>(); // match -> queue entries

  constructor(readonly facts: StationFacts) {
    for (const s of facts.stations) {
      this.held.set(s.id, s.matchId);
      this.queues.set(s.id, []);
      if (s.matchId !== null) this.holder.set(s.matchId, s.id);
    }
    for (const q of facts.queuers) {
      const queue = this.queues.get(q.stationId);
      if (queue === undefined) continue;
      queue.push(q);
      this.count(q.matchId, 1);
    }
  }

  private count(matchId: number, by: number): void {
    const n = (this.entries.get(matchId) ?? 0) + by;
    if (n === 0) this.entries.delete(matchId);
    else this.entries.set(matchId, n);
  }

  state(matchId: number): MatchStanding {
    return this.facts.matches.get(matchId)?.state ?? "gone";
  }

  order(matchId: number): number {
    return this.facts.matches.get(matchId)?.order ?? Number.POSITIVE_INFINITY;
  }

  free(stationId: number): void {
    const matchId = this.held.get(stationId);
    if (matchId !== null && matchId !== undefined) this.holder.delete(matchId);
    this.held.set(stationId, null);
    this.changes.push({ kind: "free", stationId });
  }

  dequeue(q: QueuerFact): void {
    const queue = this.queues.get(q.stationId)!;
    queue.splice(queue.indexOf(q), 1);
    this.count(q.matchId, -1);
    this.changes.push({ kind: "dequeue", queuerId: q.id });
  }

  assign(stationId: number, matchId: number): void {
    this.held.set(stationId, matchId);
    this.holder.set(matchId, stationId);
    this.changes.push({ kind: "assign", stationId, matchId });
    for (const queue of this.queues.values()) {
      const q = queue.find((e) => e.matchId === matchId);
      if (q !== undefined) this.dequeue(q);
    }
  }

  queued(matchId: number): boolean {
    return this.entries.has(matchId);
  }

  enqueue(stationId: number, matchId: number): void {
    this.queues.get(stationId)!.push({ id: -1, stationId, matchId });
    this.count(matchId, 1);
    this.changes.push({ kind: "enqueue", stationId, matchId });
  }

  /** Open matches without a station, earliest first. */
  waiting(): number[] {
    const ids: number[] = [];
    for (const [id, fact] of this.facts.matches)
      if (fact.state === "open" && !this.holder.has(id)) ids.push(id);
    return ids.sort((a, b) => this.order(a) - this.order(b) || a - b);
  }
}

/** Frees stations of matches no longer open; drops queuers of finished or assigned matches. */
function release(plan: Plan): void {
  for (const [stationId, matchId] of plan.held)
    if (matchId !== null && plan.state(matchId) !== "open") plan.free(stationId);
  for (const queue of plan.queues.values()) {
    for (const q of [...queue]) {
      const state = plan.state(q.matchId);
      if (state === "complete" || state === "gone" || plan.holder.has(q.matchId)) plan.dequeue(q);
    }
  }
}

function autoAssign(plan: Plan): void {
  // Its own queue first: what is queued at a free station is not taken by another.
  const idle: number[] = [];
  for (const [stationId, matchId] of plan.held) {
    if (matchId !== null) continue;
    const own = plan.queues.get(stationId)!.find((q) => plan.state(q.matchId) === "open");
    if (own === undefined) idle.push(stationId);
    else plan.assign(stationId, own.matchId);
  }
  // Then the earliest match no station holds, queued at a busy station or nowhere.
  const waiting = plan.waiting();
  idle.forEach((stationId, i) => {
    if (i < waiting.length) plan.assign(stationId, waiting[i]!);
  });
  for (const matchId of plan.waiting()) {
    if (plan.queued(matchId)) continue;
    let shortest: number | undefined;
    for (const [stationId, queue] of plan.queues)
      if (shortest === undefined || queue.length < plan.queues.get(shortest)!.length)
        shortest = stationId;
    if (shortest === undefined) return;
    plan.enqueue(shortest, matchId);
  }
}

export function stationChanges(facts: StationFacts): StationChange[] {
  const plan = new Plan(facts);
  release(plan);
  if (facts.autoAssign) autoAssign(plan);
  return plan.changes;
}
