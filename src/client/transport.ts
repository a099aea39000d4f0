/**
 * The HTTP-shaped boundary between the API client and a backend. The remote
 * transport sends requests over the network (undici); the in-process transport
 * hands them to the embedded service's request handler without a socket.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import type { BytesSink, RecordsShape, WrittenRecords } from "../model/records-json.js";

export type TransportRequest = HttpRequest;
export type TransportResponse = HttpResponse;

export interface Transport {
  /**
   * `stop` aborted while the request waits for another process's lock (the in-process
   * transport) ends the wait, rejecting with the signal's reason (nothing sent). A request
   * on its way over the network is not stopped by it.
   */
  send(request: TransportRequest, stop?: AbortSignal): Promise<TransportResponse>;
  close(): Promise<void>;
  /**
   * Runs `fn`, whose requests go through `send` one after another, in one
   * transaction of the backend: all of their writes land, or none. Only the
   * in-process transport has it (the embedded service's SQLite); over HTTP no
   * transaction spans requests. `stop` aborted while it waits for another process's
   * lock ends the wait, rejecting with the signal's reason (`fn` not run).
   */
  transaction?<T>(fn: () => Promise<T>, stop?: AbortSignal): Promise<T>;
  /**
   * Writes every record of the list a GET `request` asks for (no `page` or `per_page`) to
   * `write`, as the text the CLI prints with `--json` (model/records-json.ts), as it is
   * made; undefined, with nothing written, when this transport cannot make it exactly (the
   * caller then lists through `send`). Only the in-process transport has it, through the
   * service's read-only path. With `shape`, only the fields it names of each record, as
   * an array of objects of those keys (model/records-json.ts RecordsShape).
   */
  records?(
    request: TransportRequest,
    write: BytesSink,
    shape?: RecordsShape,
  ): Promise<WrittenRecords | undefined>;
  /**
   * Sends `request` and, when answered 200 with `text/event-stream`, hands the
   * body's text to `onText` as it comes until the stream ends or `signal` aborts;
   * any other answer is returned whole. Only the remote transport has it.
   */
  stream?(
    request: TransportRequest,
    onText: (text: string) => void,
    signal: AbortSignal,
  ): Promise<TransportResponse>;
}
