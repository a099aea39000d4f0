/**
 * A real client of serve's event streams (the e2e resume tests): the stream's bytes read
 * as they come, its `id:` lines (and the events of its `data:` lines) taken from them.
 */
import { expect } from "vitest";

/** An event stream opened (its head received): the ids it sends, read until `enough`. */
export async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const ids = () => [...text.matchAll(/^id: ?(.*)$/gm)].map((m) => m[1]!);
  return {
    async until(enough: (ids: readonly string[]) => boolean): Promise<string[]> {
      while (!enough(ids())) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended with ${ids().join(" ")}`);
        text += value;
      }
      return ids();
    },
    /** The events (the JSON of each `data:` line) read so far. */
    events: (): Record<string, unknown>[] =>
      [...text.matchAll(/^data: ?(.*)$/gm)].map((m) => JSON.parse(m[1]!)),
    close: () => controller.abort(),
  };
}

/** The ids a stream sends until `enough` says so (the stream is then closed). */
export async function idsUntil(
  url: string,
  headers: Record<string, string>,
  enough: (ids: readonly string[]) => boolean,
): Promise<string[]> {
  const stream = await openStream(url, headers);
  const ids = await stream.until(enough);
  stream.close();
  return ids;
}
