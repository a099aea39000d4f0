/**
 * `tourney bracket <t> --web` (issue 18): the tournament's live bracket page in
 * a browser. On a remote profile, the page at the profile's base URL; on the
 * embedded backend, a loopback server over the same database file (started
 * here, until Ctrl-C: exit 130, nothing printed). A private tournament's page
 * opens only with a share link: `--share` makes one. The address goes to
 * stdout; the browser opens (the `open` package, lazily) when someone is at
 * this machine to see it (auth/browser.ts), never with `--no-open`.
 */
import { CancelledError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { listenForInterrupts } from "../../interrupts.js";
import { browserBlocker, openInBrowser } from "../auth/browser.js";
import { defaultOrigin, makeShareLink, pagePath } from "./share.js";

export interface WebOptions {
  readonly tournament: string;
  /** Make a share link and open the page with it. */
  readonly share: boolean;
  /** Open a browser (default); false: print the address only. */
  readonly open: boolean;
  /** Resolves when the loopback server should stop (tests); default: Ctrl-C or SIGTERM. */
  readonly until?: () => Promise<"interrupted" | "terminated">;
}

async function show(f: Factory, url: string, open: boolean): Promise<void> {
  f.io.stdout.write(`${url}\n`);
  if (!open) return;
  const blocker = browserBlocker({
    io: f.io,
    env: f.env,
    noInput: !f.globals.input,
    platform: process.platform,
  });
  if (blocker !== undefined) {
    f.printer().note(`not opening a browser (${blocker}): open the address above`);
    return;
  }
  if (!(await openInBrowser(url)))
    f.printer().note("could not open a browser: open the address above");
}

/** Ctrl-C (SIGINT) or SIGTERM, whichever comes first. */
function stopped(): Promise<"interrupted" | "terminated"> {
  return new Promise((resolve) => {
    const interrupts = listenForInterrupts(() => {});
    const done = (how: "interrupted" | "terminated") => {
      interrupts.release();
      process.off("SIGTERM", onTerm);
      resolve(how);
    };
    const onTerm = () => done("terminated");
    interrupts.stop.addEventListener("abort", () => done("interrupted"));
    process.on("SIGTERM", onTerm);
  });
}

export async function runWeb(f: Factory, o: WebOptions): Promise<void> {
  const client = await f.client();
  const record = await client.tournaments.get(o.tournament);
  if (record.attributes.private === true && !o.share)
    throw new UsageError(
      `tournament ${o.tournament} is private: its page opens only with a share link; add --share to make one (tourney bracket ${o.tournament} --web --share)`,
    );
  const profile = f.profile();
  if (profile.backend === "remote") {
    const { origin } = defaultOrigin(f);
    const url = o.share
      ? (await makeShareLink(client, o.tournament, origin)).url
      : `${origin}${pagePath(record)}`;
    await show(f, url, o.open);
    return;
  }
  const { startViewerServer } = await import("./web-server.js");
  const stderr = f.io.stderr;
  const debug = f.env.TOURNEY_DEBUG
    ? (e: unknown) => stderr.write(`internal error: ${String((e as Error)?.stack ?? e)}\n`)
    : undefined;
  const server = await startViewerServer(profile.dbPath, debug);
  let how: "interrupted" | "terminated";
  try {
    const url = o.share
      ? (await makeShareLink(client, o.tournament, server.origin)).url
      : `${server.origin}${pagePath(record)}`;
    f.printer().note(
      `Serving the bracket of ${o.tournament} from ${profile.dbPath} (Ctrl-C stops)`,
    );
    await show(f, url, o.open);
    how = await (o.until ?? stopped)();
  } finally {
    await server.close();
  }
  if (how === "interrupted") throw new CancelledError("");
}
