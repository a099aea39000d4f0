/**
 * An export file's participant names read as the service stores them (NFC,
 * trimmed: model/participant-name.ts normalParticipantName), wherever the file names them:
 * the participants, the matches' players, entries, winner and loser, the byes and the final
 * ranks (a race's: its participants, times and standings). The import then sends the names the target holds once they are stored, and a re-run
 * finds them there. Before, a file's "  Eve " went in as "Eve" (the service trims) and every
 * re-run failed: the bulk add of "  Eve " was refused, "already taken" (exit 5), or a started
 * target stopped the import, "has started without   Eve ". A name of white space alone is
 * left as written, for the file's check to refuse it as blank.
 */
import { normalParticipantName } from "../../model/participant-name.js";

type Doc = Record<string, unknown>;

const normal = (v: unknown) => {
  if (typeof v !== "string") return v;
  const name = normalParticipantName(v);
  return name === "" ? v : name;
};

function each(list: unknown, edit: (x: Doc) => void): void {
  if (!Array.isArray(list)) return;
  for (const x of list) if (x !== null && typeof x === "object" && !Array.isArray(x)) edit(x);
}

function normalise(x: Doc, key: string): void {
  if (key in x) x[key] = normal(x[key]);
}

/** Rewrites the names in `doc` (a parsed file, not yet checked) as the service stores them. */
export function normaliseNames(doc: unknown): void {
  if (doc === null || typeof doc !== "object") return;
  const d = doc as Doc;
  each(d.participants, (p) => normalise(p, "name"));
  each(d.matches, (m) => {
    if (Array.isArray(m.players)) m.players = m.players.map(normal);
    normalise(m, "winner");
    normalise(m, "loser");
    each(m.entries, (e) => normalise(e, "participant"));
  });
  each(d.byes, (b) => normalise(b, "participant"));
  each(d.final_ranks, (r) => normalise(r, "participant"));
}

/**
 * Rewrites the names in a race export file (`race import`, not yet checked) as the service
 * stores them: the participants, the rounds' times and the standings.
 */
export function normaliseRaceNames(doc: unknown): void {
  if (doc === null || typeof doc !== "object") return;
  const d = doc as Doc;
  each(d.participants, (p) => normalise(p, "name"));
  each(d.rounds, (r) => each(r.times, (t) => normalise(t, "participant")));
  each(d.standings, (s) => {
    normalise(s, "participant");
    normalise(s, "name");
  });
}
