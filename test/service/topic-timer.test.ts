/**
 * The timer both kinds of event-stream topics share (src/service/public/topic-timer.ts):
 * the pace of its ticks, a topic nobody reads dropped after its minute (and kept when a
 * reader comes back), a reader no longer allowed ended. Node's timers are faked, so the
 * minute and the delays are stepped through, not waited for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WatchEvent } from "../../src/model/watch-events.js";
import {
  type Reader,
  SEND_PIECE,
  type TimedTopic,
  TopicTimer,
} from "../../src/service/public/topic-timer.js";

function reader(allowed: () => boolean) {
  const got: string[] = [];
  const value: Reader = {
    view: "public",
    allowed,
    subscriber: {
      event: (e) => got.push(e.id),
      heartbeat: () => got.push("beat"),
      end: () => got.push("end"),
    },
  };
  return { value, got };
}

function topic(id: number, readers: Reader[] = []): TimedTopic {
  return { id, readers: new Set(readers), linger: undefined };
}

describe("topic timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks once per schedule, 100 ms after a change, backing off to 400 ms", () => {
    const ticks: number[] = [];
    const timer = new TopicTimer(() => ticks.push(Date.now()));
    const start = Date.now();
    timer.schedule();
    timer.schedule(); // already waiting: no second tick
    vi.advanceTimersByTime(100);
    expect(ticks).toEqual([start + 100]);
    const delays: number[] = [];
    for (const fast of [false, false, false, true]) {
      timer.pace(fast);
      const before = ticks.length;
      timer.schedule();
      let waited = 0;
      while (ticks.length === before) {
        vi.advanceTimersByTime(1);
        waited++;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([200, 400, 400, 100]);
    timer.close();
  });

  it("drops a topic nobody reads after a minute, and keeps one a reader rejoined", () => {
    const timer = new TopicTimer<TimedTopic>(() => {});
    const left = topic(1);
    const back = topic(2);
    timer.topics.set(1, left).set(2, back);
    timer.lingerThenDrop(left);
    timer.lingerThenDrop(back);
    vi.advanceTimersByTime(30_000);
    timer.hold(back);
    back.readers.add(reader(() => true).value);
    vi.advanceTimersByTime(30_000);
    expect([...timer.topics.keys()]).toEqual([2]);
    expect(back.linger).toBeUndefined();
    timer.close();
    expect(timer.topics.size).toBe(0);
  });

  it("sends to the readers still allowed, ends the others, and lingers once none is left", () => {
    const timer = new TopicTimer<TimedTopic>(() => {});
    let open = true;
    const stays = reader(() => true);
    const goes = reader(() => open);
    const held = topic(7, [stays.value, goes.value]);
    timer.topics.set(7, held);
    const event = { id: "e1" } as WatchEvent;
    timer.send(held, [event]);
    open = false;
    timer.send(held, []);
    expect(stays.got).toEqual(["e1", "beat"]);
    expect(goes.got).toEqual(["e1", "end"]);
    expect(held.readers.size).toBe(1);
    held.readers.clear();
    timer.send(held, []);
    vi.advanceTimersByTime(60_000);
    expect(timer.topics.has(7)).toBe(false);
  });

  it("sends a batch as steps: each reader checked once, each piece one array given to all", () => {
    const timer = new TopicTimer<TimedTopic>(() => {});
    const checks: string[] = [];
    const pieces: (readonly WatchEvent[])[][] = [[], []];
    const batched = (n: number, open = () => true): Reader => ({
      view: "public",
      allowed: () => checks.push(`r${n}`) > 0,
      subscriber: {
        event: () => {},
        events: (piece) => pieces[n]!.push(piece),
        open,
        heartbeat: () => {},
      },
    });
    const plain = reader(() => checks.push("plain") > 0);
    const closed = batched(1, () => false);
    const held = topic(3, [batched(0), plain.value, closed]);
    const events = Array.from({ length: 600 }, (_, i) => ({ id: `e${i}` }) as WatchEvent);
    const steps = timer.sendSteps(held, events);
    let count = 0;
    while (steps.next().done !== true) count++;
    // 2 checks (the closed reader none), then 3 pieces of at most SEND_PIECE to each of 2.
    expect(checks).toEqual(["r0", "plain"]);
    expect(count).toBe(2 + 3 * 2);
    expect(pieces[0]!.map((p) => p.length)).toEqual([SEND_PIECE, SEND_PIECE, 600 - 2 * SEND_PIECE]);
    expect(pieces[0]!.flat()).toEqual(events);
    expect(pieces[1]).toEqual([]);
    expect(plain.got).toEqual(events.map((e) => e.id));
  });

  it("says a heartbeat is due once every 15 s", () => {
    const timer = new TopicTimer(() => {});
    expect(timer.heartbeatDue()).toBe(false);
    vi.advanceTimersByTime(15_000);
    expect(timer.heartbeatDue()).toBe(true);
    expect(timer.heartbeatDue()).toBe(false);
  });
});
