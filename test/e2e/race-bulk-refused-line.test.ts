/**
 * `race times bulk-update` names the file's line of a row the service refuses (an outside
 * review): the refusal's pointer into the third request of 20 (`.../elapsed_times/4/rank`)
 * is put back on the line it came from (line 46), as `participants bulk-add` does. The
 * refusal is a real one: on a remote profile (serve on loopback, reached through a loopback
 * relay), another timekeeper gives R60 rank 45 by hand between the file's second and third
 * requests, so the file's row giving R45 rank 45, checked against the round as it was read,
 * is refused by the service. Before, the message ended `(/data/attributes/elapsed_times/4/rank)`
 * with no line. A points value above the service's limit is refused by line before anything
 * is sent (before: exit 5 from the third request, naming the pointer).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const RACERS = Array.from({ length: 60 }, (_, i) => `R${i + 1}`);

/** Rows R1..R45 (lines 2..46, after the header), R45's row ending with `last`. */
function timesFile(last: string): string {
  const rows = RACERS.slice(0, 44).map((r, i) => `${r},1:00.${String(i + 1).padStart(3, "0")},,`);
  return `participant,time,points,rank\n${rows.join("\n")}\nR45,1:00.045,${last}\n`;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Relays every request to `target`; once `armed.before` is set, runs it before the third
 * bulk_update from then on (and only once).
 */
const armed: { before?: (() => Promise<void>) | undefined; bulk: number } = { bulk: 0 };
function relay(target: string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = await body(req);
    if (req.method === "POST" && /\/bulk_update(\.json)?$/.test(req.url ?? "")) {
      const before = ++armed.bulk === 3 ? armed.before : undefined;
      armed.before = before === undefined ? armed.before : undefined;
      await before?.();
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] => typeof e[1] === "string" && e[0] !== "host",
      ),
    );
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method ?? "GET",
      headers,
      ...(sent.length > 0 ? { body: sent } : {}),
    });
    const type = answer.headers.get("content-type");
    res.writeHead(answer.status, type === null ? {} : { "content-type": type });
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
}

describe.runIf(BUILT)("race times bulk-update: a refused row is named by its line", () => {
  let sb: ServedSandbox;
  let relayed: Loopback;
  let viaRelay: Record<string, string>;
  beforeAll(async () => {
    sb = await servedSandbox("race-bulk-refused-line");
    const target = `http://127.0.0.1:${sb.served.port}`;
    relayed = await startLoopback(relay(target));
    viaRelay = { ...sb.local, TOURNEY_BASE_URL: relayed.url, TOURNEY_API_KEY: sb.served.apiKey };
    for (const args of [
      ["race", "create", "--name", "TT", "--url", "tt"],
      ["race", "participants", "bulk-add", "tt"],
      ["race", "start", "tt"],
    ]) {
      const r = await runBinary(args, sb.remote, `${RACERS.join("\n")}\n`);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 60_000);
  afterAll(async () => {
    await relayed?.close();
    await sb?.close();
  });

  it("points above the service's most: refused by line before anything is sent", async () => {
    const r = await runBinary(
      ["race", "times", "bulk-update", "tt"],
      viaRelay,
      timesFile("1000001,"),
    );
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe(
      'error: the times file has problems; nothing was sent:\n  line 46: points must be a whole number from 0 to 1000000, not "1000001"\n',
    );
  }, 60_000);

  it("a row the service refuses in the third request: its line, and what was written", async () => {
    armed.bulk = 0;
    armed.before = async () => {
      // Another timekeeper, straight to serve: R60 takes rank 45 by hand.
      const other = ["race", "times", "update", "tt", "R60", "--time", "2:00", "--rank", "45"];
      const r = await runBinary(other, sb.remote);
      expect(r.code, r.stderr).toBe(0);
    };
    const r = await runBinary(["race", "times", "bulk-update", "tt"], viaRelay, timesFile(",45"));
    expect(armed.before).toBeUndefined();
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain("note: the first 40 of 45 times were written before the refusal");
    expect(r.stderr).toContain(
      `error: line 46: rank 45 in round 1 of race tt is R60's, set by hand: one rank set by hand is one racer's`,
    );
    expect(r.stderr).not.toContain("/data/attributes");
    const listed = await runBinary(["race", "times", "list", "tt", "--json"], sb.remote);
    const timed = JSON.parse(listed.stdout).filter(
      (t: { elapsedTime: number | null }) => t.elapsedTime !== null,
    );
    expect(timed).toHaveLength(41);
  }, 60_000);
});
