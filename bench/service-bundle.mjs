// The service of a checkout bundled as bench/engine.mjs bundles it (bench/engine-entry.ts,
// to bench/out/, git-ignored), its native addon found from this checkout's node_modules:
// what the benches that compare this checkout with an earlier one (--against DIR) load.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Bundles `checkout`'s service to bench/out/<file>; resolves to the bundle's path. */
export async function bundleService(file, checkout) {
  const outfile = join(root, "bench", "out", file);
  await build({
    entryPoints: [join(checkout, "bench", "engine-entry.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    nodePaths: [join(root, "node_modules")],
    banner: {
      js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);",
    },
    define: { __TOURNEY_VERSION__: '"bench"' },
    logLevel: "warning",
  });
  return outfile;
}

/** `call(method, path, body)`: a v2.1 request to an opened service, its JSON document back (throws past 2xx). */
export function serviceCall(service) {
  return async (method, path, body) => {
    const r = await service.handle({
      method,
      path,
      headers: { "content-type": "application/vnd.api+json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.body}`);
    return r.json ?? JSON.parse(r.body);
  };
}

/**
 * A double elimination of `players` made through `call` (serviceCall), its players added by
 * bulk_add (1,000 a request at most, as the client sends them); not started. Resolves to its
 * id and each participant's seed by id (the benches play the lower seed to win).
 */
export async function doubleEliminationWith(call, players) {
  const attributes = { name: "Bench", tournament_type: "double elimination" };
  const id = (await call("POST", "/v2.1/tournaments", { data: { type: "tournament", attributes } }))
    .data.id;
  const seedOf = new Map();
  for (let from = 0; from < players; from += 1000) {
    const participants = Array.from({ length: Math.min(1000, players - from) }, (_, i) => ({
      name: `P${from + i + 1}`,
    }));
    const added = await call("POST", `/v2.1/tournaments/${id}/participants/bulk_add`, {
      data: { type: "Participants", attributes: { participants } },
    });
    for (const p of added.data) seedOf.set(Number(p.id), p.attributes.seed);
  }
  return { id, seedOf };
}

/** Starts tournament `id` through `call` (serviceCall). */
export function startTournament(call, id) {
  return call("PUT", `/v2.1/tournaments/${id}/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
}

/** Tournament `id`'s open matches (the benches report them all, then ask again, until none). */
export async function openMatches(call, id) {
  return (await call("GET", `/v2.1/tournaments/${id}/matches?state=open&per_page=1000`)).data;
}

/** The PUT (path and body) that reports open match `m` of `id` won 1-0 by the lower seed. */
export function lowerSeedWins(id, m, seedOf) {
  const [p1, p2] = [m.attributes.player1_id, m.attributes.player2_id];
  const [winner, loser] = seedOf.get(p1) < seedOf.get(p2) ? [p1, p2] : [p2, p1];
  const match = [
    { participant_id: String(winner), score_set: "1", advancing: true },
    { participant_id: String(loser), score_set: "0", advancing: false },
  ];
  return [
    `/v2.1/tournaments/${id}/matches/${m.id}`,
    { data: { type: "Match", attributes: { match } } },
  ];
}
