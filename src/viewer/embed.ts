/**
 * The host page's side of the viewer's control interface v1.0
 * (dist/viewer/embed.js, served at /viewer/embed.js; docs/viewer-control.md):
 *
 *   <iframe id="bracket" src="https://lan.example/tournaments/cup/bracket"></iframe>
 *   <script src="https://lan.example/viewer/embed.js"></script>
 *   <script>
 *     const viewer = TourneyViewer.attach(document.getElementById("bracket"));
 *     viewer.on("matchClicked", (e) => console.log(e.identifier));
 *     viewer.zoomToMatchIdentifier("C", 2);
 *   </script>
 *
 * Actions sent before the viewer's `ready` wait for it, then go in order; a wrapper
 * attached to a viewer that is ready already asks for `ready` again (`getStatus`), and
 * to one whose load failed hears its `load_failed` again.
 * `ready` rejects (a ViewerLoadError) when the viewer posts `load_failed` instead, or
 * when neither came within `timeout` ms (READY_TIMEOUT_MS by default).
 */
import {
  type Action,
  ENVELOPE,
  type EventMessage,
  type EventName,
  type IntegrationEntry,
  type LoadReason,
  type ThemeName,
  VERSION,
} from "./protocol.js";

export type { Action, EventMessage, EventName, IntegrationEntry, LoadReason, ThemeName };

type Listener<E extends EventName> = (event: EventMessage<E>) => void;

/** Each action without its `action` field: what the wrapper's generic `send` takes. */
export type ActionPayload<A extends Action["action"]> = Omit<
  Extract<Action, { action: A }>,
  "action"
>;

export interface AttachOptions {
  /** The viewer's origin; by default the iframe's src's. Messages go there only, and only its are heard. */
  readonly origin?: string;
  /** How long `ready` waits for the viewer before it rejects (reason "timeout"), in ms. */
  readonly timeout?: number;
}

/** How long `ready` waits by default: a 1,024-player bracket on a slow phone loads in a few seconds. */
export const READY_TIMEOUT_MS = 20_000;

/** Why `ready` rejected: the viewer's `load_failed` reason, or "timeout" (nothing heard in time). */
export class ViewerLoadError extends Error {
  readonly code = "load_failed";
  constructor(
    readonly reason: LoadReason | "timeout",
    message: string,
  ) {
    super(message);
    this.name = "ViewerLoadError";
  }
}

export interface TourneyViewer {
  /** Resolves with the viewer's `ready` event. */
  readonly ready: Promise<EventMessage<"ready">>;
  /** Listens to an event; answers a function that stops listening. */
  on<E extends EventName>(event: E, listener: Listener<E>): () => void;
  off<E extends EventName>(event: E, listener: Listener<E>): void;
  /** Sends any action; `requestId` comes back in the `error` event it may cause. */
  send<A extends Action["action"]>(action: A, payload: ActionPayload<A>, requestId?: string): void;
  scrollToCoordinates(x: number, y: number): void;
  scrollToMatchIdentifier(identifier: string, group?: number): void;
  setZoomScale(scale: number): void;
  zoomToCoordinate(x: number, y: number, scale: number): void;
  zoomToMatchIdentifier(identifier: string, scale?: number, group?: number): void;
  /** A named theme, or CSS custom properties (--tv-*), or both. */
  loadTheme(theme: ThemeName | Record<string, string>, properties?: Record<string, string>): void;
  /** Shows rounds `from` to `to` (either may be left out); no arguments: every round. */
  filterRounds(from?: number, to?: number): void;
  loadIntegrationData(participants: Record<string, IntegrationEntry>): void;
  setBracketSettings(settings: { seeds?: boolean; scores?: boolean; compact?: boolean }): void;
  /** Stops listening to the viewer. */
  detach(): void;
}

function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

// long: the wrapper is one closure: the queue, the listeners and one method per action
export function attach(iframe: HTMLIFrameElement, options: AttachOptions = {}): TourneyViewer {
  const origin = options.origin ?? new URL(iframe.src, window.location.href).origin;
  const listeners = new Map<EventName, Set<Listener<never>>>();
  let queue: object[] | null = [];
  let readyNow: (e: EventMessage<"ready">) => void = () => {};
  let failNow: (e: ViewerLoadError) => void = () => {};
  const ready = new Promise<EventMessage<"ready">>((resolve, reject) => {
    readyNow = resolve;
    failNow = reject;
  });
  // A host that never awaits `ready` gets no unhandled rejection from it.
  ready.catch(() => {});
  const waitMs = options.timeout ?? READY_TIMEOUT_MS;
  const timer = setTimeout(() => {
    failNow(new ViewerLoadError("timeout", `the viewer did not answer within ${waitMs} ms`));
  }, waitMs);
  const post = (message: object) => iframe.contentWindow?.postMessage(message, origin);
  /** Whether the viewer's `ready` or `load_failed` was heard. */
  let outcome = false;
  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || event.origin !== origin) return;
    const data = event.data as Partial<EventMessage> | null;
    if (data?.tourney !== ENVELOPE || typeof data.event !== "string") return;
    if (data.event === "error" && (data as EventMessage<"error">).code === "load_failed") {
      // The viewer's answer to the getStatus sent below repeats the load_failed it posted:
      // heard already when this wrapper attached after the post but before its delivery.
      if ((data as EventMessage<"error">).action === "getStatus" && outcome) return;
      outcome = true;
      clearTimeout(timer);
      const e = data as EventMessage<"error">;
      failNow(new ViewerLoadError(e.reason ?? "network", e.message));
    }
    if (data.event === "ready") {
      outcome = true;
      clearTimeout(timer);
      readyNow(data as EventMessage<"ready">);
      const waiting = queue ?? [];
      queue = null;
      for (const m of waiting) post(m);
    }
    for (const l of listeners.get(data.event) ?? [])
      (l as Listener<EventName>)(data as EventMessage);
  };
  window.addEventListener("message", onMessage);
  // Attached after the viewer loaded (its `ready` already posted) or failed to (its
  // `load_failed` posted: the frame's page came before this script): ask for it again.
  // A viewer still loading ignores this (it is not listening yet, or not ready) and
  // posts `ready` or `load_failed` when it is.
  post({ tourney: ENVELOPE, version: VERSION, action: "getStatus" });
  const send = <A extends Action["action"]>(
    action: A,
    payload: ActionPayload<A>,
    requestId?: string,
  ) => {
    const message = defined({ tourney: ENVELOPE, version: VERSION, action, requestId, ...payload });
    if (queue !== null) queue.push(message);
    else post(message);
  };
  return {
    ready,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => set.delete(listener as Listener<never>);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as Listener<never>);
    },
    send,
    scrollToCoordinates: (x, y) => send("scrollToCoordinates", { x, y }),
    scrollToMatchIdentifier: (identifier, group) =>
      send("scrollToMatchIdentifier", { identifier, group }),
    setZoomScale: (scale) => send("setZoomScale", { scale }),
    zoomToCoordinate: (x, y, scale) => send("zoomToCoordinate", { x, y, scale }),
    zoomToMatchIdentifier: (identifier, scale, group) =>
      send("zoomToMatchIdentifier", { identifier, scale, group }),
    loadTheme: (theme, properties) =>
      typeof theme === "string"
        ? send("loadTheme", { theme, properties })
        : send("loadTheme", { properties: { ...theme, ...properties } }),
    filterRounds: (from, to) => send("filterRounds", { from, to }),
    loadIntegrationData: (participants) => send("loadIntegrationData", { participants }),
    setBracketSettings: (settings) => send("setBracketSettings", settings),
    detach: () => {
      clearTimeout(timer);
      window.removeEventListener("message", onMessage);
    },
  };
}
