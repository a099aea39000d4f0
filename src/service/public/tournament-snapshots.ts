/**
 * One snapshot per tournament version, made once and shared by every data.json, event
 * stream and `tourney watch` of that tournament (issue 24). A version is the tournament's
 * own revision (migration 12): a write anywhere else in the database leaves its snapshot
 * current; any write to it, by serve or by another process on the file, makes the next
 * look build a new one. One build at a time per tournament: every reader asking meanwhile
 * waits for that same build. Snapshots are held within a memory budget (HELD_BYTES,
 * docs/serve-limits.md), least recently used dropped first.
 *
 * Builds of one tournament are paced: the next begins no sooner than twice the last one's
 * time after it ended, so one written faster than it is read is read a third of the time
 * at most. A reader waits for the build of the version it asked at for MAX_WAIT_MS at
 * most; then (a large tournament written faster than it is read) it is given the last
 * snapshot made, which its tag names, so it asks again.
 *
 * A snapshot is read page by page between other requests (snapshot-build.ts): a write
 * landing in the middle may leave it mixing records from before and after; it is labelled
 * with the revision before, so the next look builds again.
 */
import type { HttpResponse } from "../../model/http.js";
import { type BuildDeps, buildSnapshot, Refused, type Snapshot } from "./snapshot-build.js";
import { type Delta, type Told, topicDelta } from "./topic-delta.js";
import type { WorkGate } from "./work-gate.js";

export type { Snapshot } from "./snapshot-build.js";

/**
 * What held snapshots may take (estimated: the gzipped text, plus about 600 bytes a match
 * and 200 a participant of watch snapshot). A 50,000-player double elimination's snapshot
 * is about 8 MB gzipped and 60 MB held in all.
 */
export const HELD_BYTES = 192 * 1024 * 1024;

/** The least pause between two builds of one tournament; at least twice the last one's time. */
const MIN_PAUSE_MS = 100;

/** How long a reader waits for a new version's build before it is given the last one made. */
const MAX_WAIT_MS = 1000;

export interface SnapshotDeps extends BuildDeps {
  /** The tournament's revision now; undefined: it does not exist. */
  readonly revision: (id: number) => number | undefined;
}

interface Entry {
  snapshot?: Snapshot | undefined;
  building?:
    | { readonly revision: number; readonly done: Promise<Snapshot | HttpResponse> }
    | undefined;
  used: number;
  /** When the next build may begin (performance.now()). */
  nextBuild: number;
}

const JSON_TYPE = "application/json; charset=utf-8";

const GONE: HttpResponse = {
  status: 404,
  headers: { "content-type": JSON_TYPE, "cache-control": "no-store" },
  body: JSON.stringify({ errors: [{ status: 404, detail: "tournament not found" }] }),
};

/** The estimated bytes `snapshot` holds (HELD_BYTES). */
export const heldBytes = (s: Snapshot): number =>
  s.gzipBytes + s.matches * 600 + s.watch.participants.size * 200;

export class TournamentSnapshots {
  readonly #entries = new Map<number, Entry>();
  /** Snapshots built since the service opened (what the tests count). */
  builds = 0;

  constructor(
    private readonly deps: SnapshotDeps,
    private readonly gate: WorkGate,
  ) {}

  /** The tournament's revision now (one indexed read); undefined when it does not exist. */
  revision(id: number): number | undefined {
    return this.deps.revision(id);
  }

  /**
   * The snapshot of the tournament's current version: the one held, the one being built
   * (every caller meanwhile waits for it), or a new build. A refusal (404, 503) when the
   * tournament is gone or the database refused a read.
   */
  async current(id: number): Promise<Snapshot | HttpResponse> {
    const wanted = this.deps.revision(id);
    if (wanted === undefined) return GONE;
    const entry = this.#entry(id);
    if (entry.snapshot !== undefined && entry.snapshot.revision >= wanted) return entry.snapshot;
    const fresh = this.#fresh(id, entry, wanted);
    const held = entry.snapshot;
    if (held === undefined) return fresh;
    // Under a stream of writes a build may be overtaken before it ends: after MAX_WAIT_MS
    // the last snapshot made is answered (never older than the events its streams sent).
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Snapshot>((resolve) => {
      timer = setTimeout(() => resolve(entry.snapshot ?? held), MAX_WAIT_MS);
    });
    try {
      return await Promise.race([fresh, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The snapshot of revision `wanted` or later: the build under way if it covers it, or a new one. */
  async #fresh(id: number, entry: Entry, wanted: number): Promise<Snapshot | HttpResponse> {
    // A build begun before this version was written is not enough: wait, then build again.
    if (entry.building !== undefined && entry.building.revision < wanted) await entry.building.done;
    if (entry.snapshot !== undefined && entry.snapshot.revision >= wanted) return entry.snapshot;
    entry.building ??= { revision: wanted, done: this.#build(id, entry) };
    return entry.building.done;
  }

  /**
   * A topic's next version after `told`, made from the few matches serve's writes changed
   * since (topic-delta.ts), in one unit; undefined when a snapshot is needed.
   */
  delta(id: number, told: Told): Promise<Delta | undefined> {
    return this.gate.run(() => topicDelta(this.deps, id, told));
  }

  /** The last snapshot made of the tournament, if one is held. */
  held(id: number): Snapshot | undefined {
    return this.#entries.get(id)?.snapshot;
  }

  #entry(id: number): Entry {
    let entry = this.#entries.get(id);
    if (entry === undefined) {
      entry = { used: 0, nextBuild: 0 };
      this.#entries.set(id, entry);
    }
    entry.used = performance.now();
    return entry;
  }

  async #build(id: number, entry: Entry): Promise<Snapshot | HttpResponse> {
    // Paced: a tournament written faster than it is read is read at most a third of the time.
    const wait = entry.nextBuild - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Its match ids are read a page a unit: from the held rows, not all of them loaded in one.
    await this.deps.warm?.(id);
    this.builds++;
    const began = performance.now();
    // Read again here: the build labels what it reads with the revision before its reads.
    const revision = this.deps.revision(id);
    try {
      if (revision === undefined) return GONE;
      const snapshot = await buildSnapshot(this.deps, this.gate, id, revision, entry.snapshot);
      entry.snapshot = snapshot;
      this.#trim();
      return snapshot;
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      if (error.response.status === 404) this.#entries.delete(id);
      // A database that failed the read (503, 500: error-reply.ts) is said as such, not as gone.
      return error.response.status >= 500 ? error.response : GONE;
    } finally {
      const ended = performance.now();
      entry.nextBuild = ended + Math.max(MIN_PAUSE_MS, 2 * (ended - began));
      entry.building = undefined;
    }
  }

  /** Drops the least recently used snapshots past HELD_BYTES. */
  #trim(): void {
    let total = 0;
    const byUse = [...this.#entries].sort((a, b) => b[1].used - a[1].used);
    for (const [id, entry] of byUse) {
      if (entry.snapshot === undefined) continue;
      total += heldBytes(entry.snapshot);
      if (total > HELD_BYTES && entry.building === undefined) {
        entry.snapshot = undefined;
        this.#entries.delete(id);
      }
    }
  }
}
