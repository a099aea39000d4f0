/** The codec of the JSON columns of match rows: the stored text, both ways. */
import { describe, expect, it } from "vitest";
import {
  blankEntry,
  decodeEntries,
  decodeSets,
  decodeSource,
  encodeEntries,
  encodeSets,
  encodeSource,
  involves,
  matchPlayers,
} from "../../src/store/match-json.js";
import type { MatchRow } from "../../src/store/match-rows.js";

const row = (fields: Partial<MatchRow>): MatchRow =>
  ({ side: "winners", player1_id: null, player2_id: null, entries: null, ...fields }) as MatchRow;

describe("match JSON columns", () => {
  it("stores entries in the shape existing databases hold, and reads them back", () => {
    const entries = [
      { participantId: 5, scores: [3, 1], rank: 1, advancing: true },
      blankEntry(50),
    ];
    const text = encodeEntries(entries);
    expect(text).toBe(
      '[{"participant_id":5,"score_set":"3,1","rank":1,"advancing":true},{"participant_id":50,"score_set":"","rank":null,"advancing":false}]',
    );
    expect(decodeEntries(text)).toEqual(entries);
    expect(decodeEntries(null)).toEqual([]);
  });

  it("reads sets and slot sources as stored", () => {
    expect(
      decodeSets(
        encodeSets([
          [3, 1],
          [0, 2],
        ]),
      ),
    ).toEqual([
      [3, 1],
      [0, 2],
    ]);
    expect(encodeSets(null)).toBeNull();
    expect(decodeSets(null)).toEqual([]);
    const source = { type: "winner", match: "W1-2" } as const;
    expect(decodeSource(encodeSource(source))).toEqual(source);
  });

  it("finds a participant in a free-for-all match whatever the key order, and not by prefix", () => {
    const ffa = row({
      side: "free_for_all",
      entries:
        '[{"rank":2,"advancing":false,"score_set":"","participant_id":50},{"participant_id":7,"score_set":"","rank":1,"advancing":true}]',
    });
    expect(matchPlayers(ffa)).toEqual([50, 7]);
    expect(involves(ffa, 50)).toBe(true);
    expect(involves(ffa, 7)).toBe(true);
    expect(involves(ffa, 5)).toBe(false);
    expect(involves(row({ player1_id: 3, player2_id: 4 }), 4)).toBe(true);
    expect(involves(row({ player1_id: 3, player2_id: null }), 4)).toBe(false);
  });
});
