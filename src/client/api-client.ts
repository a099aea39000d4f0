/**
 * The API client: one object per resource family over one requester. Every
 * dependency (transport, clock, sleep, randomness, log) is injected, so tests
 * run without network or timers.
 */
import { type AttachmentsApi, attachmentsApi } from "./attachments.js";
import { type CommunitiesApi, communitiesApi } from "./communities.js";
import { type MatchesApi, matchesApi } from "./matches.js";
import { type ParticipantsApi, participantsApi } from "./participants.js";
import { type RacesApi, racesApi } from "./races.js";
import type { LogSink } from "./request-log.js";
import {
  type Credentials,
  createRequester,
  type Requester,
  type TokenRenewal,
} from "./requester.js";
import type { RetryPolicy } from "./retry.js";
import { type StationsApi, stationsApi } from "./stations.js";
import { type TournamentsApi, tournamentsApi } from "./tournaments.js";
import type { Transport } from "./transport.js";
import { type UserApi, userApi } from "./user.js";

export const DEFAULT_BASE_PATH = "/v2.1";

export interface ApiClientOptions {
  readonly transport: Transport;
  readonly credentials?: Credentials | undefined;
  /** Renews an expired token once (remote profiles signed in with `tourney login`). */
  readonly renewal?: TokenRenewal | undefined;
  /** Verbose request log, one line per call (the CLI writes it to stderr); undefined = off. */
  readonly log?: LogSink | undefined;
  /** Waits between retries; defaults to setTimeout. */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
  /** In [0, 1), for retry jitter; defaults to Math.random. */
  readonly random?: (() => number) | undefined;
  /** Epoch milliseconds, for log timings and Retry-After dates; defaults to Date.now. */
  readonly now?: (() => number) | undefined;
  /** Defaults to "/v2.1". */
  readonly basePath?: string | undefined;
  /** Sent as `community_id` on every tournament path. */
  readonly communityId?: string | undefined;
  /** Largest bulk_add request (remote services cap it at 20); undefined: MAX_BULK_ADD. */
  readonly bulkChunkSize?: number | undefined;
  readonly retryPolicy?: RetryPolicy | undefined;
  /** Paths in the published form (requester.ts): the remote backend's. */
  readonly publishedForm?: boolean | undefined;
  /** Told of fields it could not read (requester.ts); undefined: records taken as sent. */
  readonly onUnreadable?: ((note: string) => void) | undefined;
}

export interface ApiClient {
  /** The core request function, for calls no resource module covers. */
  readonly requester: Requester;
  readonly tournaments: TournamentsApi;
  readonly participants: ParticipantsApi;
  readonly matches: MatchesApi;
  readonly attachments: AttachmentsApi;
  readonly stations: StationsApi;
  readonly races: RacesApi;
  readonly user: UserApi;
  readonly communities: CommunitiesApi;
  /** Closes the transport (keep-alive sockets, or the embedded service). */
  close(): Promise<void>;
}

function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const requester = createRequester({
    transport: options.transport,
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    basePath: options.basePath ?? DEFAULT_BASE_PATH,
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    ...(options.renewal === undefined ? {} : { renewal: options.renewal }),
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.communityId === undefined ? {} : { communityId: options.communityId }),
    ...(options.retryPolicy === undefined ? {} : { retryPolicy: options.retryPolicy }),
    ...(options.publishedForm === true ? { publishedForm: true } : {}),
    ...(options.onUnreadable === undefined ? {} : { onUnreadable: options.onUnreadable }),
  });
  const transaction = options.transport.transaction?.bind(options.transport);
  // Bodies with every field the description requires (required-fields.ts): remote only.
  const publishedForm = options.publishedForm === true;
  // Each resource family's API is made the first time the command uses it (then kept): a
  // command uses one or two of the eight, and making all of them (an object of closures each)
  // took ~0.5 ms of a process's start. `tournament list --json` of 1, CPU of the client's
  // making (cli/factory.ts client()), medians / 20th percentiles of 41 alternated runs at
  // load 2.6: 2.8 / 2.3 -> 2.4 / 1.8 ms.
  let tournaments: TournamentsApi | undefined;
  let participants: ParticipantsApi | undefined;
  let matches: MatchesApi | undefined;
  let attachments: AttachmentsApi | undefined;
  let stations: StationsApi | undefined;
  let races: RacesApi | undefined;
  let user: UserApi | undefined;
  let communities: CommunitiesApi | undefined;
  return {
    requester,
    get tournaments() {
      tournaments ??= tournamentsApi(requester, { publishedForm });
      return tournaments;
    },
    get participants() {
      participants ??= participantsApi(requester, {
        bulkChunkSize: options.bulkChunkSize,
        transaction,
      });
      return participants;
    },
    get matches() {
      matches ??= matchesApi(requester, { publishedForm });
      return matches;
    },
    get attachments() {
      attachments ??= attachmentsApi(requester, { publishedForm });
      return attachments;
    },
    get stations() {
      stations ??= stationsApi(requester);
      return stations;
    },
    get races() {
      races ??= racesApi(requester, { transaction, publishedForm });
      return races;
    },
    get user() {
      user ??= userApi(requester);
      return user;
    },
    get communities() {
      communities ??= communitiesApi(requester);
      return communities;
    },
    close: () => options.transport.close(),
  };
}
