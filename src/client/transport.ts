/**
 * The HTTP-shaped boundary between the API client and a backend. The remote
 * transport sends requests over the network (undici); the in-process transport
 * hands them to the embedded service's request handler without a socket.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";

export type TransportRequest = HttpRequest;
export type TransportResponse = HttpResponse;

export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
  /**
   * Runs `fn`, whose requests go through `send` one after another, in one
   * transaction of the backend: all of their writes land, or none. Only the
   * in-process transport has it (the embedded service's SQLite); over HTTP no
   * transaction spans requests.
   */
  transaction?<T>(fn: () => Promise<T>): Promise<T>;
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
