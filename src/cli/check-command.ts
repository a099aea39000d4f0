/**
 * The command that shows what a write changed, named by the hint of a write whose outcome
 * is unknown (UnknownOutcomeError, exit-codes.ts): from the request's path, the `view`
 * (or `list`) of the resource it wrote; `tourney api <path>` for any other path.
 */

/** Action segments of the v2.1 paths, which only take writes. */
const ACTIONS: ReadonlySet<string> = new Set([
  "change_state",
  "bulk_add",
  "bulk_update",
  "clear",
  "randomize",
  "register",
]);

/** A word as a shell reads it: quoted when it holds anything but safe characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The words after `tourney` for a v2.1 path's segments (community scope taken out). */
function viewWords(segments: readonly string[]): string[] | undefined {
  const [root, id, sub, subId, part] = segments;
  if (root === "races") return id === undefined ? ["race", "list"] : ["race", "view", id];
  if (root !== "tournaments") return undefined;
  if (id === undefined) return ["tournament", "list"];
  if (sub === "matches" && subId !== undefined)
    return part === "attachments"
      ? ["attachment", "list", id, subId]
      : ["match", "view", id, subId];
  // `id:3`, not `3`: the id itself (one GET), never taken for a participant named "3".
  if (sub === "participants")
    return subId === undefined
      ? ["participants", "list", id]
      : ["participants", "view", id, `id:${subId}`];
  if (sub === "stations") return ["station", "list", id];
  if (sub === undefined) return ["tournament", "view", id];
  return undefined;
}

/**
 * `tourney ...` showing the resource `path` (as sent: "/v2.1/tournaments/s/matches/3.json",
 * a query allowed) wrote; `profile` is added as `--profile` when not the default.
 */
export function checkCommand(path: string, profile?: string): string {
  const [bare = "", query = ""] = path.split("?", 2);
  const withProfile = profile === undefined ? [] : ["--profile", profile];
  const v2 = /^\/v2\.1(\/.*)?$/.exec(bare.replace(/\.json$/, ""));
  let segments = (v2?.[1] ?? "")
    .split("/")
    .filter((s) => s !== "")
    .map(decoded);
  let community = new URLSearchParams(query).get("community_id") ?? undefined;
  if (segments[0] === "communities" && segments[1] !== undefined) {
    community = segments[1];
    segments = segments.slice(2);
  }
  while (segments.length > 0 && ACTIONS.has(segments.at(-1)!)) segments = segments.slice(0, -1);
  const words = v2 === null ? undefined : viewWords(segments);
  if (words === undefined) {
    const read = v2 === null ? bare : `/v2.1/${segments.join("/")}`;
    return ["tourney", "api", read, ...withProfile].map(shellWord).join(" ");
  }
  const scope = community === undefined ? [] : ["--community", community];
  return ["tourney", ...words, ...scope, ...withProfile].map(shellWord).join(" ");
}
