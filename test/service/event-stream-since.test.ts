/**
 * `?since=` of serve's event streams (the API's, the bracket page's and a race's): an ISO 8601
 * date and time with Z or an offset opens the stream with the history since then; anything
 * else (a date alone, a bare year, a time without a zone, what Date.parse guesses a date from)
 * is a 400 naming the parameter, not a stream that replays the whole history or ignores it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";

const net = useLoopbackService();
let id: string;
let race: string;
/** `stream` with the tournament's and the race's ids. */
const at = (stream: string) => stream.replace("{t}", id).replace("{r}", race);

beforeAll(async () => {
  const created = await fetch(`${net.base}/v2.1/tournaments`, {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: { type: "tournament", attributes: { name: "Since Cup", tournament_type: "swiss" } },
    }),
  });
  id = ((await created.json()) as { data: { id: string } }).data.id;
  const raced = await fetch(`${net.base}/v2.1/races`, {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: { type: "Race", attributes: { name: "GP", raceType: "grand prix" } },
    }),
  });
  race = ((await raced.json()) as { data: { id: string } }).data.id;
});

/** Status and type of a stream request; the body only when it is not a stream. */
async function open(path: string) {
  const controller = new AbortController();
  const response = await fetch(`${net.base}${path}`, { signal: controller.signal });
  const type = response.headers.get("content-type") ?? "";
  const body = type.startsWith("text/event-stream") ? undefined : await response.text();
  controller.abort();
  return { status: response.status, type, body };
}

describe("?since= of an event stream", () => {
  for (const stream of [
    "/v2.1/tournaments/{t}/events",
    "/tournaments/{t}/bracket/events",
    "/v2.1/races/{r}/events",
  ]) {
    it(`${stream}: not a date is 400 naming since`, async () => {
      const r = await open(`${at(stream)}?since=notadate`);
      expect(r.status).toBe(400);
      const error = JSON.parse(r.body!).errors[0];
      expect(error.source).toEqual({ parameter: "since" });
      expect(error.detail).toContain('not "notadate"');
    });

    it(`${stream}: a bare number is 400 naming since (Date.parse read "0" as 2000-01-01)`, async () => {
      for (const since of ["0", "12", "202", "20261"]) {
        const r = await open(`${at(stream)}?since=${since}`);
        expect(r.status, since).toBe(400);
        const error = JSON.parse(r.body!).errors[0];
        expect(error.source).toEqual({ parameter: "since" });
        expect(error.detail).toBe(
          `since must be a date and time like 2026-11-25T18:00:00Z, not "${since}"`,
        );
      }
    });

    it(`${stream}: a day that does not exist is 400 naming since and the date`, async () => {
      const r = await open(`${at(stream)}?since=2026-02-30T00:00:00Z`);
      expect(r.status).toBe(400);
      const error = JSON.parse(r.body!).errors[0];
      expect(error.source).toEqual({ parameter: "since" });
      expect(error.detail).toBe(
        'since "2026-02-30T00:00:00Z" is not a date: February 2026 has 28 days',
      );
    });

    it(`${stream}: a time that does not exist (T24:00, T23:60) is 400 naming since`, async () => {
      for (const [since, why] of [
        ["2026-02-01T24:00:00Z", "the hour runs from 00 to 23, not 24"],
        ["2026-02-01T23:60:00Z", "the minute runs from 00 to 59, not 60"],
      ] as const) {
        const r = await open(`${at(stream)}?since=${since}`);
        expect(r.status, since).toBe(400);
        const error = JSON.parse(r.body!).errors[0];
        expect(error.source).toEqual({ parameter: "since" });
        expect(error.detail).toContain(`since ${JSON.stringify(since)} is not a date: ${why} (`);
      }
    });

    it(`${stream}: what Date.parse took that is no date and time is 400 naming since (it replayed all history)`, async () => {
      // A date alone, a bare year, a negative number, a month's or day's name, two numbers.
      for (const since of ["2026", "2026-11", "2026-11-25", "-1", "Nov%201", "1%202", "Thu", "1"]) {
        const r = await open(`${at(stream)}?since=${since}`);
        expect(r.status, since).toBe(400);
        const error = JSON.parse(r.body!).errors[0];
        expect(error.source).toEqual({ parameter: "since" });
        expect(error.detail).toBe(
          `since must be a date and time like 2026-11-25T18:00:00Z, not ${JSON.stringify(decodeURIComponent(since))}`,
        );
      }
    });

    it(`${stream}: a time without a zone is 400 saying to add one; a + sent unescaped is told`, async () => {
      const bare = await open(`${at(stream)}?since=2026-11-25T18:00:00`);
      expect(bare.status).toBe(400);
      expect(JSON.parse(bare.body!).errors[0].detail).toBe(
        'since "2026-11-25T18:00:00" has no time zone: add Z (UTC) or an offset, like 2026-11-25T18:00:00Z',
      );
      const plus = await open(`${at(stream)}?since=2026-11-25T18:00:00+01:00`);
      expect(plus.status).toBe(400);
      expect(JSON.parse(plus.body!).errors[0].detail).toBe(
        'since "2026-11-25T18:00:00 01:00" has a space where its offset\'s + was (a + in a query string is a space): send + as %2B, 2026-11-25T18:00:00%2B01:00',
      );
    });

    it(`${stream}: a date and time with Z or an offset opens the stream (seconds optional)`, async () => {
      for (const since of [
        "2026-11-25T18:00:00.123Z",
        "2026-11-25T18:00Z",
        "2026-11-25t18:00:00z",
        "2026-11-25T18:00:00%2B01:00",
        "2026-11-25T18:00:00-0500",
      ]) {
        const r = await open(`${at(stream)}?since=${since}`);
        expect(r.status, `${since}: ${r.body}`).toBe(200);
        expect(r.type).toMatch(/^text\/event-stream/);
      }
    });

    it(`${stream}: a date opens the stream`, async () => {
      const r = await open(`${at(stream)}?since=2026-01-01T00:00:00Z`);
      expect(r.status).toBe(200);
      expect(r.type).toMatch(/^text\/event-stream/);
    });
  }
});
