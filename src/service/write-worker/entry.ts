/**
 * The body of `serve`'s write worker (client.ts; bundled alone as dist/write-worker.cjs):
 * the service opened again, on its own connection to the same database file, answering
 * the requests the main thread posts, one at a time, each with the same handler as on
 * the main thread (so the same transaction, checks and reply).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { HttpRequest } from "../../model/http.js";
import { createService } from "../app.js";
import type { WorkerMessage, WorkerStart } from "./client.js";

type Incoming =
  | { readonly kind: "request"; readonly id: number; readonly request: HttpRequest }
  | { readonly kind: "origin"; readonly origin: string };

const port = parentPort;
if (port === null) throw new Error("write-worker.cjs runs as serve's worker thread only");
const start = workerData as WorkerStart;
const tell = (message: WorkerMessage) => port.postMessage(message);

const service = createService({
  ...start.options,
  onError: (error) => {
    const code = (error as { code?: unknown } | null)?.code;
    tell({
      kind: "error",
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      ...(typeof code === "string" ? { code } : {}),
    });
  },
});
if (start.origin !== undefined) service.listening(start.origin);

port.on("message", (message: Incoming) => {
  if (message.kind === "origin") {
    service.listening(message.origin);
    return;
  }
  const response = service.handleSync(message.request);
  // The body is read here (a JSON reply serialises on first read) and crosses as text.
  tell({
    kind: "reply",
    id: message.id,
    response: { status: response.status, headers: { ...response.headers }, body: response.body },
  });
});
