/**
 * tourney attachment through the CLI harness on the embedded service: links,
 * notes and files added, listed and deleted; refused when the tournament does
 * not accept attachments, for a fifth one, and for a file over 250 KB, which the
 * CLI refuses before any request (a recording transport shows none was sent).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport, TransportRequest } from "../../src/client/transport.js";
import type { ResolvedProfile } from "../../src/config/resolve.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const ACCEPT = ["--set", "match_options.accept_attachments=true"];

async function started(flags: readonly string[]): Promise<void> {
  await createWith(sb, ["--name", "Cup", ...flags], ["P1", "P2", "P3", "P4"]);
  ok(await sb.run(["tournament", "start", "cup"]));
}

async function listed(match = "A"): Promise<any[]> {
  return ok(await sb.run(["attachment", "list", "cup", match, "--json"])).json();
}

/** The embedded transport of the sandbox's profile, recording every request sent. */
function recording(sent: TransportRequest[]) {
  return async (profile: ResolvedProfile): Promise<Transport> => {
    const inner = createInProcessTransport({ dbPath: profile.dbPath });
    return {
      send: (request) => {
        sent.push(request);
        return inner.send(request);
      },
      close: () => inner.close(),
    };
  };
}

describe("tourney attachment", () => {
  it("adds a link, a note and a file, lists them, and deletes one", async () => {
    await started(ACCEPT);
    const link = ok(
      await sb.run([
        "attachment",
        "add",
        "cup",
        "A",
        "--url",
        "https://vod.example/a",
        "--description",
        "VOD",
      ]),
    );
    expect(link.stdout).toContain("description\tVOD\nurl\thttps://vod.example/a\n");
    ok(await sb.run(["attachment", "add", "cup", "A", "--description", "Ada's controller broke"]));
    const file = join(sb.dir, "sheet.png");
    writeFileSync(file, Buffer.from("not really a png"));
    const upload = ok(
      await sb.run(["attachment", "add", "cup", "A", "--file", file, "--json"]),
    ).json();

    const all = await listed();
    expect(all.map((a) => [a.url ?? null, a.description ?? null])).toEqual([
      ["https://vod.example/a", "VOD"],
      [null, "Ada's controller broke"],
      [null, null],
    ]);
    expect(all[2].asset).toEqual({
      file_name: "sheet.png",
      content_type: "image/png",
      byte_size: 16,
    });
    expect(all[2].id).toBe(upload.id);
    expect(await listed("B")).toEqual([]);

    const refused = await sb.run(["attachment", "delete", "cup", "A", String(all[0].id)]);
    expect(refused.code).toBe(2);
    expect(await listed()).toHaveLength(3);
    const deleted = ok(
      await sb.run(["attachment", "delete", "cup", "A", String(all[0].id), "--yes", "--json"]),
    );
    expect(deleted.json()).toEqual({ id: all[0].id, deleted: true });
    expect((await listed()).map((a) => a.id)).toEqual([all[1].id, all[2].id]);
    const table = ok(await sb.run(["attachment", "list", "cup", "B"], { tty: true }));
    expect(table.stderr).toContain("match B has no attachments");
  });

  it("refuses attachments when the tournament does not accept them", async () => {
    await started([]);
    const r = await sb.run(["attachment", "add", "cup", "A", "--url", "https://vod.example/a"]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("accept_attachments");
    expect(await listed()).toEqual([]);
  });

  it("refuses a fifth attachment on a match", async () => {
    await started(ACCEPT);
    for (let i = 1; i <= 4; i++)
      ok(await sb.run(["attachment", "add", "cup", "A", "--description", `note ${i}`]));
    const fifth = await sb.run(["attachment", "add", "cup", "A", "--description", "note 5"]);
    expect(fifth.code).toBe(5);
    expect(fifth.stderr).toMatch(/has 4 attachments already, the most a match may have/);
    expect((await listed()).map((a) => a.description)).toEqual([
      "note 1",
      "note 2",
      "note 3",
      "note 4",
    ]);
  });

  it("refuses a file over 250 KB before sending anything; 250 KB exactly is uploaded", async () => {
    await started(ACCEPT);
    const big = join(sb.dir, "big.bin");
    writeFileSync(big, Buffer.alloc(250 * 1024 + 1, 1));
    const sent: TransportRequest[] = [];
    const r = await sb.run(["attachment", "add", "cup", "A", "--file", big], {
      makeTransport: recording(sent),
    });
    expect(r.code).toBe(2);
    // Exact bytes: "250.0 KB" looked within the limit it was over.
    expect(r.stderr).toContain(
      `--file ${big} is 256,001 bytes; an attachment file is at most 256,000 bytes (250 KB)`,
    );
    expect(r.stderr).toContain("nothing was uploaded");
    expect(sent).toEqual([]);

    const fits = join(sb.dir, "fits.bin");
    writeFileSync(fits, Buffer.alloc(250 * 1024, 1));
    ok(
      await sb.run(["attachment", "add", "cup", "A", "--file", fits], {
        makeTransport: recording(sent),
      }),
    );
    // The match's identifier looked up, then one upload.
    expect(sent.map((q) => q.method)).toEqual(["GET", "POST"]);
    expect(await listed()).toHaveLength(1);

    const missing = await sb.run(["attachment", "add", "cup", "A", "--file", join(sb.dir, "nope")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such file");
  });

  it("refuses an empty file before sending anything, exit 2 naming --file", async () => {
    await started(ACCEPT);
    const empty = join(sb.dir, "empty.png");
    writeFileSync(empty, "");
    const sent: TransportRequest[] = [];
    const r = await sb.run(["attachment", "add", "cup", "A", "--file", empty], {
      makeTransport: recording(sent),
    });
    expect(r.stderr).toBe(
      `error: --file ${empty} is empty: an attachment file needs at least one byte: nothing was uploaded\n`,
    );
    expect(r.code).toBe(2);
    expect(sent).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it("names the match by identifier or id; an unknown match exits 3", async () => {
    await started(ACCEPT);
    const b = (await viewMatch(sb, "cup", "B")).id;
    ok(await sb.run(["attachment", "add", "cup", String(b), "--description", "by id"]));
    expect((await listed("B")).map((a) => a.description)).toEqual(["by id"]);
    const unknown = await sb.run(["attachment", "list", "cup", "Z"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('no match "Z" in tournament cup');
  });
});
