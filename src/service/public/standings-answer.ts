/**
 * GET /tournaments/{t}/standings on serve, made a part at a time (issue 27's scale review:
 * made in one piece, a 12,000-player two-stage final's standings held serve's event loop
 * ~2.1 s, a 512-player round robin's 0.5 s, every other request waiting). The parts are a
 * StandingsJob's steps (bracket/standings-steps.ts, the bracket page's snapshot's), run
 * through serve's work gate, so other requests are answered between them; then the route
 * answers with them (routes/standings.ts StandingsSource): its lookups, access checks,
 * envelope, ETag and kept text as they are, the same bytes as made in one piece.
 *
 * Unlike the snapshot's, the answer never mixes rows from before and after a write: the
 * job stops when the tournament's revision moves between two of its steps, and the route
 * takes its documents only while the revision is still the one its first step read (in
 * the work gate's unit that answers: no write lands within it). Otherwise they are made
 * again, TRIES times at most; then in one piece, in one unit (all of one version, holding
 * serve as before). The in-process service (the CLI) answers in one piece: nothing else
 * runs meanwhile, and the parts would only add their turns.
 *
 * Measured (`node bench/standings-load.mjs --against /work/start14`, 12,000 players in
 * round-robin groups of 4 and a final of 6,000, 4 rounds at load 5.1-6.8 on 2 cores): a
 * GET of another tournament every 10 ms meanwhile, p99 807 -> 90 ms, max 807 -> 221 ms;
 * the standings GET 340 -> 307 ms (median); the first GET after serve started (rows read
 * from the file) 1.24 -> 1.53 s, the longest read during it 1,255 -> 135 ms.
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import {
  PART,
  type StandingDocuments,
  StandingsJob,
  type StandingsStep,
} from "../bracket/standings-steps.js";
import type { ServiceContext } from "../context.js";
import type { StandingsSource } from "../routes/standings.js";
import { type StandingsParts, standingsOf } from "./snapshot-standings.js";
import type { WorkGate } from "./work-gate.js";

/**
 * A tournament of this many matches or fewer has its standings made in one piece as the
 * request comes, as before: a few ms, less than the turns the parts would take. 400 players
 * in groups of 4 and their final (800 matches; `node bench/standings-load.mjs --players 400
 * --against DIR`, load 2.7-3.7): a GET 6.8 ms in one piece, 12.5 ms in parts (medians).
 */
export const ONE_PIECE_MATCHES = 1000;

/** How many times the standings are made in parts, a write landing meanwhile, before one piece. */
export const TRIES = 3;

const STANDINGS_PATH =
  /^\/v2\.1(?:\/communities\/[^/?]+)?\/tournaments\/[^/?]+\/standings(?:\.json)?\/?(?:\?.*)?$/;

/**
 * Whether serve answers this request through `StandingsAnswers` (a GET or HEAD of a
 * tournament's standings under /v2.1); the others, and what the pattern misses (the
 * deprecated v2.0's), are answered in one piece as before.
 */
export function answersInParts(method: string | undefined, url: string): boolean {
  return (
    (method === "GET" || method === "HEAD") &&
    url.includes("/standings") &&
    STANDINGS_PATH.test(url)
  );
}

/** The answer to a request whose client closed its connection while its standings were made. */
const GONE: HttpResponse = { status: 503, headers: {}, body: "" };

/** What the standings were made in parts from: the job, and what it gave (null: none). */
interface Made {
  readonly job: StandingsJob;
  readonly documents: StandingDocuments | null;
}

export class StandingsAnswers {
  /** Participants, matches or standings a step (PART; the tests make it small). */
  part = PART;
  /** The most matches whose standings are made in one piece as the request comes (the tests set -1). */
  onePieceUpTo = ONE_PIECE_MATCHES;
  /**
   * The tests' seam, asked before each of a job's steps (`job`: whose step): true, the step
   * is taken; false, it waits (the unit ends; others' requests answered meanwhile). A write
   * made in it lands between two parts.
   */
  beforeStep: ((job: StandingsJob) => boolean) | undefined;
  /** Answers whose standings were made in parts, and made in one piece after TRIES (what the tests look at). */
  inParts = 0;
  wholeAfterWrites = 0;
  /** Requests answered by a job another request had started, and jobs stopped with no one left waiting. */
  joined = 0;
  abandoned = 0;
  /** The job under way for each tournament (at most one: a newer revision's replaces it). */
  readonly #running = new Map<number, SharedJob>();

  constructor(
    private readonly context: ServiceContext,
    private readonly gate: WorkGate,
    private readonly revisionOf: (id: number) => number | undefined,
    private readonly source: StandingsSource,
    /** The service's synchronous answer (app.ts handleSync). */
    private readonly handle: (request: HttpRequest) => HttpResponse,
    /**
     * Reads tournament `id`'s match rows into serve's memory a chunk a turn, if they are not
     * held (warm-matches.ts): the job's first step would read them all at once.
     */
    private readonly warm: (id: number) => Promise<unknown>,
  ) {}

  /**
   * The route's answer to `request`. First at once, as the request comes: an answer that
   * needs no standings (a refusal, 404, 304, a text kept for this version) is the answer.
   */
  async answer(request: HttpRequest, signal?: AbortSignal): Promise<HttpResponse> {
    let made: Made | undefined;
    for (let tries = 0; ; tries++) {
      const pass = () => this.#pass(request, made);
      const { response, asked } = tries === 0 ? pass() : await this.gate.run(pass);
      // A 304, or a text kept for this version (bodyBytes: reply-memo.ts, at most 256 KiB),
      // is the route's answer whatever the standings: none made (a 700-player double
      // elimination's kept 187 KB, 17.6 -> 7.0 ms a GET on loopback, medians of 8).
      if (asked === undefined || response.status === 304 || response.bodyBytes !== undefined) {
        if (made !== undefined && asked === undefined) this.inParts++;
        return response;
      }
      if (tries === TRIES) {
        this.wholeAfterWrites++;
        return this.gate.run(() => this.handle(request));
      }
      made = await this.#shared(asked, made === undefined, signal);
      // Its client has gone: nothing more is made for it (the reply goes nowhere).
      if (signal?.aborted === true) return GONE;
    }
  }

  /**
   * The standings of tournament `id` made in parts: those of the job already under way for
   * it when its first step read the revision that is still current (or has not begun), else
   * a new job's. A crowd asking for the same standings at once is answered by one job, not
   * one each: eight clients GETting a 4,000-player group stage's final's standings at once,
   * all eight answered in 4,158 -> 1,184 ms (median; `node bench/standings-load.mjs --players
   * 4000 --crowd 8 --seconds 10 --against` a build of e2f4434, load 12-13 on 2 cores). Once
   * every request waiting for a job has gone (`signal`: its client closed the connection),
   * the job stops at its next step.
   */
  #shared(id: number, first: boolean, signal: AbortSignal | undefined): Promise<Made> {
    const running = this.#running.get(id);
    const current = this.revisionOf(id);
    let shared =
      running !== undefined &&
      (running.job.revision === undefined || running.job.revision === current)
        ? running
        : undefined;
    if (shared === undefined) {
      shared = this.#started(id, first);
      this.#running.set(id, shared);
    } else this.joined++;
    return shared.wait(signal);
  }

  #started(id: number, first: boolean): SharedJob {
    const job = new StandingsJob(this.context, id, this.revisionOf, this.part, true);
    const shared: SharedJob = new SharedJob(job, (abandoned) => {
      if (abandoned) this.abandoned++;
      if (this.#running.get(id) === shared) this.#running.delete(id);
    });
    shared.run(async () => {
      if (first) await this.warm(id);
      // The job's documents (the third argument is for a snapshot without a job).
      const documents = await standingsOf(this.gate, this.#paced(shared), () => null);
      return { job, documents: documents as StandingDocuments | null };
    });
    return shared;
  }

  /**
   * Answers `request` with the standings `made`, if they are of the tournament the route
   * names at its current revision (none: in one piece, as the route would; a job that
   * failed without a write gives none). Otherwise `asked`: which tournament's to make.
   */
  #pass(request: HttpRequest, made: Made | undefined) {
    let asked: number | undefined;
    const given = (t: { readonly id: number }) => {
      if (made?.job.id === t.id && !made.job.moved && this.revisionOf(t.id) === made.job.revision)
        return made.documents ?? undefined;
      if (made === undefined && this.#matchesOf(t.id) <= this.onePieceUpTo) return undefined;
      asked = t.id;
      return [];
    };
    const response = this.source.with(given, () => this.handle(request));
    return { response, asked };
  }

  /** How many matches tournament `id` has: counted by SQL when serve does not hold its rows (count() would load them all). */
  #matchesOf(id: number): number {
    return this.context.matches.counts([id]).get(id)?.total ?? 0;
  }

  /** `shared`'s job's steps, each once `beforeStep` lets it. */
  #paced(shared: SharedJob): StandingsParts {
    const { beforeStep } = this;
    if (beforeStep === undefined) return shared;
    return {
      step: () => (shared.stopped || beforeStep(shared.job) ? shared.step() : { done: false }),
    };
  }
}

/**
 * A StandingsJob with the requests waiting for it. Its steps stop (done, no documents)
 * once every waiter's signal has aborted; a waiter whose signal aborts is answered at
 * once with no documents (its reply goes nowhere: its connection is closed).
 */
class SharedJob implements StandingsParts {
  #made: Promise<Made> | undefined;
  #waiting = 0;
  #stopped = false;

  constructor(
    readonly job: StandingsJob,
    /** Called when no one waits for the job any more (abandoned) and when it has ended. */
    private readonly ended: (abandoned: boolean) => void,
  ) {}

  run(make: () => Promise<Made>): void {
    this.#made = make().finally(() => this.ended(false));
    // A waiter's rejection is its own (answer's caller catches it); none is left unhandled.
    this.#made.catch(() => undefined);
  }

  step(): StandingsStep {
    if (this.#stopped) return { done: true, value: null };
    return this.job.step();
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  wait(signal: AbortSignal | undefined): Promise<Made> {
    const made = this.#made!;
    if (signal === undefined) {
      this.#waiting = Number.POSITIVE_INFINITY;
      return made;
    }
    this.#waiting++;
    return new Promise((resolve, reject) => {
      const gone = () => {
        if (--this.#waiting === 0) {
          this.#stopped = true;
          this.ended(true);
        }
        resolve({ job: this.job, documents: null });
      };
      if (signal.aborted) return gone();
      signal.addEventListener("abort", gone, { once: true });
      made.then(resolve, reject).finally(() => signal.removeEventListener("abort", gone));
    });
  }
}
