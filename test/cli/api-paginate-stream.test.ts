/**
 * `tourney api --paginate` writes each page as it comes, holding a page, not the list: on
 * a round robin of 3,160 matches asked 25 a page (127 pages), the output is byte for byte
 * the document the whole list joined made (what it printed before, when it held every
 * page), piped and at a terminal, and each page's records are on stdout before the next
 * page is asked for (the transport's requests and stdout's writes in one sequence). `--jq`
 * going through the records (`.data[] | ...`) runs on each page as it comes; a program that
 * needs the whole list (`.data | length`) still sees it whole. Ctrl-C stops after the page
 * in flight: the document printed is closed there (it parses), stderr says so, exit 130.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";
import { capturedIo } from "../helpers/streams.js";

const sb = createSandbox();
const dbPath = join(sb.env.TOURNEY_DATA_DIR!, "tourney.db");
const PLAYERS = 80; // a round robin of 80: 3,160 matches
const PER_PAGE = 25;
const PATH = `/tournaments/rr/matches.json?per_page=${PER_PAGE}`;
/** Fewer pages for --jq, which runs once a page (32 pages). */
const PATH_100 = "/tournaments/rr/matches.json?per_page=100";
afterAll(() => sb.cleanup());

type Page = {
  data: { id: string; attributes: { identifier: string } }[];
  meta: { page: number };
  links: unknown;
};
let pages: Page[] = [];

beforeAll(async () => {
  ok(await sb.run(["tournament", "create", "--name", "RR", "--type", "round robin"]));
  const names = Array.from({ length: PLAYERS }, (_, i) => `Player ${i + 1}`).join("\n");
  ok(await sb.run(["participants", "bulk-add", "rr"], { stdin: names }));
  ok(await sb.run(["tournament", "start", "rr"]));
  // Every page asked alone, straight from the embedded service.
  const transport = createInProcessTransport({ dbPath });
  for (let page = 1; pages.length === 0 || pages.at(-1)!.data.length === PER_PAGE; page++) {
    const path = `/v2.1${PATH}&page=${page}`;
    const response = await transport.send({ method: "GET", path, headers: {} });
    pages.push(JSON.parse(response.body));
  }
  pages = pages.filter((p) => p.data.length > 0);
  await transport.close();
}, 120_000);

/** What --paginate printed when it held every page: the last page's document, all the data. */
function joined(): unknown {
  return { ...pages.at(-1)!, data: pages.flatMap((p) => p.data) };
}

/** The command run with the embedded transport, each request and each stdout write logged. */
async function logged(
  args: string[],
  options: { tty?: boolean; onSend?: (n: number) => void } = {},
) {
  const events: string[] = [];
  const io = capturedIo({ tty: options.tty ?? false });
  const write = io.stdout.write.bind(io.stdout);
  io.stdout.write = (chunk: string) => {
    events.push(`write ${chunk.length}`);
    return write(chunk);
  };
  let sent = 0;
  const makeTransport = async (): Promise<Transport> => {
    const real = createInProcessTransport({ dbPath });
    return {
      ...real,
      send: async (request, stop) => {
        events.push(`send ${request.path}`);
        const response = await real.send(request, stop);
        options.onSend?.(++sent);
        return response;
      },
    };
  };
  const code = await run(args, { io, env: sb.env, homeDir: join(sb.dir, "home"), makeTransport });
  return { code, stdout: io.stdout.text, stderr: io.stderr.text, events };
}

describe("api --paginate streams the pages", () => {
  it("prints the joined document byte for byte, piped and at a terminal", async () => {
    expect(pages.flatMap((p) => p.data)).toHaveLength((PLAYERS * (PLAYERS - 1)) / 2);
    const piped = await logged(["api", PATH, "--paginate"]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(`${JSON.stringify(joined())}\n`);
    const tty = await logged(["api", PATH, "--paginate"], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toBe(`${JSON.stringify(joined(), null, 2)}\n`);
  }, 60_000);

  it("writes each page before it asks for the next: no write holds more than a page", async () => {
    const r = await logged(["api", PATH, "--paginate"]);
    const sends = r.events.filter((e) => e.startsWith("send"));
    expect(sends).toHaveLength(pages.length);
    // Between two requests, the page the first brought is written.
    r.events.forEach((event, at) => {
      if (at === 0 || !event.startsWith("send")) return;
      expect(r.events[at - 1], `before ${event}`).toMatch(/^write /);
    });
    const page = JSON.stringify(pages[0]!.data).length;
    const largest = Math.max(
      ...r.events.map((e) => (e.startsWith("write") ? Number(e.slice(6)) : 0)),
    );
    expect(largest).toBeLessThan(page * 1.5);
  }, 60_000);

  it("--jq through the records runs on each page as it comes; a whole-list program sees the list", async () => {
    const r = await logged(["api", PATH_100, "--paginate", "--jq", ".data[] | .id"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(pages.flatMap((p) => p.data.map((m) => `${m.id}\n`)).join(""));
    const sends = r.events.flatMap((e, at) => (e.startsWith("send") ? [at] : []));
    for (const at of sends.slice(1)) expect(r.events[at - 1]).toMatch(/^write /);
    const counted = await logged(["api", PATH_100, "--paginate", "--jq", "(.data? // .) | length"]);
    expect(counted.stdout).toBe(`${(PLAYERS * (PLAYERS - 1)) / 2}\n`);
    // The same results as the program run over the joined document.
    const program =
      '.data[] | select(.attributes.round == 3) | "\\(.id) \\(.attributes.identifier)"';
    const each = await logged(["api", PATH_100, "--paginate", "--jq", program]);
    const whole = await logged(["api", PATH_100, "--paginate", "--jq", `[${program}] | .[]`]);
    expect(each.stdout).not.toBe("");
    expect(each.stdout).toBe(whole.stdout);
  }, 60_000);

  it("Ctrl-C stops after the page in flight: the document is closed there, exit 130", async () => {
    // A listener of the test's own keeps the signal from ending the test run.
    const guard = () => {};
    process.on("SIGINT", guard);
    try {
      const onSend = (n: number) => {
        if (n === 3) process.kill(process.pid, "SIGINT");
      };
      const r = await logged(["api", PATH, "--paginate"], { onSend });
      expect(r.code, r.stderr).toBe(130);
      expect(r.events.filter((e) => e.startsWith("send"))).toHaveLength(3);
      const document = JSON.parse(r.stdout);
      expect(document.data).toEqual(pages.slice(0, 2).flatMap((p) => p.data));
      expect(document.meta).toEqual(pages[1]!.meta);
      expect(r.stderr).toContain("Interrupted: fetching no more pages");
      expect(r.stderr).toContain("interrupted: the list stops after page 2 (50 records)");
      // --jq on each page: the results of the pages before; a whole-list program: nothing.
      const ids = await logged(["api", PATH, "--paginate", "--jq", ".data[] | .id"], { onSend });
      expect(ids.code).toBe(130);
      expect(ids.stdout).toBe(
        pages
          .slice(0, 2)
          .flatMap((p) => p.data.map((m) => `${m.id}\n`))
          .join(""),
      );
      expect(ids.stderr).toContain("interrupted: --jq ran on pages 1-2 of the list");
      const count = await logged(["api", PATH, "--paginate", "--jq", ".data | length"], { onSend });
      expect([count.code, count.stdout]).toEqual([130, ""]);
      expect(count.stderr).toContain("the list stops after page 2: its document was not printed");
    } finally {
      process.off("SIGINT", guard);
    }
  }, 60_000);

  it("SIGTERM (kill, timeout) stops it the same way, exit 143", async () => {
    const guard = () => {};
    process.on("SIGTERM", guard);
    try {
      const onSend = (n: number) => {
        if (n === 2) process.kill(process.pid, "SIGTERM");
      };
      const r = await logged(["api", PATH, "--paginate"], { onSend });
      expect(r.code, r.stderr).toBe(143);
      expect(JSON.parse(r.stdout).data).toEqual(pages[0]!.data);
      expect(r.stderr).toContain("interrupted: the list stops after page 1 (25 records)");
    } finally {
      process.off("SIGTERM", guard);
    }
  }, 60_000);
});

describe("match list --json --jq '.[] | ...' runs on each page as it comes", () => {
  it("prints what it printed over the whole list, each page's results before the next request", async () => {
    const program = '.[] | select(.round == 3) | "\\(.identifier) \\(.state)"';
    const each = await logged(["match", "list", "rr", "--json", "--jq", program]);
    expect(each.code, each.stderr).toBe(0);
    const whole = await logged(["match", "list", "rr", "--json", "--jq", `[${program}] | .[]`]);
    expect(each.stdout.split("\n")).toHaveLength(PLAYERS / 2 + 1);
    expect(each.stdout).toBe(whole.stdout);
    const fields = ["match", "list", "rr", "--json", "id,identifier", "--jq", ".[] | .identifier"];
    const picked = await logged(fields);
    expect(picked.stdout).toBe(
      pages.flatMap((p) => p.data.map((m) => `${m.attributes.identifier}\n`)).join(""),
    );
    // The matches are read 1,000 a page: a page's results are written before the next is asked.
    const sends = picked.events.flatMap((e, at) => (e.includes("/matches") ? [at] : []));
    expect(sends).toHaveLength(Math.ceil(pages.flatMap((p) => p.data).length / 1000));
    for (const at of sends.slice(1)) expect(picked.events[at - 1]).toMatch(/^write /);
  }, 60_000);
});
