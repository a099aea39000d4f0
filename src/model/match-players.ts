/**
 * A match's two players as the service's records name them: player1_id and
 * player2_id, or (a service that draws them only as relationships, as the
 * contract does) relationships.player1/player2. Read by the CLI's match verbs
 * and by the bracket model (src/bracket-model/data.ts).
 */
import type { ResourceObject } from "./resource.js";

function idOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

function relatedId(match: ResourceObject, name: "player1" | "player2"): number | null {
  const link = match.relationships?.[name] as { data?: { id?: unknown } | null } | undefined;
  return idOf(link?.data?.id) ?? null;
}

export function playerIds(match: ResourceObject): [number | null, number | null] {
  const { player1_id: p1, player2_id: p2 } = match.attributes;
  return [idOf(p1) ?? relatedId(match, "player1"), idOf(p2) ?? relatedId(match, "player2")];
}
