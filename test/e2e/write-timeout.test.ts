/**
 * A remote service slow to answer (issue 28, H4 point 1). A write that timed out after
 * it was sent is not sent again: the built CLI's `match report` through a loopback relay
 * that holds serve's answer to the first report past the profile's timeout (0.5 s) exits
 * 7, saying the outcome is unknown and which command shows it, and the report was sent
 * once (it was re-sent, refused as already complete, exit 5). A GET that times out is
 * not retried either (DESIGN.md §3: resets and 502/503/504 only): one request, exit 7.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

const HOLD_MS = 2_000;

interface Relay {
  readonly server: Server;
  readonly url: string;
  /** "PUT /v2.1/tournaments/1/matches/2.json", each request as it came. */
  readonly seen: string[];
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Forwards every request to `target`; `hold` says which answers to keep back HOLD_MS
 * after serve gave them (the change made); `never` which requests get no answer at all.
 */
async function relay(
  target: string,
  hold: (line: string, seen: readonly string[]) => boolean,
  never: (line: string) => boolean = () => false,
): Promise<Relay> {
  const seen: string[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const line = `${request.method} ${request.url}`;
    seen.push(line);
    const body = await bodyOf(request);
    if (never(line)) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string" && name !== "host" && name !== "connection")
        headers.set(name, value);
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method ?? "GET",
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = Buffer.from(await answer.arrayBuffer());
    if (hold(line, seen)) await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    if (response.destroyed) return;
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" });
    response.end(text);
  });
  server.on("clientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, seen };
}

describe.runIf(BUILT)("a remote service slow to answer", () => {
  let sandbox: ServedSandbox;
  const relays: Relay[] = [];

  beforeAll(async () => {
    sandbox = await servedSandbox("write-timeout");
  });
  afterAll(async () => {
    for (const r of relays) r.server.closeAllConnections();
    await Promise.all(relays.map((r) => new Promise((done) => r.server.close(done))));
    await sandbox.close();
  });

  /** A profile `name` on `url` with a 0.5 s response timeout, logged in with serve's key. */
  async function slowProfile(name: string, url: string) {
    const env = { ...sandbox.local, TOURNEY_PROFILE: name };
    const added = await runBinary(["profile", "add", name, "--base-url", url], sandbox.local);
    expect(added.code, added.stderr).toBe(0);
    const timeout = await runBinary(["config", "set", "timeout", "0.5"], env);
    expect(timeout.code, timeout.stderr).toBe(0);
    const login = await runBinary(
      ["auth", "login", "--api-key"],
      env,
      `${sandbox.served.apiKey}\n`,
    );
    expect(login.code, login.stderr).toBe(0);
    return env;
  }

  it("a report answered late: sent once, exit 7, the outcome unknown and how to check it", async () => {
    const remote = sandbox.remote;
    const made = await runBinary(["tournament", "create", "--name", "Slow Cup", "--json"], remote);
    expect(made.code, made.stderr).toBe(0);
    const t = String(JSON.parse(made.stdout).id);
    const added = await runBinary(["participants", "bulk-add", t], remote, "Ada\nGrace\n");
    expect(added.code, added.stderr).toBe(0);
    expect((await runBinary(["tournament", "start", t], remote)).code).toBe(0);
    const match = JSON.parse((await runBinary(["match", "view", t, "A", "--json"], remote)).stdout);

    const isReport = (line: string) => /^PUT \/v2\.1\/tournaments\/[^/]+\/matches\/\d+/.test(line);
    const slow = await relay(
      `http://127.0.0.1:${sandbox.served.port}`,
      (line, seen) => isReport(line) && seen.filter(isReport).length === 1,
    );
    relays.push(slow);
    const env = await slowProfile("slow", slow.url);
    const r = await runBinary(
      ["match", "report", t, "A", "--winner", "Ada", "--scores", "2-1"],
      env,
    );

    expect(slow.seen.filter(isReport)).toHaveLength(1);
    expect(r.code, r.stderr).toBe(7);
    const host = slow.url.replace("http://", "");
    expect(r.stderr).toBe(
      `error: PUT /v2.1/tournaments/${t}/matches/${match.id}.json was sent, then ${host} did not ` +
        "answer within 0.5 s: the outcome is unknown (the change may have been made), so it was " +
        "not sent again\n" +
        `hint: check with \`tourney match view ${t} ${match.id} --profile slow\` before trying again\n`,
    );
    // It was made: the match is complete, as the hint's command shows.
    const after = await runBinary(
      ["match", "view", t, String(match.id), "--json", "state"],
      remote,
    );
    expect(JSON.parse(after.stdout)).toEqual({ state: "complete" });
  });

  it("a GET without an answer is asked once, not three times: exit 7", async () => {
    const silent = await relay(
      `http://127.0.0.1:${sandbox.served.port}`,
      () => false,
      (line) => line.startsWith("GET /v2.1/tournaments/"),
    );
    relays.push(silent);
    const env = await slowProfile("silent", silent.url);
    const r = await runBinary(["tournament", "view", "slow_cup"], env);
    expect(r.code, r.stderr).toBe(7);
    const host = silent.url.replace("http://", "");
    expect(r.stderr).toBe(`error: ${host} did not answer within 0.5 s\n`);
    // The login's check of its key, then the one GET.
    expect(silent.seen).toEqual(["GET /v2.1/me.json", "GET /v2.1/tournaments/slow_cup.json"]);
  });
});
