// Tournaments set up over HTTP on a `tourney serve` started by a bench (bench/load.mjs,
// bench/serve.mjs): the built binary on a loopback port with a fresh database, and the
// requests that create, fill and start a tournament. The machinery (processes, pools,
// figures) is in load-driver.mjs; this file is what knows tourney's interface.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnServer } from "./load-driver.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
export const bin = join(root, "bin", "tourney");
export const BULK_CHUNK = 1000; // the most one bulk_add request takes

/**
 * `tourney serve --port 0` (`binary`: another checkout's) on `dir`/load.db, with `extraEnv` added to the environment;
 * resolves with its port, first API key, process.
 */
export async function startServe(dir, extraEnv = {}, binary = bin) {
  const env = {
    ...process.env,
    ...extraEnv,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: dir,
  };
  const argv = [binary, "serve", "--port", "0", "--db", join(dir, "load.db")];
  const s = await spawnServer(argv, env, /Listening on http:\/\/127\.0\.0\.1:(\d+)\//);
  const key = /\n {2}(tk_[\w-]+)\n/.exec(s.stderr())?.[1];
  if (key === undefined) throw new Error(`serve printed no key: ${s.stderr()}`);
  return { ...s, key };
}

/** The parsed body of a 2xx answer; anything else throws, naming `what`. */
export async function expectOk(promise, what) {
  const r = await promise;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text);
}

/** Creates a tournament of `type` (and `more` attributes); resolves its id. `c` is a load-driver client. */
export const create = (c, name, type, more = {}) =>
  expectOk(
    c.send({
      method: "POST",
      path: "/tournaments.json",
      body: {
        data: { type: "tournament", attributes: { name, tournament_type: type, ...more } },
      },
    }),
    `create ${name}`,
  ).then((j) => j.data.id);

/** One bulk_add request of `count` names P{from+1}...; resolves the raw answer. */
export function bulkAdd(c, t, from, count) {
  const participants = Array.from({ length: count }, (_, i) => ({ name: `P${from + i + 1}` }));
  return c.send({
    method: "POST",
    path: `/tournaments/${t}/participants/bulk_add.json`,
    body: { data: { type: "Participants", attributes: { participants } } },
  });
}

/** `players` names in BULK_CHUNK requests, one after another. */
export async function addPlayers(c, t, players) {
  for (let from = 0; from < players; from += BULK_CHUNK)
    await expectOk(bulkAdd(c, t, from, Math.min(BULK_CHUNK, players - from)), `bulk add ${t}`);
}

export const startRequest = (t, state = "start") => ({
  kind: "start",
  method: "PUT",
  path: `/tournaments/${t}/change_state.json`,
  body: { data: { type: "TournamentState", attributes: { state } } },
});

/** A started double elimination of `players`: its id, page count (25 a page), open matches. */
export async function startedDoubleElimination(c, name, players) {
  const t = await create(c, name, "double elimination");
  await addPlayers(c, t, players);
  await expectOk(c.send(startRequest(t)), `start ${t}`);
  const all = await expectOk(
    c.send({ method: "GET", path: `/tournaments/${t}/matches.json?per_page=1000` }),
    "matches",
  );
  const open = all.data
    .filter((m) => m.attributes.state === "open")
    .map((m) => ({ id: m.id, p1: m.attributes.player1_id, p2: m.attributes.player2_id }));
  return { t, pages: Math.ceil(all.data.length / 25), open };
}

/** A report of scores on `m` (no winner: the match stays open, so it can be sent again). */
export function scoresReport(t, m, score1, score2) {
  const match = [
    { participant_id: String(m.p1), score_set: String(score1) },
    { participant_id: String(m.p2), score_set: String(score2) },
  ];
  return {
    kind: "PUT report",
    method: "PUT",
    path: `/tournaments/${t}/matches/${m.id}.json`,
    body: { data: { type: "Match", attributes: { match } } },
  };
}
