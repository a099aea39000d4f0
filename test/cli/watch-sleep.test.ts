/**
 * tourney watch's wait between two looks: a watch of hours sleeps thousands of times on
 * one AbortSignal (Ctrl-C's), so each wait must take its listener off again — it did
 * not, and Node warned of a leak after ten looks (MaxListenersExceededWarning).
 */
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { sleep } from "../../src/cli/commands/watch/watch.js";

describe("watch's sleep", () => {
  it("leaves no abort listener behind after many waits", async () => {
    const controller = new AbortController();
    for (let i = 0; i < 25; i++) await sleep(1, controller.signal);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("ends at once when the signal aborts", async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    // A minute's wait that did not end would fail the test on vitest's own timeout.
    await waiting;
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
