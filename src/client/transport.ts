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
}
