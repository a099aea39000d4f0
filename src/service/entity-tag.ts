/**
 * Entity tags of reusable GET replies (router.ts `Reply.reusable`), made from the
 * store's generation, not by hashing the body: equal generations mean nothing was
 * written in between, so the same URL asked by the same user answers the same bytes
 * (the premise reply-memo.ts rests on too). A strong tag is
 *
 *     "<instance>.<generation>.<user hash>"
 *
 * - instance: drawn once per service (a per-process random part and a counter), so
 *   a restarted `serve`, or another service opened on the same file, never hands
 *   out a tag an earlier one gave for other bytes (generations start again at 0);
 * - generation: store.ts `generation()`, read after the route ran (a read that
 *   wrote, such as check-in opening, has moved it on); for a reply that depends on one
 *   tournament alone, that tournament's part instead (tournament-tags.ts: its revision),
 *   which a write to another tournament leaves as it was;
 * - user hash: FNV-1a of the request's user, because some bodies depend on who
 *   asks (GET /me, lists of what the caller may see): a client that signs in as
 *   someone else keeps no 304 for what it held as the first user.
 * The URL is left out: a tag validates a representation of its own target URI
 * only (RFC 9110 8.8.3), clients store and send it per URL, and leaving it out
 * spares hashing the path at every request. Two URLs at one generation carry
 * the same tag, which no conforming client sends across URLs.
 */

import { ServiceError } from "./errors.js";
import { tournamentOfTag } from "./tournament-tags.js";

const PROCESS_PART = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
let services = 0;

/** A fresh instance id: one per service opened in this process. */
export function newInstanceId(): string {
  services++;
  return `${PROCESS_PART}${services.toString(36)}`;
}

/** FNV-1a, 32 bits, of a short string: no allocation besides the result. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The last user hashed and its hash: a client asks again and again as the same user. */
let lastUser: string | undefined;
let lastHash = "";

export function entityTag(instance: string, generation: string, user: string): string {
  if (user !== lastUser) {
    lastHash = fnv1a(user).toString(36);
    lastUser = user;
  }
  return `"${instance}.${generation}.${lastHash}"`;
}

/**
 * Whether an If-None-Match value names `tag`: `*`, or a list of tags compared
 * weakly (RFC 9110 13.1.2: a `W/` prefix is ignored for this header).
 */
export function noneMatchHits(header: string, tag: string): boolean {
  if (header === tag) return true;
  const value = header.trim();
  if (value === "*") return true;
  for (const part of value.split(",")) {
    const candidate = part.trim();
    if ((candidate.startsWith("W/") ? candidate.slice(2) : candidate) === tag) return true;
  }
  return false;
}

/** What checkIfMatch reads of a request. */
interface Conditional {
  readonly method: string;
  readonly user: string;
  readonly origin: string;
  header(name: string): string | undefined;
}

/**
 * `If-Match` on a write (RFC 9110 13.1.1): refused 412 unless it is `*` or names, strongly,
 * the tag a GET by the same user would carry now (app.ts: `<instance>.<generation>.<user>`).
 * With the store's generation any write since the tag was given fails it, not only one to
 * the same record: the client reads again and sends again (client/required-fields.ts). A
 * tag of one tournament's (tournament-tags.ts: a GET of its record, participants, ...) is
 * compared with that tournament's part now, which `tournamentPart` gives only when the
 * request's path names that tournament (undefined: refused): a write elsewhere leaves it.
 * Without a generation (no tags given) the header is not checked; GET and HEAD never check.
 * `generation` is asked only of a request with the header: asking reads the store outside
 * the write (a read lock taken and let go, 2 fcntl calls a report in bench/report-syscalls).
 */
export function checkIfMatch(
  request: Conditional,
  instance: string,
  generationOf: () => string | undefined,
  tournamentPart?: (id: number) => string | undefined,
): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const header = request.header("if-match");
  if (header === undefined || header.trim() === "*") return;
  const generation = generationOf();
  if (generation === undefined) return;
  const who = `${request.user}\n${request.origin}`;
  const tag = entityTag(instance, generation, who);
  for (const part of header.split(",")) {
    const candidate = part.trim();
    if (candidate === tag) return;
    const id = tournamentPart === undefined ? undefined : tournamentOfTag(candidate);
    if (id === undefined) continue;
    const current = tournamentPart!(id);
    if (current !== undefined && candidate === entityTag(instance, current, who)) return;
  }
  throw ServiceError.of(
    412,
    "If-Match names a tag that is no longer current: the record (or another) changed since it was read; read it again and send the change again",
  );
}
