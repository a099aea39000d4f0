/**
 * The embedded backend's read-only path (issue 27): answers `GET /v2.1/tournaments`
 * without the rest of the service (its routes, validation, OAuth, v1, the viewer,
 * the migrations): the store's tournament and match reads over a connection that
 * only reads (store/read-only.ts), and the list's reply as the service's route makes
 * it (routes/tournament-list.ts). A separate script in the build (dist/service-read.js),
 * loaded by the client's in-process transport before it would load the service.
 *
 * It steps aside (answer() returns undefined) whenever the service's answer could
 * differ from a plain read: no database yet or one of another schema version (the
 * store creates or migrates it), a check-in due (the list opens it: a write), a
 * community scope (the service checks the community exists), a conditional request
 * (the service's entity tags), an Accept other than JSON, a bad parameter (the
 * service's error reply). The transport then asks the service.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { isoTime } from "../model/iso-time.js";
import type { BytesSink, RecordsShape, WrittenRecords } from "../model/records-json.js";
import { MatchRepository } from "../store/matches-repository.js";
import { openForReading } from "../store/read-only.js";
import { writeTournamentFieldsJson } from "../store/tournament-fields-json.js";
import { writeTournamentRecordsJson } from "../store/tournament-records-json.js";
import { TournamentRepository } from "../store/tournaments-repository.js";
import { LOCAL_CALLER, visibleTournaments } from "./caller.js";
import { IncomingRequest } from "./incoming-request.js";
import { LinkOrigin } from "./link-base.js";
import { readFilter, type TournamentListSource, tournamentList } from "./routes/tournament-list.js";

export interface ReaderOptions {
  /** SQLite database file (":memory:" has nothing to read: no reader). */
  readonly dbPath: string;
  /** Injected clock (check-ins fall due by it), as the service's. */
  readonly now?: (() => Date) | undefined;
}

export interface Reader {
  /** The service's answer to `request`, or undefined when the service must answer it. */
  answer(request: HttpRequest): HttpResponse | undefined;
  /**
   * Writes every tournament of the list at `request` (its filters; no `page` or `per_page`)
   * to `write` as the text the CLI prints with `--json` (store/tournament-records-json.ts),
   * as it is made; undefined, with nothing written, where `answer` steps aside or that
   * text could differ from the CLI's own. A failure once something was written is thrown.
   * With `shape`, the records' fields it names only (store/tournament-fields-json.ts).
   */
  records(request: HttpRequest, write: BytesSink, shape?: RecordsShape): WrittenRecords | undefined;
  close(): void;
}

const JSON_TYPE = "application/json; charset=utf-8";
const LIST_PATH = "/v2.1/tournaments";
/** Thrown by the list's `beforeRead` when a check-in is due. */
const STEP_ASIDE = Symbol("step aside");

/** A JSON reply as the service hands it in process: the document, its text made on first read. */
class JsonReply implements HttpResponse {
  #text: string | undefined;
  readonly headers = { "content-type": JSON_TYPE };

  constructor(
    readonly status: number,
    readonly json: unknown,
  ) {}

  get body(): string {
    this.#text ??= JSON.stringify(this.json);
    return this.#text;
  }
}

function plainList(request: IncomingRequest): boolean {
  if (request.method !== "GET" || request.path !== LIST_PATH) return false;
  if (request.query.has("community_id") || request.header("if-none-match") !== undefined)
    return false;
  const accept = request.header("accept");
  return accept === undefined || accept === "application/json";
}

/** Undefined when there is nothing this path can read (see store/read-only.ts). */
export function openReader(options: ReaderOptions): Reader | undefined {
  const db = openForReading(options.dbPath);
  if (db === undefined) return undefined;
  const clock = options.now ?? (() => new Date());
  const tournaments = new TournamentRepository(db);
  const source: TournamentListSource = {
    basePath: "/v2.1",
    tournaments: visibleTournaments(tournaments, () => LOCAL_CALLER),
    matches: new MatchRepository(db),
  };
  const origins = new LinkOrigin();
  const checkInsWait = () => {
    if (tournaments.anyCheckInDue(isoTime(clock()))) throw STEP_ASIDE;
  };
  return {
    answer(request) {
      try {
        const incoming = new IncomingRequest(request, origins);
        if (!plainList(incoming)) return undefined;
        const reply = tournamentList(source, incoming, checkInsWait);
        return new JsonReply(reply.status, reply.body);
      } catch {
        // A check-in due, a bad parameter (a bad escape too), a read that failed: the service answers.
        return undefined;
      }
    },
    records(request, write, shape) {
      let written = false;
      try {
        const incoming = new IncomingRequest(request, origins);
        const query = incoming.query;
        if (!plainList(incoming) || query.has("page") || query.has("per_page")) return undefined;
        // The local caller sees every tournament (caller.ts visibleTournaments adds nothing).
        const filter = readFilter((n) => query.get(n) ?? undefined, undefined);
        const sink = (parts: readonly Uint8Array[]) => {
          written = true;
          return write(parts);
        };
        // A check-in due steps aside as in answer(), told by the chunks' statement itself (a
        // statement fewer: store/tournament-records-json.ts stepAsideColumns).
        const due = isoTime(clock());
        return shape === undefined
          ? writeTournamentRecordsJson(db, filter, sink, due)
          : writeTournamentFieldsJson(db, filter, shape, sink, due);
      } catch (error) {
        // Listed again by the service, what was written would be printed twice.
        if (written) throw error;
        return undefined;
      }
    },
    close: () => db.close(),
  };
}
