/**
 * The control interface v1.0 inside the page (docs/viewer-control.md): messages
 * from the embedding page read by parse-message.ts, each action applied, events
 * posted back to the parent. Nothing a message holds can throw out of here:
 * a bad message is answered with an `error` event.
 */
import { parseMessage } from "../parse-message.js";
import {
  ACTIONS,
  type Action,
  type ErrorCode,
  type EventName,
  type EventPayloads,
  eventMessage,
  type IntegrationEntry,
  type LoadReason,
  type ThemeName,
} from "../protocol.js";

/** What the actions act on (src/viewer/browser/main.ts). */
export interface Controlled {
  scrollTo(x: number, y: number): void;
  zoom(scale: number): void;
  zoomTo(x: number, y: number, scale: number): void;
  /** The middle of a match box in content coordinates; undefined when no such match is shown. */
  matchMiddle(identifier: string, group: number | undefined): { x: number; y: number } | undefined;
  scale(): number;
  /** Shows rounds `from` to `to`; answers why not (no round there), leaving the view as it was. */
  filterRounds(from: number | undefined, to: number | undefined): string | undefined;
  integrate(participants: ReadonlyMap<number, IntegrationEntry>): void;
  settings(change: { seeds?: boolean; scores?: boolean; compact?: boolean }): void;
  /** How many match boxes the bracket has (the `ready` event's `matches`). */
  summary(): { matches: number };
}

/** Posts an event to the embedding page (nothing when the page is not embedded). */
export function emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
  if (window.parent === window) return;
  // The events say what the page shows anyone who may open it: any embedding origin may hear them.
  window.parent.postMessage(eventMessage(event, payload), "*");
}

/** Why the first load failed (posted as `load_failed`), while no `ready` has come. */
let loadFailure: { readonly reason: LoadReason; readonly message: string } | undefined;

/**
 * Posts `load_failed` for the first load, and keeps it: a host that attaches after
 * it was posted (its embed.js came later than this page) hears it again when it
 * asks (`getStatus`), as a late host hears `ready`. Before, it was posted once, and
 * such a host heard nothing until its timeout (test/viewer/load.test.ts).
 */
export function firstLoadFailed(reason: LoadReason, message: string): void {
  loadFailure = { reason, message };
  emit("error", { code: "load_failed", reason, message });
}

/**
 * Answers `getStatus`: `ready` again once loaded, else the first load's failure if any,
 * as the answer to that action (`action: "getStatus"`): embed.js passes it on only when
 * it had not heard the first post (it may hear both, when it attached between the post
 * and its delivery).
 */
function status(summary: () => { matches: number }, requestId: string | undefined): void {
  if (document.documentElement.dataset.ready === "true")
    emit("ready", { actions: ACTIONS, matches: summary().matches });
  else if (loadFailure !== undefined)
    emit("error", { code: "load_failed", ...loadFailure, action: "getStatus", requestId });
}

export function applyTheme(name: ThemeName | undefined, props?: Readonly<Record<string, string>>) {
  const root = document.documentElement;
  if (name !== undefined) {
    root.dataset.theme = name;
    // A named theme starts from its own colours: custom properties set before are dropped.
    for (const p of [...root.style]) if (p.startsWith("--tv-")) root.style.removeProperty(p);
  }
  for (const [p, value] of Object.entries(props ?? {})) root.style.setProperty(p, value);
}

interface Problem {
  readonly code: ErrorCode;
  readonly message: string;
}

function notFound(identifier: string, group: number | undefined): Problem {
  const where = group === undefined ? "" : ` in group ${group}`;
  return { code: "match_not_found", message: `no match ${identifier}${where} is shown` };
}

// long: one case per action of the interface
function apply(v: Controlled, a: Action, requestId: string | undefined): Problem | undefined {
  switch (a.action) {
    case "scrollToCoordinates":
      v.scrollTo(a.x, a.y);
      return;
    case "setZoomScale":
      v.zoom(a.scale);
      return;
    case "zoomToCoordinate":
      v.zoomTo(a.x, a.y, a.scale);
      return;
    case "scrollToMatchIdentifier":
    case "zoomToMatchIdentifier": {
      const at = v.matchMiddle(a.identifier, a.group);
      if (at === undefined) return notFound(a.identifier, a.group);
      const scale = a.action === "zoomToMatchIdentifier" ? (a.scale ?? v.scale()) : v.scale();
      v.zoomTo(at.x, at.y, scale);
      return;
    }
    case "loadTheme":
      applyTheme(a.theme, a.properties);
      return;
    case "filterRounds": {
      const problem = v.filterRounds(a.from, a.to);
      return problem === undefined ? undefined : { code: "round_not_found", message: problem };
    }
    case "loadIntegrationData": {
      const entries = Object.entries(a.participants).map(([id, e]) => [Number(id), e] as const);
      v.integrate(new Map(entries));
      return;
    }
    case "getStatus":
      // Before the first load ends the outcome is still to come: nothing to say yet.
      status(() => v.summary(), requestId);
      return;
    case "setBracketSettings": {
      const change: { seeds?: boolean; scores?: boolean; compact?: boolean } = {};
      if (a.seeds !== undefined) change.seeds = a.seeds;
      if (a.scores !== undefined) change.scores = a.scores;
      if (a.compact !== undefined) change.compact = a.compact;
      v.settings(change);
      return;
    }
  }
}

/**
 * The error page's listener (no bracket to act on): it answers `getStatus` with its
 * `load_failed` (firstLoadFailed); any other message is ignored, as before.
 */
export function answerStatus(): void {
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window) return;
    const parsed = parseMessage(event.data);
    if (parsed.kind === "action" && parsed.action.action === "getStatus")
      status(() => ({ matches: 0 }), parsed.requestId);
  });
}

/** Listens to the parent's messages. */
export function listen(v: Controlled): void {
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window) return;
    const parsed = parseMessage(event.data);
    if (parsed.kind === "ignored") return;
    if (parsed.kind === "error") {
      emit("error", parsed.error);
      return;
    }
    const { action, requestId } = parsed;
    try {
      const problem = apply(v, action, requestId);
      if (problem !== undefined) emit("error", { ...problem, action: action.action, requestId });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      emit("error", { code: "invalid_payload", message, action: action.action, requestId });
    }
  });
}
