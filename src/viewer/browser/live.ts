/**
 * The page's data, first and live (issues 18 and 28). The data is fetched once
 * on load; then the event stream opens from a little before the data's time
 * (`?since=`, the server's clock from the data's Date header), so a change made
 * in between comes as an event rather than as a second fetch of the data. Each
 * event of the stream refetches (debounced, one fetch at a time, the last one
 * always; no polling; EventSource reconnects by itself). A fetch that failed for
 * the network or the server (a 429 or 503 with Retry-After, a 5xx, no connection) is
 * tried again after a while (retry.ts), events meanwhile waiting for it. Every load
 * ends in `ready` or in `error` with code `load_failed` and a reason; when the stream
 * ends for good, `streamEnded` says why.
 */
import type { LoadReason, StreamEndReason } from "../protocol.js";
import { emit, firstLoadFailed } from "./control.js";
import { retryDelay } from "./retry.js";

/** A fetch of the data that failed, and why (as the host may be told). */
export class LoadFailure extends Error {
  constructor(
    readonly reason: LoadReason,
    message: string,
    /** The answer's Retry-After, in milliseconds, when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** What the stream drives (main.ts's Viewer). */
export interface Followed {
  /** Fetches the data; draws it when it changed; answers whether it did. Throws a LoadFailure. */
  load(): Promise<boolean>;
  /** The server's time of the first data fetched (its Date header), if it said. */
  dataTime(): number | undefined;
  summary(): { matches: number; complete: number; state: string };
  /** The live updates' note beside the status ("" when live). */
  setLiveNote(note: string): void;
  setStatus(text: string): void;
  /** The first load succeeded: the page posts `ready`. */
  loaded(): void;
  /** An event's data, shown at once where it can be (the data fetched again follows). */
  event(data: string): void;
}

const REFETCH_DELAY_MS = 150;
/** How far before the data's time the stream starts: the Date header counts whole seconds. */
const SINCE_MARGIN_MS = 3000;

/** The stream's address, from a little before the data's time when known. */
function streamUrl(eventsUrl: string, dataTime: number | undefined): string {
  if (dataTime === undefined) return eventsUrl;
  const since = new Date(dataTime - SINCE_MARGIN_MS).toISOString();
  return `${eventsUrl}${eventsUrl.includes("?") ? "&" : "?"}since=${encodeURIComponent(since)}`;
}

/** The reason a 404 of data.json or the stream gives (its errors[0].code), else not_found. */
export async function refusalReason(response: Response): Promise<LoadReason> {
  try {
    const body = (await response.json()) as { errors?: { code?: unknown }[] };
    const code = body.errors?.[0]?.code;
    return code === "revoked" || code === "private" ? code : "not_found";
  } catch {
    return "not_found";
  }
}

/**
 * What an error answer says (serve's first `errors[].detail`: the database failed the read,
 * and why), as ": ..." after the status; nothing when it says nothing readable. Before, the
 * page said only "the bracket's data answered 503".
 */
export async function saidBy(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { errors?: { detail?: unknown }[] };
    const detail = body.errors?.[0]?.detail;
    return typeof detail === "string" && detail !== "" ? `: ${detail}` : "";
  } catch {
    return "";
  }
}

const ENDED_TEXT: Readonly<Record<StreamEndReason, string>> = {
  deleted: "live updates stopped: the tournament was deleted",
  revoked: "live updates stopped: this share link was revoked",
  private: "live updates stopped: the tournament was made private",
  not_found: "live updates stopped: the bracket is no longer available here",
};

// long: one closure holds the stream, the fetch in flight and the first load's outcome
export function follow(viewer: Followed, eventsUrl: string, dataUrl: string): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  /** undefined: the first load is still to come (or failed for the network: retried). */
  let first: "loaded" | "failed" | undefined;
  let ended = false;
  let source: EventSource | undefined;
  /** Failed fetches in a row; while `retrying`, a fetch again is due (`timer`): events wait for it. */
  let failures = 0;
  let retrying = false;
  const end = (reason: StreamEndReason) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    source?.close();
    document.documentElement.dataset.live = "closed";
    viewer.setLiveNote(ENDED_TEXT[reason]);
    emit("streamEnded", { reason });
  };
  const failed = (e: unknown) => {
    const f = e instanceof LoadFailure ? e : new LoadFailure("network", String(e));
    failures++;
    // A tournament no longer shown here (a 404) is not asked again: its stream says why.
    const wait = f.reason === "network" && !ended ? retry(f) : undefined;
    const next = wait === undefined ? "" : `; trying again in ${Math.ceil(wait / 1000)} s`;
    if (first === undefined) {
      viewer.setStatus(`The bracket could not be loaded: ${f.message}${next}`);
      document.documentElement.dataset.loadFailed = f.reason;
      if (f.reason !== "network") {
        first = "failed";
        source?.close();
      }
      firstLoadFailed(f.reason, f.message);
      return;
    }
    // A fetch that was under way when the stream ended (the message that scheduled it came
    // just before the `ended` event) fails as the data is gone: the note says why it ended.
    if (ended) return;
    viewer.setLiveNote(`not updated: ${f.message}${next}`);
    emit("error", { code: "load_failed", message: f.message, reason: f.reason });
  };
  /** Fetches again after the wait retry.ts gives; answers the wait. */
  const retry = (f: LoadFailure): number => {
    const wait = retryDelay(failures, f.retryAfterMs);
    retrying = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      retrying = false;
      void refetch();
    }, wait);
    return wait;
  };
  const refetch = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const changed = await viewer.load();
      if (failures > 0) {
        // Fetched after failing: the note of the failure goes (the stream's own stays).
        failures = 0;
        const live = document.documentElement.dataset.live;
        viewer.setLiveNote(live === "reconnecting" ? "reconnecting…" : "");
      }
      if (first === undefined) {
        first = "loaded";
        delete document.documentElement.dataset.loadFailed;
        viewer.loaded();
        source ??= listen(streamUrl(eventsUrl, viewer.dataTime()));
      } else if (changed) emit("bracketUpdated", viewer.summary());
    } catch (e) {
      failed(e);
    } finally {
      running = false;
      if (again) {
        again = false;
        // Failed: the fetch due after the wait takes in what came meanwhile.
        if (!retrying) void refetch();
      }
    }
  };
  const schedule = () => {
    if (ended || retrying) return;
    clearTimeout(timer);
    timer = setTimeout(() => void refetch(), REFETCH_DELAY_MS);
  };
  let opened = false;
  const listen = (url: string): EventSource => {
    const stream = new EventSource(url);
    stream.addEventListener("message", (e) => {
      viewer.event((e as MessageEvent<string>).data);
      schedule();
    });
    stream.addEventListener("ended", (e) => {
      end(JSON.parse((e as MessageEvent<string>).data).reason as StreamEndReason);
    });
    stream.addEventListener("open", () => {
      document.documentElement.dataset.live = "open";
      viewer.setLiveNote("");
      // A reopen: what changed during the break; a first load that failed: again. (The first
      // open after the first load has nothing to fetch: the stream replays from before it.)
      if (opened || first !== "loaded") schedule();
      opened = true;
    });
    stream.addEventListener("error", () => {
      // EventSource retries by itself, unless the server refused (404): then it stops.
      if (stream.readyState !== EventSource.CLOSED) {
        document.documentElement.dataset.live = "reconnecting";
        viewer.setLiveNote("reconnecting…");
      } else if (first === "loaded") void probe(dataUrl).then(end);
    });
    return stream;
  };
  void refetch().then(() => {
    // The data could not be fetched (the network): the stream's reopening retries it.
    if (first === undefined) source ??= listen(eventsUrl);
  });
}

/** Why a stream that was open cannot be reopened: the data's 404 says (a fresh request). */
async function probe(dataUrl: string): Promise<StreamEndReason> {
  try {
    const response = await fetch(dataUrl, { cache: "no-store" });
    if (response.status !== 404) return "not_found";
    const reason = await refusalReason(response);
    return reason === "network" ? "not_found" : reason;
  } catch {
    return "not_found";
  }
}
