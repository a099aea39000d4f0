/**
 * `tourney api --paginate`, page after page: each page's records are written as the page
 * comes (joined.ts: the text of one document, the same bytes as the whole list joined), so
 * the command holds one page, not the list. `--jq` runs on each page as it comes when the
 * program goes through the records one by one (output/jq-pages.ts), else once over the
 * joined document, then held as text. `-i` holds the document too: every page's headers come
 * before it. Ctrl-C (SIGTERM, SIGHUP) stops after the page in flight: the document is closed
 * after the pages written, stderr says the list was cut there, exit 130 (143, 129); a second
 * signal exits at once.
 */
import type { HttpRequest, HttpResponse } from "../../../model/http.js";
import { type CancelledError, InterruptedWorkError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { exitAs, listenForInterrupts, STOP_SIGNALS, signalsDelivered } from "../../interrupts.js";
import { type PageShape, runsPerPage } from "../../output/jq-pages.js";
import { startSpinner } from "../../output/progress.js";
import { joinedWriter } from "./joined.js";
import { createPager, type PageRead } from "./paginate.js";
import { headerBlock, isSuccess } from "./response.js";

/** Where the pages go: written as they come, or held until the last. */
interface PageSink {
  page(read: PageRead): Promise<void>;
  /** Closes the document (after the pages so far). */
  end(): Promise<void>;
  /** Ctrl-C: what was written is closed; what was held is dropped. */
  stop(): Promise<void>;
  /** What was printed when the list stops before its end (Ctrl-C), for stderr. */
  cut(pages: number): string;
}

/** The joined document's text, written to stdout page by page (no --jq, no -i). */
function streamed(f: Factory): PageSink {
  const stdout = f.io.stdout;
  const joined = joinedWriter((text) => stdout.write(text), stdout.isTTY === true);
  const end = async () => {
    joined.end();
    stdout.write("\n");
  };
  return {
    page: async (read) => joined.page(read.document, read.records),
    end,
    stop: end,
    cut: (pages) =>
      `the list stops after page ${pages} (${joined.records} records): the document printed is closed there, with page ${pages}'s meta and links`,
  };
}

/** --jq on each page's document as it comes. */
function filteredPerPage(f: Factory): PageSink {
  const output = f.jsonOutput();
  return {
    page: (read) => output.filterNow(JSON.stringify(read.document)),
    end: async () => {},
    stop: async () => {},
    cut: (pages) => `--jq ran on pages 1-${pages} of the list; the pages after were not fetched`,
  };
}

/** The joined document held as text, then written (-i) or filtered (--jq) as one. */
function held(f: Factory): PageSink {
  const parts: string[] = [];
  const output = f.jsonOutput();
  const joined = joinedWriter((text) => parts.push(text), f.io.stdout.isTTY === true);
  return {
    page: async (read) => joined.page(read.document, read.records),
    end: async () => {
      joined.end();
      output.writeText(parts.splice(0).join(""));
    },
    stop: async () => {
      parts.length = 0;
    },
    cut: (pages) => `the list stops after page ${pages}: its document was not printed`,
  };
}

function sinkFor(f: Factory, include: boolean, document: unknown): PageSink {
  const jq = f.globals.jq;
  if (include) return held(f);
  if (jq === undefined) return streamed(f);
  const shape: PageShape = Array.isArray(document) ? "array" : "object";
  return runsPerPage(jq, shape) ? filteredPerPage(f) : held(f);
}

/** The interruption's message (exit 130), the sink's output closed first when it has begun. */
async function interrupted(sink: PageSink | undefined, pages: number): Promise<CancelledError> {
  if (sink === undefined) return new InterruptedWorkError("interrupted before the first page came");
  await sink.stop().catch(() => {});
  return new InterruptedWorkError(`interrupted: ${sink.cut(pages)}`);
}

/** The page handed to `sink`; an interruption while it is written cuts the list there. */
async function pageTo(sink: PageSink, read: PageRead, cut: () => Promise<unknown>): Promise<void> {
  await sink.page(read).catch(async (error) => {
    if (error instanceof InterruptedWorkError) throw await cut();
    throw error;
  });
}

/**
 * Every page (progress on stderr at a terminal), each handed to its sink as it comes. The
 * answer still to print is returned: a first page that is not a list (printed as it is), or
 * an error (its body printed after the pages before it); undefined when all is printed.
 */
export async function sendPages(
  f: Factory,
  request: HttpRequest,
  include: boolean,
): Promise<HttpResponse | undefined> {
  const client = await f.client();
  const pager = createPager(request.path);
  const spinner = startSpinner(f.io.stderr, "Fetching page 1");
  // Ctrl-C, SIGTERM, SIGHUP: a second signal exits at once (main.ts), the output cut there.
  const interrupts = listenForInterrupts(
    () => {
      interrupts.release();
      const again = interrupts.signal === "SIGINT" ? " (Ctrl-C again to stop at once)" : "";
      f.io.stderr.write(`Interrupted: fetching no more pages${again}\n`);
    },
    process,
    STOP_SIGNALS,
  );
  let sink: PageSink | undefined;
  let pages = 0;
  let response: HttpResponse | undefined;
  const cut = async () => exitAs(await interrupted(sink, pages), interrupts);
  try {
    for (let path: string | undefined = pager.first; path !== undefined; ) {
      spinner.label(`Fetching page ${pages + 1}`);
      response = await client.requester.raw({ ...request, path });
      // An embedded request is made without a turn of the event loop: a Ctrl-C waits for one.
      await signalsDelivered();
      if (interrupts.stop.aborted) throw await cut();
      if (include) f.io.stdout.write(headerBlock(response));
      const read = isSuccess(response) ? pager.read(response) : undefined;
      if (read === undefined) break;
      sink ??= sinkFor(f, include, read.document);
      // A page of the page before's records (paginate.ts) is not printed: the pages end.
      if (read.repeated !== true) await pageTo(sink, read, cut);
      pages += read.repeated === true ? 0 : 1;
      if (read.cutShort !== undefined) {
        await sink.end();
        throw read.cutShort;
      }
      path = read.next;
    }
    // A Ctrl-C during the last page's writing: seen now, the list complete.
    await signalsDelivered();
    if (interrupts.stop.aborted) throw await cut();
  } finally {
    spinner.stop();
    interrupts.release();
  }
  if (sink === undefined) return response;
  await sink.end();
  return isSuccess(response!) ? undefined : response;
}
