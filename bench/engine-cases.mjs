// The cases timed by bench/engine.mjs. Results are deterministic: the lower seed
// number always wins. Each case checks its outcome, so that a fast wrong answer
// cannot pass for a fast right one.
import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";
import { Status } from "brackets-model";
import { Manager } from "tournament-organizer/components";

// --- tourney, through the service's request -> response function ---------------

/** HTTP-shaped requests to an in-process service, as the CLI's in-process transport sends them. */
function requester(service) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    async call(method, path, body) {
      count++;
      const response = await service.handle({
        method,
        path,
        headers: { "content-type": "application/vnd.api+json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 300)
        throw new Error(`${method} ${path}: ${response.status} ${response.body}`);
      // The in-process service hands over the reply object itself (what the client reads).
      return response.json ?? (response.body === "" ? undefined : JSON.parse(response.body));
    },
  };
}

async function createWithPlayers(client, attributes, size) {
  const created = await client.call("POST", "/v2.1/tournaments", {
    data: { type: "tournament", attributes: { name: "Bench", ...attributes } },
  });
  const id = created.data.id;
  const seedOf = new Map();
  // bulk_add takes 1,000 participants a request at most (the client sends batches too).
  for (let from = 0; from < size; from += 1000) {
    const participants = Array.from({ length: Math.min(1000, size - from) }, (_, i) => ({
      name: `P${from + i + 1}`,
    }));
    const added = await client.call("POST", `/v2.1/tournaments/${id}/participants/bulk_add`, {
      data: { type: "Participants", attributes: { participants } },
    });
    for (const p of added.data) seedOf.set(Number(p.id), p.attributes.seed);
  }
  if (seedOf.size !== size) throw new Error(`bulk_add added ${seedOf.size} of ${size}`);
  return { id, seedOf };
}

function changeState(client, id, state) {
  return client.call("PUT", `/v2.1/tournaments/${id}/change_state`, {
    data: { type: "TournamentState", attributes: { state } },
  });
}

/** Every open match, page by page (1,000 a page at most). */
async function openMatches(client, id) {
  const open = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const list = await client.call(
      "GET",
      `/v2.1/tournaments/${id}/matches?state=open&per_page=1000&page=${page}`,
    );
    pages = list.meta.total_pages;
    for (const m of list.data) open.push(m);
  }
  return open;
}

/** Reports `match` (a match resource) won by its lower seed number, 1 set to 0. */
function report(client, t, match) {
  const p1 = match.attributes.player1_id;
  const p2 = match.attributes.player2_id;
  if (p1 === null || p2 === null || p1 === p2) throw new Error(`bad open match ${match.id}`);
  const [winner, loser] = t.seedOf.get(p1) < t.seedOf.get(p2) ? [p1, p2] : [p2, p1];
  return client.call("PUT", `/v2.1/tournaments/${t.id}/matches/${match.id}`, {
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: String(winner), score_set: "1", advancing: true },
          { participant_id: String(loser), score_set: "0", advancing: false },
        ],
      },
    },
  });
}

/** Open a service, create, start and play out a double elimination; ms to awaiting_review. */
export async function tourneyDoubleElimination(tourney, size, dbPath) {
  const start = performance.now();
  const service = await tourney.openService({ dbPath });
  try {
    const client = requester(service);
    const t = await createWithPlayers(client, { tournament_type: "double elimination" }, size);
    await changeState(client, t.id, "start");
    let reported = 0;
    for (let open = await openMatches(client, t.id); open.length > 0; ) {
      for (const match of open) {
        await report(client, t, match);
        reported++;
      }
      open = await openMatches(client, t.id);
    }
    const state = (await client.call("GET", `/v2.1/tournaments/${t.id}`)).data.attributes.state;
    const ms = performance.now() - start;
    if (state !== "awaiting_review") throw new Error(`tourney: ended ${state}`);
    if (reported !== 2 * size - 2) throw new Error(`tourney: ${reported} reports`);
    return { ms, reported, requests: client.count };
  } finally {
    service.close();
  }
}

/**
 * A swiss of `size` through the service, rounds 1-5 reported; ms of the report that
 * completes round 5, which pairs round 6 (reading the results, standings, matching, storing).
 */
export async function tourneySwissServiceRound(tourney, size, dbPath) {
  const service = await tourney.openService({ dbPath });
  try {
    const client = requester(service);
    const attributes = { tournament_type: "swiss", swiss_options: { rounds: 6 } };
    const t = await createWithPlayers(client, attributes, size);
    await changeState(client, t.id, "start");
    let ms = 0;
    for (let round = 1; round <= 5; round++) {
      const open = await openMatches(client, t.id);
      if (open.some((m) => m.attributes.round !== round))
        throw new Error(`tourney: not round ${round}`);
      for (const [i, match] of open.entries()) {
        const start = performance.now();
        await report(client, t, match);
        if (i === open.length - 1) ms = performance.now() - start;
      }
    }
    const next = await openMatches(client, t.id);
    if (next.length !== Math.floor(size / 2) || next.some((m) => m.attributes.round !== 6))
      throw new Error(`tourney service: round 6 has ${next.length} open matches`);
    return { ms, pairs: next.length };
  } finally {
    service.close();
  }
}

// --- tourney's engine, called directly ------------------------------------------

/** Swiss history after `rounds` rounds paired by pairSwissRound (ids = seeds). */
export function tourneySwissAfter(tourney, size, rounds) {
  const participants = Array.from({ length: size }, (_, i) => ({ id: i + 1, seed: i + 1 }));
  const results = [];
  const byes = [];
  for (let round = 1; round <= rounds; round++) {
    const paired = tourney.pairSwissRound({ participants, results, byes, round });
    for (const { player1Id, player2Id } of paired.pairings) {
      const first = player1Id < player2Id;
      const sets = [first ? [1, 0] : [0, 1]];
      results.push({ player1Id, player2Id, winnerId: first ? player1Id : player2Id, sets, round });
    }
    if (paired.byeId !== null) byes.push({ participantId: paired.byeId, round });
  }
  return { participants, results, byes };
}

/** ms of pairSwissRound for `round` (standings included) over `history`. */
export function tourneySwissPairing(tourney, history, round) {
  const start = performance.now();
  const paired = tourney.pairSwissRound({ ...history, round });
  const ms = performance.now() - start;
  const seen = new Set(paired.pairings.flatMap((p) => [p.player1Id, p.player2Id]));
  const size = history.participants.length;
  if (paired.pairings.length !== Math.floor(size / 2) || seen.size !== 2 * paired.pairings.length)
    throw new Error(`tourney: round ${round} pairs ${seen.size} players`);
  return { ms, pairs: paired.pairings.length, rematches: paired.rematches };
}

// --- brackets-manager ------------------------------------------------------------

/** Create a double elimination stage in memory and report every match; ms to the end. */
export async function brDoubleElimination(size) {
  const start = performance.now();
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  let bracket = 2;
  while (bracket < size) bracket *= 2;
  // Participant ids are 0, 1, ... in seed order; nulls are byes.
  const seeding = Array.from({ length: bracket }, (_, i) => (i < size ? `P${i + 1}` : null));
  await manager.create.stage({
    tournamentId: 0,
    name: "Bench",
    type: "double_elimination",
    seeding,
    // "simple": one grand final. With the winners-bracket side winning it, tourney
    // plays no reset either, so both report the same 2N-2 matches.
    settings: { grandFinal: "simple" },
  });
  let reported = 0;
  for (let ready = await storage.select("match", { status: Status.Ready }); ready?.length; ) {
    for (const m of ready) {
      const first = m.opponent1.id < m.opponent2.id;
      await manager.update.match({
        id: m.id,
        opponent1: { score: first ? 1 : 0, result: first ? "win" : "loss" },
        opponent2: { score: first ? 0 : 1, result: first ? "loss" : "win" },
      });
      reported++;
    }
    ready = await storage.select("match", { status: Status.Ready });
  }
  const ms = performance.now() - start;
  // Matches with a bye (a null opponent) are never played.
  const unfinished = (await storage.select("match")).filter(
    (m) => m.status < Status.Completed && m.opponent1 !== null && m.opponent2 !== null,
  );
  if (unfinished.length > 0) throw new Error(`brackets-manager: ${unfinished.length} unfinished`);
  if (reported !== 2 * size - 2) throw new Error(`brackets-manager: ${reported} reports`);
  return { ms, reported };
}

// --- tournament-organizer ----------------------------------------------------------

function playActive(t) {
  for (const match of t.getActiveMatches()) {
    const first = Number(match.getPlayer1().id) < Number(match.getPlayer2().id);
    t.enterResult(match.getId(), first ? 1 : 0, first ? 0 : 1);
  }
}

/** A 6-round swiss of `size` (ids = seeds) after `rounds` rounds, as a plain snapshot. */
export function toSwissAfter(size, rounds) {
  const t = new Manager().createTournament(
    "Bench",
    { stageOne: { format: "swiss", rounds: 6 } },
    "bench",
  );
  for (let i = 1; i <= size; i++) t.createPlayer(`P${i}`, String(i)).set({ value: i });
  t.startTournament();
  playActive(t);
  for (let round = 2; round <= rounds; round++) {
    t.nextRound();
    playActive(t);
  }
  return structuredClone(t.getValues());
}

/** Load the snapshot (untimed); ms of the nextRound call that pairs the following round. */
export function toSwissNextRound(snapshot) {
  const t = new Manager().loadTournament(structuredClone(snapshot));
  const start = performance.now();
  t.nextRound();
  const ms = performance.now() - start;
  const round = t.getRoundNumber();
  const key = (m) => [m.getPlayer1().id, m.getPlayer2().id].sort().join("-");
  const played = t.getMatches().filter((m) => m.getRoundNumber() < round && m.getPlayer2().id);
  const met = new Set(played.map(key));
  const paired = t.getMatchesByRound(round).filter((m) => m.getPlayer2().id !== null);
  if (paired.length !== Math.floor(snapshot.players.length / 2))
    throw new Error(`tournament-organizer: round ${round} has ${paired.length} pairs`);
  const rematches = paired.filter((m) => met.has(key(m))).length;
  return { ms, pairs: paired.length, rematches };
}
