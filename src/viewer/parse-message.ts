/**
 * Reading the messages a host page posts to the viewer (control interface
 * v1.0, docs/viewer-control.md): every action's payload validated, anything
 * wrong answered as an error to post back, never thrown. Pure and DOM-free.
 */
import {
  ACTIONS,
  type Action,
  ENVELOPE,
  type ErrorCode,
  type EventPayloads,
  type IntegrationEntry,
  MAX_SCALE,
  type MatchTarget,
  MIN_SCALE,
  THEME_PROPERTIES,
  THEMES,
  type ThemeName,
  VERSION,
} from "./protocol.js";

/** The result of reading a posted message. */
export type Parsed =
  | { readonly kind: "ignored" }
  | { readonly kind: "action"; readonly action: Action; readonly requestId?: string | undefined }
  | { readonly kind: "error"; readonly error: EventPayloads["error"] };

type Fields = Record<string, unknown>;

class PayloadError extends Error {}

function fail(message: string): never {
  throw new PayloadError(message);
}

function allowOnly(f: Fields, keys: readonly string[]): void {
  const envelope = ["tourney", "version", "action", "requestId"];
  for (const key of Object.keys(f))
    if (!envelope.includes(key) && !keys.includes(key)) fail(`unknown field "${key}"`);
}

function finite(f: Fields, key: string): number {
  const v = f[key];
  if (typeof v !== "number" || !Number.isFinite(v)) fail(`"${key}" must be a finite number`);
  return v;
}

function scaleOf(f: Fields, key = "scale"): number {
  const v = finite(f, key);
  if (v < MIN_SCALE || v > MAX_SCALE)
    fail(`"${key}" must be between ${MIN_SCALE} and ${MAX_SCALE}, not ${v}`);
  return v;
}

function optional<T>(f: Fields, key: string, read: (f: Fields, key: string) => T): T | undefined {
  return f[key] === undefined ? undefined : read(f, key);
}

function bool(f: Fields, key: string): boolean {
  if (typeof f[key] !== "boolean") fail(`"${key}" must be true or false`);
  return f[key] as boolean;
}

function roundNumber(f: Fields, key: string): number {
  const v = finite(f, key);
  if (!Number.isInteger(v) || v < 1) fail(`"${key}" must be a round number (1 or more)`);
  return v;
}

function target(f: Fields): MatchTarget {
  const identifier = f.identifier;
  if (typeof identifier !== "string" || !/^[A-Za-z0-9_-]{1,16}$/.test(identifier))
    fail('"identifier" must be a match identifier such as "C"');
  const group = optional(f, "group", (g, k) => {
    const v = finite(g, k);
    if (!Number.isInteger(v)) fail('"group" must be a group number');
    return v;
  });
  return { identifier, group };
}

/** Custom properties a theme may set: --tv-*, plain values (no braces, semicolons or angle brackets). */
function properties(f: Fields, key: string): Record<string, string> {
  const v = f[key];
  if (typeof v !== "object" || v === null || Array.isArray(v))
    fail(`"${key}" must be an object of CSS custom properties`);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(v)) {
    if (!(THEME_PROPERTIES as readonly string[]).includes(name))
      fail(
        `"${name.slice(0, 60)}" is not a viewer custom property; they are ${THEME_PROPERTIES.join(", ")}`,
      );
    if (typeof value !== "string" || value.length > 200 || /[;{}<>\\]/.test(value))
      fail(`the value of "${name}" must be a CSS value without ; { } < > \\`);
    out[name] = value;
  }
  return out;
}

function theme(f: Fields): Action {
  allowOnly(f, ["theme", "properties"]);
  const name = optional(f, "theme", (g, k) => {
    if (!THEMES.includes(g[k] as ThemeName)) fail(`"theme" must be one of ${THEMES.join(", ")}`);
    return g[k] as ThemeName;
  });
  const props = optional(f, "properties", properties);
  if (name === undefined && props === undefined) fail('give "theme", "properties" or both');
  return { action: "loadTheme", theme: name, properties: props };
}

function httpUrl(value: unknown, where: string): string {
  if (typeof value !== "string" || value.length > 2048) fail(`${where} must be a URL`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${where} must be an absolute URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    fail(`${where} must be an http or https URL`);
  return url.href;
}

function integration(f: Fields): Action {
  allowOnly(f, ["participants"]);
  const p = f.participants;
  if (typeof p !== "object" || p === null || Array.isArray(p))
    fail('"participants" must be an object keyed by participant id');
  const out: Record<string, IntegrationEntry> = {};
  for (const [id, entry] of Object.entries(p)) {
    if (!/^\d+$/.test(id)) fail(`"${id}" is not a participant id`);
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      fail(`participant ${id}: an object with avatarUrl and/or country`);
    const e = entry as Fields;
    for (const key of Object.keys(e))
      if (key !== "avatarUrl" && key !== "country")
        fail(`participant ${id}: unknown field "${key}"`);
    const country = e.country;
    if (country !== undefined && (typeof country !== "string" || !/^.{1,56}$/u.test(country)))
      fail(`participant ${id}: "country" must be text of 1 to 56 characters`);
    const avatar =
      e.avatarUrl === undefined
        ? undefined
        : httpUrl(e.avatarUrl, `participant ${id}: "avatarUrl"`);
    out[id] = { avatarUrl: avatar, country: country as string | undefined };
  }
  return { action: "loadIntegrationData", participants: out };
}

// long: one case per action of the interface, each a few lines
function readAction(name: string, f: Fields): Action {
  switch (name) {
    case "scrollToCoordinates":
      allowOnly(f, ["x", "y"]);
      return { action: name, x: finite(f, "x"), y: finite(f, "y") };
    case "scrollToMatchIdentifier":
      allowOnly(f, ["identifier", "group"]);
      return { action: name, ...target(f) };
    case "setZoomScale":
      allowOnly(f, ["scale"]);
      return { action: name, scale: scaleOf(f) };
    case "zoomToCoordinate":
      allowOnly(f, ["x", "y", "scale"]);
      return { action: name, x: finite(f, "x"), y: finite(f, "y"), scale: scaleOf(f) };
    case "zoomToMatchIdentifier":
      allowOnly(f, ["identifier", "group", "scale"]);
      return { action: name, ...target(f), scale: optional(f, "scale", scaleOf) };
    case "loadTheme":
      return theme(f);
    case "filterRounds": {
      allowOnly(f, ["from", "to"]);
      const from = optional(f, "from", roundNumber);
      const to = optional(f, "to", roundNumber);
      if (from !== undefined && to !== undefined && from > to)
        fail(`"from" (${from}) is after "to" (${to})`);
      return { action: name, from, to };
    }
    case "loadIntegrationData":
      return integration(f);
    case "setBracketSettings": {
      allowOnly(f, ["seeds", "scores", "compact"]);
      const s = {
        seeds: optional(f, "seeds", bool),
        scores: optional(f, "scores", bool),
        compact: optional(f, "compact", bool),
      };
      return { action: name, ...s };
    }
    case "getStatus":
      allowOnly(f, []);
      return { action: name };
    default:
      throw new PayloadError(`unknown action "${name}"; the actions are ${ACTIONS.join(", ")}`);
  }
}

/**
 * A posted message read: not ours (no `tourney: "viewer"`: other scripts talk
 * over postMessage too) is ignored; ours is an action or an error to answer.
 */
export function parseMessage(data: unknown): Parsed {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { kind: "ignored" };
  const f = data as Fields;
  if (f.tourney !== ENVELOPE || f.event !== undefined) return { kind: "ignored" };
  const requestId = typeof f.requestId === "string" ? f.requestId.slice(0, 100) : undefined;
  const action = typeof f.action === "string" ? f.action.slice(0, 100) : undefined;
  const error = (code: ErrorCode, message: string): Parsed => ({
    kind: "error",
    error: { code, message, action, requestId },
  });
  if (typeof f.version !== "string" || !/^1\.\d+$/.test(f.version))
    return error("unsupported_version", `version must be "${VERSION}" (got ${String(f.version)})`);
  if (action === undefined) return error("invalid_payload", 'a message needs an "action"');
  if (!(ACTIONS as readonly string[]).includes(action))
    return error(
      "unknown_action",
      `unknown action "${action}"; the actions are ${ACTIONS.join(", ")}`,
    );
  try {
    return { kind: "action", action: readAction(action, f), requestId };
  } catch (e) {
    if (e instanceof PayloadError) return error("invalid_payload", `${action}: ${e.message}`);
    throw e;
  }
}
