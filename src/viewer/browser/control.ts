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
function apply(v: Controlled, a: Action): Problem | undefined {
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
      // Before the first load the `ready` event is still to come: nothing to say yet.
      if (document.documentElement.dataset.ready === "true")
        emit("ready", { actions: ACTIONS, matches: v.summary().matches });
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
      const problem = apply(v, action);
      if (problem !== undefined) emit("error", { ...problem, action: action.action, requestId });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      emit("error", { code: "invalid_payload", message, action: action.action, requestId });
    }
  });
}
