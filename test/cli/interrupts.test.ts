import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { listenForInterrupts } from "../../src/cli/interrupts.js";

describe("listenForInterrupts", () => {
  it("aborts stop on the first Ctrl-C, abandon on the second, and lets go on release", () => {
    const source = new EventEmitter();
    const seen: number[] = [];
    const interrupts = listenForInterrupts((n) => seen.push(n), source);
    expect(source.listenerCount("SIGINT")).toBe(1);
    source.emit("SIGINT");
    expect([interrupts.stop.aborted, interrupts.abandon.aborted]).toEqual([true, false]);
    source.emit("SIGINT");
    source.emit("SIGINT");
    expect([interrupts.stop.aborted, interrupts.abandon.aborted]).toEqual([true, true]);
    expect(seen).toEqual([1, 2]);
    interrupts.release();
    expect(source.listenerCount("SIGINT")).toBe(0);
  });
});
