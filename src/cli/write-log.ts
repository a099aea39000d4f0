/**
 * The writes a command has made: every request other than GET or HEAD that the backend
 * accepted (status below 400). When printing the result fails afterwards, the command
 * reports the change as done (exit 8, exit-codes.ts) instead of a usage error that a
 * script would answer by running the write again.
 */
import type { Transport, TransportRequest, TransportResponse } from "../client/transport.js";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a Ctrl-C after accepted writes says (exit 130): the first of them (at most three) and
 * how many in all. main.ts says it for a write still running; App.afterWrites for --jq.
 */
export function interruptedAfterWrites(first: readonly string[], count: number): string {
  return `interrupted after the change was made (${writesSaid(first, count)}); do not run the command again`;
}

/** What a failure after accepted writes says first (exit 8): main.ts for a late rejection. */
export function doneAfterWrites(first: readonly string[], count: number): string {
  return `done: the change was made (${writesSaid(first, count)}); do not run the command again`;
}

function writesSaid(first: readonly string[], count: number): string {
  const more = count > 3 ? ` and ${count - 3} more` : "";
  return `${first.slice(0, 3).join(", ")}${more}`;
}

export class WriteLog {
  private readonly done: string[] = [];
  /**
   * The writes of a transaction under way: made only once it commits, told then (a rolled
   * back one, never). Before, a bulk add's chunks were told as they were answered: a SIGTERM
   * at the turn between two chunks (bulk-add.ts) said "interrupted after the change was made"
   * and the exit rolled the add back.
   */
  private pending: string[] | undefined;

  /** `onWrite` hears of each accepted write as it is noted (the entry's Ctrl-C, main.ts). */
  constructor(private readonly onWrite?: (write: string) => void) {}

  /** "POST /v2.1/tournaments.json (201)", one per accepted write, in order. */
  get writes(): readonly string[] {
    return this.done;
  }

  private record(request: TransportRequest, response: TransportResponse): void {
    const method = request.method.toUpperCase();
    if (READS.has(method) || response.status >= 400) return;
    const path = request.path.replace(/\?.*$/, "");
    const write = `${method} ${path} (${response.status})`;
    if (this.pending !== undefined) this.pending.push(write);
    else this.note(write);
  }

  private note(write: string): void {
    this.done.push(write);
    this.onWrite?.(write);
  }

  /** The transport, its accepted writes noted here; its other abilities kept. */
  wrap(transport: Transport): Transport {
    const send = async (request: TransportRequest, stop?: AbortSignal) => {
      const response = await transport.send(request, stop);
      this.record(request, response);
      return response;
    };
    const wrapped: Transport = { send, close: () => transport.close() };
    if (transport.transaction !== undefined) {
      const transaction = transport.transaction.bind(transport);
      wrapped.transaction = async (fn, stop) => {
        if (this.pending !== undefined) return transaction(fn, stop); // inside another
        this.pending = [];
        try {
          const result = await transaction(fn, stop);
          for (const write of this.pending) this.note(write);
          return result;
        } finally {
          this.pending = undefined;
        }
      };
    }
    // Reads only: nothing to note.
    if (transport.records !== undefined) wrapped.records = transport.records.bind(transport);
    if (transport.stream !== undefined) {
      const stream = transport.stream.bind(transport);
      wrapped.stream = (request, onText, signal) => stream(request, onText, signal);
    }
    return wrapped;
  }
}
