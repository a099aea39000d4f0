/**
 * Race topics share one timer, which looks at the store's generation and reads the watched
 * races again when it moved. Opening a new race's topic must not move what the timer counts
 * as looked at past a change another topic has not been told of: before, opening race Y's
 * topic set the one shared "last seen" generation, so a change to race X made just before
 * (its timer not having ticked yet) was never sent to X's readers, until X's next change.
 * The writes are answered at once (handleSync) and the topics opened in the same turn, so no
 * tick of the timer runs between them; the tick that follows is the timer's own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpMethod } from "../../src/model/http.js";
import { openService, type Service } from "../../src/service/index.js";
import { raceBody, raceState } from "../helpers/race-service.js";
import { participantsBody } from "../helpers/service.js";
import { eventsReader } from "../helpers/topic-reader.js";

let service: Service;

beforeAll(async () => {
  service = await openService({ dbPath: ":memory:" });
});

afterAll(() => {
  service?.close();
});

/** A write (or read) answered at once: no timer of the topics runs before the next line. */
function now(method: HttpMethod, path: string, body?: unknown): any {
  const r = service.handleSync({
    method,
    path: `/v2.1${path}`,
    headers: { "content-type": "application/vnd.api+json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(r.status, `${method} ${path}: ${r.body}`).toBeLessThan(300);
  return r.body === "" ? undefined : JSON.parse(r.body);
}

function race(name: string, url: string): number {
  const made = now("POST", "/races", raceBody({ name, raceType: "grand prix", url }));
  const id = Number(made.data.id);
  now("POST", `/races/${id}/participants/bulk_add`, participantsBody(["Ada", "Hal"]));
  return id;
}

describe("opening a race topic and the timer's marker", () => {
  it("a change to race X made just before race Y's topic opens still reaches X's readers", async () => {
    const x = race("GP X", "marker_x");
    const y = race("GP Y", "marker_y");
    const onX = eventsReader();
    const a = service.events.races.open(x, onX.reader, {});
    expect(a?.backlog).toEqual([]);
    // A change to X, then a new topic for Y, before the timer has looked at the change.
    now("PUT", `/races/${x}/change_state`, raceState("start"));
    const onY = eventsReader();
    const b = service.events.races.open(y, onY.reader, {});
    expect(b?.backlog).toEqual([]);
    expect(onX.events).toEqual([]);
    // The timer's next tick tells X's reader; Y's reader is told nothing of X.
    await expect
      .poll(() => onX.events.map((e) => e.type), { interval: 10, timeout: 5000 })
      .toEqual(["race.state_changed", "round.started"]);
    expect(onY.events).toEqual([]);
    // Y is still watched: its own change reaches its reader, and not X's.
    now("PUT", `/races/${y}/change_state`, raceState("start"));
    await expect
      .poll(() => onY.events.map((e) => e.type), { interval: 10, timeout: 5000 })
      .toEqual(["race.state_changed", "round.started"]);
    expect(onX.events).toHaveLength(2);
    a?.close();
    b?.close();
  });
});
