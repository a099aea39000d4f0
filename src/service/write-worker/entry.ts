/**
 * The body of `serve`'s write worker (client.ts; bundled alone as dist/write-worker.cjs):
 * the service opened again, on its own connection to the same database file, answering
 * the requests the main thread posts, one at a time, each with the same handler as on
 * the main thread (so the same transaction, checks and reply).
 */
import { setPriority } from "node:os";
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

/**
 * Reads come first: where the machine has fewer idle cores than busy threads, this
 * thread gives way to the main one, which answers them (Linux keeps a niceness per
 * thread, and pid 0 is the calling thread). Elsewhere it may apply to the process or
 * be refused: then it is left as it is.
 */
const NICENESS = 5;
if (process.platform === "linux") {
  try {
    setPriority(NICENESS);
  } catch {
    // Not allowed here: the worker runs at the process's priority.
  }
}
const tell = (message: WorkerMessage) => port.postMessage(message);

const service = createService({
  ...start.options,
  onError: (error) => {
    const code = (error as { code?: unknown } | null)?.code;
    // The message and the stack apart: serve's terminal line quotes the message (a disk
    // full printed the worker's whole stack inside it); the stack is for TOURNEY_DEBUG.
    const stack = error instanceof Error ? error.stack : undefined;
    tell({
      kind: "error",
      message: error instanceof Error ? error.message : String(error),
      ...(stack === undefined ? {} : { stack }),
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
