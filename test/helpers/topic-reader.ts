/**
 * A reader of serve's tournament topics (public/tournament-topics.ts) in process, as serve's
 * adapter makes one for a public event stream: the topic tests open it on the service itself.
 */
import { expect } from "vitest";
import type { WatchEvent } from "../../src/model/watch-events.js";
import type { ServiceHarness } from "./service.js";

/** A public reader whose events are pushed onto `got`. */
export function readerInto(got: WatchEvent[]) {
  return {
    subscriber: { event: (e: WatchEvent) => got.push(e), heartbeat: () => {} },
    view: "public" as const,
    allowed: () => true,
  };
}

export interface OpenTopic {
  /** The events told so far, in order. */
  readonly got: WatchEvent[];
  close(): void;
}

/** A public reader opened on tournament `id`'s topic (expecting its backlog answered). */
export async function openTopic(harness: ServiceHarness, id: string): Promise<OpenTopic> {
  const got: WatchEvent[] = [];
  const opened = await harness.service.events.tournaments.open(Number(id), readerInto(got), {});
  expect("backlog" in opened).toBe(true);
  return {
    got,
    close: () => {
      if ("close" in opened) opened.close();
    },
  };
}

/** A public reader (of a tournament's topic or a race's) and the events it was sent. */
export function eventsReader(): { events: WatchEvent[]; reader: ReturnType<typeof readerInto> } {
  const events: WatchEvent[] = [];
  return { events, reader: readerInto(events) };
}
