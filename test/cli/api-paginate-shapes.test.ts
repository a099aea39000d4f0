/**
 * `tourney api --paginate` on lists shaped as other services write them, through a transport
 * standing for the service: a bare array (the published description's shape) is streamed as
 * one array, byte for byte what the joined list made before; a document whose first member is
 * not `data` (`meta` first) is held and comes out whole, as before; a page that fails ends the
 * list there: the pages before are printed (the document closed after them), then the error's
 * body, and the exit code says which (before, only the error's body). Which --jq programs run
 * per page (output/jq-pages.ts) is checked on its own.
 */
import { afterAll, describe, expect, it } from "vitest";
import { runsPerPage } from "../../src/cli/output/jq-pages.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox } from "../helpers/cli.js";

const sb = createSandbox();
afterAll(() => sb.cleanup());

const COUNT = 23;
const PER_PAGE = 5;
const record = (i: number) => ({
  id: String(i),
  type: "thing",
  attributes: { n: i, s: "é\u2028" },
});

type Shape = "bare" | "meta-first";

/** A service of COUNT records, PER_PAGE a page; `failAt`: that page answers 404. */
function service(shape: Shape, failAt?: number): () => Promise<Transport> {
  return async () => ({
    close: async () => {},
    send: async (request) => {
      const page = Number(new URL(request.path, "http://x").searchParams.get("page") ?? "1");
      if (page === failAt)
        return { status: 404, headers: {}, body: '{"errors":[{"detail":"gone"}]}' };
      const data = Array.from({ length: COUNT }, (_, i) => record(i + 1)).slice(
        (page - 1) * PER_PAGE,
        page * PER_PAGE,
      );
      const total = Math.ceil(COUNT / PER_PAGE);
      const body =
        shape === "bare"
          ? data
          : { meta: { page, total_pages: total }, data, links: { self: `/things?page=${page}` } };
      return { status: 200, headers: {}, body: JSON.stringify(body) };
    },
  });
}

const all = Array.from({ length: COUNT }, (_, i) => record(i + 1));
const args = ["api", `/things?per_page=${PER_PAGE}`, "--paginate"];

describe("api --paginate on other services' shapes", () => {
  it("a bare array: one array of every page's records, piped and at a terminal", async () => {
    const piped = await sb.run(args, { makeTransport: service("bare") });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(`${JSON.stringify(all)}\n`);
    const tty = await sb.run(args, { makeTransport: service("bare"), tty: true });
    expect(tty.stdout).toBe(`${JSON.stringify(all, null, 2)}\n`);
    const ids = await sb.run([...args, "--jq", ".[] | .id"], { makeTransport: service("bare") });
    expect(ids.stdout).toBe(all.map((r) => `${r.id}\n`).join(""));
  });

  it("meta before data: the document comes whole, the last page's meta first", async () => {
    const last = {
      meta: { page: 5, total_pages: 5 },
      data: all,
      links: { self: "/things?page=5" },
    };
    const piped = await sb.run(args, { makeTransport: service("meta-first") });
    expect(piped.stdout).toBe(`${JSON.stringify(last)}\n`);
    const tty = await sb.run(args, { makeTransport: service("meta-first"), tty: true });
    expect(tty.stdout).toBe(`${JSON.stringify(last, null, 2)}\n`);
  });

  it("a page that fails: the pages before, closed, then its body; exit 3 for a 404", async () => {
    const r = await sb.run(args, { makeTransport: service("bare", 3) });
    expect(r.code).toBe(3);
    const [before, error] = r.stdout.split("\n");
    expect(JSON.parse(before!)).toEqual(all.slice(0, 2 * PER_PAGE));
    expect(error).toBe('{"errors":[{"detail":"gone"}]}');
  });
});

describe("which --jq programs run on each page", () => {
  it("those going through the records first, the rest reading a record", () => {
    for (const program of [".data[] | .id", ".data[]", " .data [ ] |.a, .b", "(.data? // .)[] | f"])
      expect(runsPerPage(program, "object"), program).toBe(true);
    expect(runsPerPage(".[] | .id", "array")).toBe(true);
    expect(runsPerPage("(.data? // .)[] | .id", "array")).toBe(true);
  });

  it("not those that need the whole list, nor halt", () => {
    for (const program of [
      ".data | length",
      "(.data? // .) | length",
      ".data[] |= 1",
      ".[] | .id",
      "first(.data[])",
      "[.data[] | .id]",
      "def f: .id; .data[] | f",
      ".data[] # a comment | f\n| .id",
      ".data[] as $m | $m",
      ".data[] | halt",
      ".data[] | if .id == 3 then halt_error(0) else . end",
      ".meta, .data[] | .id",
    ])
      expect(runsPerPage(program, "object"), program).toBe(false);
    expect(runsPerPage(".data[] | .id", "array")).toBe(false);
  });
});
