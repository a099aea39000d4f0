/**
 * What this connection wrote to tournaments' match and participant rows, in order (issue 24):
 * serve's shared snapshot of a tournament (service/public/snapshot-build.ts) reads again
 * only the pages holding rows written since its last version, not every page to find them.
 * Kept in memory only: a write through the store pushes a number here, nothing more (no
 * table, no trigger).
 *
 * A position in the log (`position`) marks a moment; `since(mark, T)` tells what was
 * written to T after it, or undefined when the log cannot tell: everything before the
 * moment the store's cache dropped all it held (store-cache.ts `dropAll`: another
 * connection committed, such as a CLI on the same file or serve's write worker) is
 * forgotten, a rolled-back transaction's own entries are taken back (`undo`), and so are the oldest entries past MAX_ENTRIES.
 */

/** What was written to one tournament's rows after a mark. */
export interface RowsWritten {
  /** The ids of the match rows updated (of every tournament: ids are unique in the file). */
  readonly matches: ReadonlySet<number>;
  /** Whether match rows of the tournament were inserted or deleted (its list reordered). */
  readonly matchRows: boolean;
  /** Whether any participant row of the tournament was inserted, updated or deleted. */
  readonly participants: boolean;
  /**
   * Updates of the tournament's match rows, each counted (a row updated twice counts two),
   * and the ids of updated rows whose tournament was not known (a row the cache did not
   * hold): what tournament-revisions.ts adds to the sum of the rows' versions.
   */
  readonly updates: number;
  readonly unattributed: readonly number[];
}

/** The log as the service reads it (store.ts `Store.changes`). */
export interface ChangeLog {
  /** A mark of now, after a look at other connections' commits (which void what is before it). */
  mark(): number;
  /** What was written to tournament `id` since `mark`; undefined: unknown (read everything). */
  since(mark: number, id: number): RowsWritten | undefined;
}

/** Entries kept; past it the oldest half is forgotten (two numbers each: about 1 MiB at most). */
const MAX_ENTRIES = 65_536;

const MATCH = 0;
const MATCH_ROWS = 1;
const PARTICIPANTS = 2;
/** A participants write that named no one tournament (ParticipantRepository method not by tournament). */
const ANY_PARTICIPANTS = 3;
/** An entry a rollback took back (`undo`): kept in its place, read as nothing. */
const UNDONE = 4;

export class RowChanges {
  #kinds: number[] = [];
  #values: number[] = [];
  /** The tournament of each entry of a match update (0: not known). */
  #tournaments: number[] = [];
  /** The position of the first entry held. */
  #base = 0;
  /** Marks before it cannot be answered. */
  #floor = 0;

  /** The position the next entry takes. */
  get position(): number {
    return this.#base + this.#kinds.length;
  }

  /** Match row `id` (of tournament `tournamentId`, 0 if not known) was updated. */
  match(id: number, tournamentId = 0): void {
    this.#push(MATCH, id, tournamentId);
  }

  /** Match rows of tournament `id` were inserted or deleted. */
  matchRows(id: number): void {
    this.#push(MATCH_ROWS, id);
  }

  /** Participant rows of tournament `id` (undefined: of any) were written. */
  participants(id: number | undefined): void {
    this.#push(id === undefined ? ANY_PARTICIPANTS : PARTICIPANTS, id ?? 0);
  }

  /** The log may have missed writes (the cache dropped everything): what is before now is unknown. */
  lose(): void {
    // One past every mark taken so far, even when nothing was logged since the last.
    this.#base = this.position + 1;
    this.#floor = this.#base;
    this.#kinds = [];
    this.#values = [];
    this.#tournaments = [];
  }

  /**
   * A transaction or savepoint that began at `from` (a position) rolled back: its entries
   * are taken back, those before it stand (they were committed, or belong to the enclosing
   * transaction, still open). Kept in their places, read as nothing, so no position is
   * used twice. Before, every rollback voided the whole log (`lose`), and the next look at
   * every tournament summed its match rows' versions again (tournament-revisions.ts): a
   * refused report made serve's next look at a 131,071-row tournament take 36 ms, not
   * 0.6 (a review of 14a523f measured it).
   */
  undo(from: number): void {
    if (from < this.#base || from < this.#floor) {
      this.lose();
      return;
    }
    for (let i = from - this.#base; i < this.#kinds.length; i++) this.#kinds[i] = UNDONE;
  }

  since(mark: number, id: number): RowsWritten | undefined {
    if (mark < this.#floor || mark < this.#base || mark > this.position) return undefined;
    const matches = new Set<number>();
    let matchRows = false;
    let participants = false;
    let updates = 0;
    const unattributed: number[] = [];
    for (let i = mark - this.#base; i < this.#kinds.length; i++) {
      const kind = this.#kinds[i]!;
      const value = this.#values[i]!;
      if (kind === MATCH) {
        matches.add(value);
        const tournament = this.#tournaments[i]!;
        if (tournament === id) updates++;
        else if (tournament === 0) unattributed.push(value);
      } else if (kind === UNDONE) continue;
      else if (kind === ANY_PARTICIPANTS) participants = true;
      else if (value === id) {
        if (kind === MATCH_ROWS) matchRows = true;
        else participants = true;
      }
    }
    return { matches, matchRows, participants, updates, unattributed };
  }

  #push(kind: number, value: number, tournamentId = 0): void {
    if (this.#kinds.length >= MAX_ENTRIES) {
      const dropped = MAX_ENTRIES / 2;
      this.#kinds.splice(0, dropped);
      this.#values.splice(0, dropped);
      this.#tournaments.splice(0, dropped);
      this.#base += dropped;
      this.#floor = Math.max(this.#floor, this.#base);
    }
    this.#kinds.push(kind);
    this.#values.push(value);
    this.#tournaments.push(tournamentId);
  }
}
