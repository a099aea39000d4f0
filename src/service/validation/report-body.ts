/**
 * The body of a one-on-one match report as tourney's client sends it (client/matches.ts
 * reportAttributes, wrapped in `data`), read without JSON.parse: undefined for any other text,
 * which JSON.parse then reads (request-body.ts readJsonBody). What it reads is JSON, and its
 * value is the one JSON.parse gives: the same objects, keys in the same order.
 *
 * `{"data":{"type":"Match","attributes":{"match":[E,E,...]}}}`, no white space, where E is
 * `{"participant_id":I,"score_set":S}` or `{"participant_id":I,"score_set":S,"advancing":B}`,
 * I an integer of at most 15 digits or a string, S a string, B true or false; the strings
 * without escapes or control characters (their value is their text). Anything else (a tie,
 * ranks, spaces, escapes, other keys or key orders) goes to JSON.parse as before.
 *
 * Why (issue 27, a report on the WAL file against SQLite's floor): JSON.parse of this 170-byte
 * body was the largest single piece of a report's JavaScript, 7.6 % of the PUT route's CPU
 * samples in a settled case on the file (`perf record -e cpu-clock` of a process's 6th case,
 * `--perf-basic-prof`): it internalizes every key and short value (a string-table probe each,
 * 2.7 % alone) and looks up each key's map transition; here the keys are the literals' own.
 * Measured against /work/start17 (63b7065), at load 15-19 (other helpers' runs): the body's
 * phase, medians of the 6th case in memory (`bench/report-phases.mjs` timers, medians per
 * report): 3.24 and 3.40 -> 0.99 and 0.93 us; `node bench/report-syscalls.mjs --runs 5
 * --against /work/start17`, settled: the median report 37.1 against 42.0 us, main-thread CPU
 * a report 52.7 against 61.9 us (--runs 3: 34.8 against 37.6, 47.0 against 55.6).
 */

const HEAD = '{"data":{"type":"Match","attributes":{"match":[';
const TAIL = "]}}}";
/**
 * One entry, matched where the last one ended (sticky). A string's characters: any code unit
 * but the control characters (below a space), `"` and `\` (so no escape).
 */
const ENTRY =
  /\{"participant_id":(?:"([ !#-[\]-\uffff]*)"|(-?(?:0|[1-9][0-9]{0,14}))),"score_set":"([ !#-[\]-\uffff]*)"(?:,"advancing":(true|false))?\}/y;

/** One entry's value, its keys in the text's order (`advancing` only when sent). */
function entryOf(m: RegExpExecArray): Record<string, unknown> {
  const participantId = m[1] ?? Number(m[2]);
  const scoreSet = m[3];
  if (m[4] === undefined) return { participant_id: participantId, score_set: scoreSet };
  return { participant_id: participantId, score_set: scoreSet, advancing: m[4] === "true" };
}

/** `text` as JSON.parse reads it, when it has the client's report form; else undefined. */
export function readReportBody(text: string): unknown {
  if (!text.startsWith(HEAD) || !text.endsWith(TAIL)) return undefined;
  const end = text.length - TAIL.length;
  const match: Record<string, unknown>[] = [];
  for (let at = HEAD.length; ; at++) {
    ENTRY.lastIndex = at;
    const m = ENTRY.exec(text);
    if (m === null) return undefined;
    match.push(entryOf(m));
    at = ENTRY.lastIndex;
    if (at === end) break;
    if (text.charCodeAt(at) !== 0x2c) return undefined; // a comma, then the next entry
  }
  return { data: { type: "Match", attributes: { match } } };
}
