/**
 * Loopback relays to a serve that hold the `nth` write (POST, PUT, DELETE) as it arrives: a
 * command's step known to the test, which the command cannot run past, to signal it at (never
 * a moment drawn from the clock). Every other request is passed on as it comes.
 * `holdingRelay` holds it until the test lets it go (`pass`); `relayDecidingNth` asks a
 * callback whether to pass it on or drop it (publish-kill.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface HoldingRelay {
  readonly url: string;
  /** Resolves once the nth write has arrived and is held. */
  readonly held: Promise<void>;
  /** Passes the held write on. */
  pass(): void;
  close(): Promise<void>;
}

export interface Relay {
  readonly url: string;
  /** Once every request taken is done (a held write passed on has landed at the target). */
  close(): Promise<void>;
}

/** Passes `request` (its body read as `chunks`) on to `target` and its answer back. */
async function passOn(
  target: string,
  request: IncomingMessage,
  chunks: readonly Buffer[],
  response: ServerResponse,
): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
      headers.set(name, value);
  const body = Buffer.concat(chunks);
  const answer = await fetch(`${target}${request.url}`, {
    method: request.method ?? "GET",
    headers,
    ...(body.length > 0 ? { body } : {}),
  });
  const text = Buffer.from(await answer.arrayBuffer());
  const back: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!["connection", "keep-alive", "transfer-encoding", "content-length"].includes(name))
      back[name] = value;
  });
  if (response.destroyed) return;
  response.writeHead(answer.status, back);
  response.end(text);
}

/**
 * A loopback relay to `target` that, as the `nth` write arrives, calls `atNth` and waits for
 * it: that write is passed on if it answers true, dropped (its connection closed unanswered)
 * if false.
 */
export async function relayDecidingNth(
  target: string,
  nth: number,
  atNth: () => Promise<boolean>,
): Promise<Relay> {
  let writes = 0;
  const handling = new Set<Promise<void>>();
  const relayOne = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const held = /^(POST|PUT|DELETE)$/.test(request.method ?? "") && ++writes === nth;
    if (held && !(await atNth())) {
      response.destroy();
      return;
    }
    await passOn(target, request, chunks, response);
  };
  const server = createServer((request, response) => {
    const handled = relayOne(request, response)
      .catch(() => {
        response.destroy();
      })
      .finally(() => handling.delete(handled));
    handling.add(handled);
  });
  server.on("clientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await Promise.allSettled([...handling]);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A relay to `target` holding its `nth` write until `pass` (or `close`). */
export async function holdingRelay(target: string, nth: number): Promise<HoldingRelay> {
  let arrived = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let pass = () => {};
  const passed = new Promise<void>((resolve) => {
    pass = resolve;
  });
  const relay = await relayDecidingNth(target, nth, async () => {
    arrived();
    await passed;
    return true;
  });
  return {
    url: relay.url,
    held,
    pass: () => pass(),
    close: async () => {
      pass();
      await relay.close();
    },
  };
}
