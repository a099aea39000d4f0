/**
 * Races, their rounds and elapsed times: `/races/...` (attributes camelCase, as
 * the seed). A race's participants are the participants module's, addressed by
 * `{ race }` (participant-owner.ts). Standings are an extension of v2.1:
 * `GET /races/{r}/standings`.
 */
import { MAX_BULK_ELAPSED_TIMES } from "../model/race.js";
import { type CollectionApi, collectionApi } from "./crud.js";
import type { ApiList, ApiRecord } from "./envelope.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import type { Requester } from "./requester.js";
import {
  createWithUrl,
  lacksAny,
  tagged,
  updateWithCurrent,
  withCurrent,
  withDefaults,
} from "./required-fields.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

export type RaceStateChange = "start" | "reset" | "end_round";
export type RoundStateChange = "start" | "finalize" | "reset";

/** The most entries one bulk_update request may carry (the contract's maxItems: 20). */
export const MAX_BULK_TIMES = MAX_BULK_ELAPSED_TIMES;

export interface RoundsApi {
  list(page?: PageOptions): Promise<ApiList>;
  listAll(): Promise<ApiRecord[]>;
  /** listAll's pages one by one, as they come (`-L N` reads no page past its N records). */
  pages(): AsyncIterable<ApiRecord[]>;
  /** By the round's number (1, 2, ...). */
  get(round: PathSegment): Promise<ApiRecord>;
  changeState(round: PathSegment, state: RoundStateChange): Promise<ApiRecord>;
}

/** One entry of a bulk update, as the contract names it (`time` in milliseconds). */
export interface ElapsedTimeEntry {
  readonly elapsedTimeId: number;
  readonly time: number | null;
  readonly points?: number;
  readonly rank?: number;
}

export interface BulkTimesControl {
  /** After each request: how many entries have been sent, of how many. */
  readonly onProgress?: ((sent: number, total: number) => void) | undefined;
}

export interface ElapsedTimesApi {
  /**
   * `participant_id`: that racer's time alone (serve's extension, as the contract's match
   * list has it); a service without it answers the round's list regardless.
   */
  list(page?: PageOptions, filter?: { readonly participant_id?: string }): Promise<ApiList>;
  listAll(): Promise<ApiRecord[]>;
  get(id: PathSegment): Promise<ApiRecord>;
  /** Attributes: `elapsedTime` (milliseconds, null for none), `points`, `rank`. */
  update(id: PathSegment, attributes: Record<string, unknown>): Promise<ApiRecord>;
  /** One bulk_update request: 1 to MAX_BULK_TIMES entries. */
  bulkUpdate(entries: readonly ElapsedTimeEntry[]): Promise<ApiRecord[]>;
  /**
   * Any number of entries in requests of MAX_BULK_TIMES, one after another:
   * inside one transaction when the backend has one (embedded: all or none);
   * remote, a refused request leaves the earlier ones written (sending the
   * same entries again is harmless: an update sets, it does not add).
   */
  bulkUpdateAll(
    entries: readonly ElapsedTimeEntry[],
    control?: BulkTimesControl,
  ): Promise<ApiRecord[]>;
}

export interface RacesApi extends CollectionApi {
  changeState(race: PathSegment, state: RaceStateChange): Promise<ApiRecord>;
  /** Total points, best finishes, total time: one record per participant (extension). */
  standings(race: PathSegment): Promise<ApiRecord[]>;
  rounds(race: PathSegment): RoundsApi;
  elapsedTimes(race: PathSegment, round: PathSegment): ElapsedTimesApi;
}

export interface RacesOptions {
  /** The backend's transaction across requests (the in-process transport's). */
  readonly transaction?: (<T>(fn: () => Promise<T>) => Promise<T>) | undefined;
  /**
   * The remote backend's: bodies carry every field the published description requires
   * (required-fields.ts): a race's name, url and raceType, a time's elapsedTime and points.
   */
  readonly publishedForm?: boolean | undefined;
}

/** RacingInput's required attributes. */
const RACE_REQUIRED = ["name", "url", "raceType"];

function roundsApi(requester: Requester, path: string): RoundsApi {
  return {
    list: (page) => requester.list({ method: "GET", path, query: pageQuery(page) }),
    listAll: () => requester.listAll({ method: "GET", path }),
    pages: () => requester.pages({ method: "GET", path }),
    get: (round) => requester.single({ method: "GET", path: `${path}${resourcePath(round)}` }),
    changeState: (round, state) =>
      requester.single({
        method: "PUT",
        path: `${path}${resourcePath(round)}`,
        body: { type: "RoundState", attributes: { state } },
      }),
  };
}

/**
 * The points to send back for a time given none: its stored points when they were set by
 * hand, else 0 ("not set"). Times go only into a round under way, whose times hold points
 * only when they were given (computed points come when the round ends: docs/races.md), so
 * stored points above 0 are the hand-set ones; sent as 0 they were cleared.
 */
function handSetPoints(time: ApiRecord | undefined): number {
  const points = time?.attributes.points;
  return typeof points === "number" && points > 0 ? points : 0;
}

function elapsedTimesApi(requester: Requester, path: string, options: RacesOptions) {
  const published = options.publishedForm === true;
  // ElapsedTimeWithID requires points: an entry given none sends the time's hand-set points
  // (read once for them all), else 0, the description's default, "not set".
  const sent = async (entries: readonly ElapsedTimeEntry[]) => {
    if (!published || entries.every((entry) => entry.points !== undefined)) return entries;
    const stored = new Map((await api.listAll()).map((time) => [time.id, time]));
    return entries.map((entry) =>
      entry.points !== undefined
        ? entry
        : { ...entry, points: handSetPoints(stored.get(String(entry.elapsedTimeId))) },
    );
  };
  const bulkUpdate = async (entries: readonly ElapsedTimeEntry[]) =>
    (
      await requester.list({
        method: "POST",
        path: `${path}/bulk_update`,
        body: { type: "BulkElapsedTime", attributes: { elapsed_times: await sent(entries) } },
      })
    ).data;
  const sendAll = async (entries: readonly ElapsedTimeEntry[], control: BulkTimesControl) => {
    const updated: ApiRecord[] = [];
    for (let offset = 0; offset < entries.length; offset += MAX_BULK_TIMES) {
      const batch = entries.slice(offset, offset + MAX_BULK_TIMES);
      updated.push(...(await bulkUpdate(batch)));
      control.onProgress?.(offset + batch.length, entries.length);
    }
    if (entries.length <= MAX_BULK_TIMES) return updated;
    // Each request's answer ranks its times as the round stood then: a later request's times
    // move the earlier ones' ranks (21 rows, the 21st the fastest: the first 20 printed rank
    // 1, a reviewer found). Read once more, in the same transaction where there is one.
    const now = new Map((await api.listAll()).map((time) => [time.id, time]));
    return updated.map((time) => now.get(time.id) ?? time);
  };
  const api: ElapsedTimesApi = {
    list: (page, filter) =>
      requester.list({ method: "GET", path, query: { ...pageQuery(page), ...filter } }),
    listAll: () => requester.listAll({ method: "GET", path }),
    get: (id) => requester.single({ method: "GET", path: `${path}${resourcePath(id)}` }),
    update: async (id, given) => {
      // ElaspedTimeInput requires elapsedTime and points: the current time when not given,
      // the hand-set points (else 0) when not given, read just before the write.
      let attributes = given;
      if (published && lacksAny(given, ["elapsedTime", "points"])) {
        const time = await api.get(id);
        attributes = await withCurrent(given, ["elapsedTime"], async () => time);
        if (given.points === undefined) attributes = { ...attributes, points: handSetPoints(time) };
      }
      return requester.single({
        method: "PUT",
        path: `${path}${resourcePath(id)}`,
        // Spelled as the contract spells it (ElaspedTimeInput).
        body: { type: "ElaspedTime", attributes },
      });
    },
    bulkUpdate,
    bulkUpdateAll: async (entries, control = {}) => {
      if (entries.length === 0) return [];
      const { transaction } = options;
      if (transaction === undefined || entries.length <= MAX_BULK_TIMES)
        return sendAll(await sent(entries), control);
      return transaction(async () => sendAll(await sent(entries), control));
    },
  };
  return api;
}

export function racesApi(requester: Requester, options: RacesOptions = {}): RacesApi {
  const one = (race: PathSegment) => resourcePath("races", race);
  const races = collectionApi(requester, "/races", "Race");
  const published = options.publishedForm === true;
  return {
    ...races,
    ...(published && {
      create: (attributes: Record<string, unknown>) =>
        createWithUrl(
          withDefaults(attributes, { raceType: "time trial" }),
          "race",
          races.create,
          async () => (await races.listAll()).map((race) => String(race.attributes.url)),
        ),
      update: (race: PathSegment, attributes: Record<string, unknown>) =>
        updateWithCurrent(
          attributes,
          RACE_REQUIRED,
          () => tagged(requester, one(race)),
          (sent, ifMatch) =>
            requester.single({
              method: "PUT",
              path: one(race),
              body: { type: "Race", attributes: sent },
              ...(ifMatch === undefined ? {} : { headers: { "If-Match": ifMatch } }),
            }),
        ),
    }),
    changeState: (race, state) =>
      requester.single({
        method: "PUT",
        path: `${one(race)}/change_state`,
        body: { type: "RaceState", attributes: { state } },
      }),
    standings: (race) => requester.listAll({ method: "GET", path: `${one(race)}/standings` }),
    rounds: (race) => roundsApi(requester, `${one(race)}/rounds`),
    elapsedTimes: (race, round) =>
      elapsedTimesApi(
        requester,
        `${one(race)}${resourcePath("rounds", round, "elapsed_times")}`,
        options,
      ),
  };
}
