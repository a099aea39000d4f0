/** A `tourney tournament publish` through the built binary, killed or interrupted at its n-th write request. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { BIN, runBinary } from "./binary.js";

/**
 * Starts a publish (--verbose: each request logged on stderr before it is sent) and
 * kills it with SIGKILL when its `nth` write (POST, PUT, DELETE) is being sent: a
 * moment drawn from the progress of the publish, not from the clock, so the same
 * seed cuts at the same step on any machine. Resolves with how it ended.
 */
export function publishKilledAt(
  env: Record<string, string>,
  url: string,
  nth: number,
): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, "tournament", "publish", url, "--to", "lan", "--verbose"],
      { env, stdio: ["ignore", "ignore", "pipe"] },
    );
    let writes = 0;
    let text = "";
    child.stderr!.on("data", (d) => {
      text += d;
      const lines = text.split("\n");
      text = lines.pop() ?? "";
      for (const line of lines)
        if (/^> (POST|PUT|DELETE) /.test(line) && ++writes === nth) child.kill("SIGKILL");
    });
    child.on("exit", (code, signal) => resolve(signal ?? `exit ${code}`));
  });
}

/**
 * A loopback relay to `target` (serve's base URL) that, as the `nth` write (POST, PUT,
 * DELETE) of a publish through it arrives, calls `atNth` and waits for what it returns
 * before passing that write on: the publish cannot get past it meanwhile.
 */
async function holdingRelay(
  target: string,
  nth: number,
  atNth: () => Promise<void>,
): Promise<{ url: string; close: () => Promise<void> }> {
  let writes = 0;
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (/^(POST|PUT|DELETE)$/.test(request.method ?? "") && ++writes === nth) await atNth();
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
        headers.set(name, value);
    const body = Buffer.concat(chunks);
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method ?? "GET",
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = Buffer.from(await answer.arrayBuffer());
    const back: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!["connection", "keep-alive", "transfer-encoding", "content-length"].includes(name))
        back[name] = value;
    });
    if (response.destroyed) return;
    response.writeHead(answer.status, back);
    response.end(text);
  });
  server.on("clientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The same publish interrupted with SIGINT (Ctrl-C) while its `nth` write is in flight:
 * resolves with its exit code and stderr. The publish goes to `target` (serve's base URL,
 * logged in with `apiKey`) through a relay that holds that write until the publish has
 * said it saw the Ctrl-C ("Interrupted: stopping after the request in flight"). Sent as
 * the write's line showed on stderr, the signal raced the publish: a test process 150 ms
 * late found 'sigint_late' (12th of 23 writes) published whole and exited 0.
 */
export async function publishInterruptedAt(
  env: Record<string, string>,
  url: string,
  nth: number,
  target: string,
  apiKey: string,
): Promise<{ code: number | null; stderr: string }> {
  let child: ChildProcess | undefined;
  let all = "";
  let exited = false;
  let onOutput = () => {};
  const relay = await holdingRelay(target, nth, async () => {
    child!.kill("SIGINT");
    while (!exited && !all.includes("Interrupted: stopping after the request in flight"))
      await new Promise<void>((resolve) => {
        onOutput = resolve;
      });
  });
  try {
    const profile = `held${nth}`;
    const added = await runBinary(["profile", "add", profile, "--base-url", relay.url], env);
    if (added.code !== 0) throw new Error(`profile add: ${added.stderr}`);
    const login = await runBinary(
      ["auth", "login", "--api-key"],
      { ...env, TOURNEY_PROFILE: profile },
      `${apiKey}\n`,
    );
    if (login.code !== 0) throw new Error(`auth login: ${login.stderr}`);
    return await new Promise((resolve) => {
      child = spawn(process.execPath, [BIN, "tournament", "publish", url, "--to", profile], {
        env,
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr!.on("data", (d) => {
        all += d;
        onOutput();
      });
      child.on("close", (code) => {
        exited = true;
        onOutput();
        resolve({ code, stderr: all });
      });
    });
  } finally {
    await relay.close();
  }
}
