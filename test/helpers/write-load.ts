/**
 * Write load on `tourney serve` over HTTP (for the crash tests): each client creates
 * tournaments, bulk-adds a roster, starts them and reports some open matches, until
 * its connection fails (the server was killed) or it has done `tournaments` of them.
 * Every tournament's name ends in ` n<roster size>`, so that a check of the store can
 * tell a whole roster from part of one (rosterSizeIn).
 */
export interface WriteLoadOptions {
  readonly base: string;
  readonly apiKey: string;
  readonly clients: number;
  /** Roster size of each tournament, drawn per tournament. */
  readonly rosterSize: () => number;
  /** A label unique to this load in the database (run number, seed). */
  readonly label: string;
  /** Bound per client. */
  readonly tournaments: number;
  /** Reports per tournament before the client moves on to the next (a mix of write kinds). */
  readonly reports: number;
}

export interface WriteLoadResult {
  /** Requests answered (any status). */
  readonly answered: number;
  /** Answers other than the expected 2xx, as "METHOD path -> status body". */
  readonly unexpected: string[];
  /** Requests that got no answer (the server went away), by kind: at most one per client. */
  readonly unanswered: string[];
}

export function rosterSizeIn(name: string): number | undefined {
  const match = / n(\d+)$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

class Unanswered extends Error {}

/** What a request does: "bulk_add", "start", "report", "create" or "list matches". */
function kindOf(method: string, path: string): string {
  if (path.endsWith("/bulk_add")) return "bulk_add";
  if (path.endsWith("/change_state")) return "start";
  if (method === "PUT") return "report";
  return method === "POST" ? "create" : "list matches";
}

interface Session {
  answered: number;
  readonly unexpected: string[];
  readonly options: WriteLoadOptions;
}

async function call(s: Session, method: string, path: string, body?: unknown): Promise<any> {
  let response: Response;
  try {
    response = await fetch(`${s.options.base}${path}`, {
      method,
      headers: {
        authorization: s.options.apiKey,
        "content-type": "application/vnd.api+json",
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new Unanswered(kindOf(method, path));
  }
  const text = await response.text().catch(() => {
    throw new Unanswered(kindOf(method, path));
  });
  s.answered++;
  if (response.status >= 300) {
    s.unexpected.push(`${method} ${path} -> ${response.status} ${text.slice(0, 300)}`);
    throw new Error("unexpected answer");
  }
  return text === "" ? undefined : JSON.parse(text);
}

async function reportOpenMatches(s: Session, t: string): Promise<void> {
  let left = s.options.reports;
  while (left > 0) {
    const open = await call(s, "GET", `/tournaments/${t}/matches?state=open&per_page=1000`);
    if (open.data.length === 0) return;
    for (const m of open.data.slice(0, left)) {
      left--;
      const { player1_id: winner, player2_id: loser } = m.attributes;
      await call(s, "PUT", `/tournaments/${t}/matches/${m.id}`, {
        data: {
          type: "Match",
          attributes: {
            match: [
              { participant_id: String(winner), score_set: "2", advancing: true },
              { participant_id: String(loser), score_set: "1", advancing: false },
            ],
          },
        },
      });
    }
  }
}

async function oneTournament(s: Session, name: string, size: number): Promise<void> {
  const created = await call(s, "POST", "/tournaments", {
    data: { type: "tournament", attributes: { name, tournament_type: "single elimination" } },
  });
  const t = String(created.data.id);
  const names = Array.from({ length: size }, (_, i) => ({ name: `${name} p${i + 1}` }));
  await call(s, "POST", `/tournaments/${t}/participants/bulk_add`, {
    data: { type: "Participants", attributes: { participants: names } },
  });
  await call(s, "PUT", `/tournaments/${t}/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  await reportOpenMatches(s, t);
}

async function client(s: Session, c: number): Promise<string | undefined> {
  try {
    for (let k = 1; k <= s.options.tournaments; k++) {
      const size = s.options.rosterSize();
      await oneTournament(s, `${s.options.label} c${c} #${k} n${size}`, size);
    }
    return undefined;
  } catch (error) {
    if (error instanceof Unanswered) return error.message;
    if (s.unexpected.length === 0) s.unexpected.push(String(error));
    return undefined;
  }
}

/** Runs the clients until each has stopped (killed server, bound reached, or a wrong answer). */
export async function writeLoad(options: WriteLoadOptions): Promise<WriteLoadResult> {
  const s: Session = { answered: 0, unexpected: [], options };
  const stopped = await Promise.all(
    Array.from({ length: options.clients }, (_, c) => client(s, c)),
  );
  return {
    answered: s.answered,
    unexpected: s.unexpected,
    unanswered: stopped.filter((kind) => kind !== undefined),
  };
}
