/**
 * A `tourney tournament publish` through the built binary, killed or interrupted at its n-th
 * write request. The publish goes to serve through a loopback relay that holds that write
 * as it arrives, until the kill or the Ctrl-C has done its part: a moment drawn from the
 * progress of the publish, not from the clock, and one the publish cannot run past. A
 * signal sent as the write's line showed on --verbose stderr raced the publish: the test
 * process 60 ms late, kill9's cuts at the 49th and 50th of 51 writes ended 'exit 0'; 150 ms
 * late, publish-interrupt's 'sigint_late' (12th of 23) published whole.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { BIN, runBinary } from "./binary.js";
import { relayDecidingNth } from "./holding-relay.js";

/** Where the publish goes: serve's base URL and an API key it accepts. */
export interface PublishTarget {
  readonly base: string;
  readonly apiKey: string;
}

/** Profiles made for the relays so far (one each: a seed may draw the same n twice). */
let profiles = 0;

/**
 * Runs `tournament publish url` to `target` through a relay holding its `nth` write (a
 * profile of its own on the relay, logged in with the target's key). `atNth` gets the
 * publish's process and its stderr so far; it answers whether the write goes on.
 */
async function publishThrough(
  env: Record<string, string>,
  url: string,
  nth: number,
  target: PublishTarget,
  atNth: (child: ChildProcess, stderr: () => string, ended: Promise<void>) => Promise<boolean>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  let child: ChildProcess | undefined;
  let stderr = "";
  let ended = () => {};
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const relay = await relayDecidingNth(target.base, nth, () => atNth(child!, () => stderr, end));
  try {
    const profile = `held${++profiles}`;
    const added = await runBinary(["profile", "add", profile, "--base-url", relay.url], env);
    if (added.code !== 0) throw new Error(`profile add: ${added.stderr}`);
    const login = await runBinary(
      ["auth", "login", "--api-key"],
      { ...env, TOURNEY_PROFILE: profile },
      `${target.apiKey}\n`,
    );
    if (login.code !== 0) throw new Error(`auth login: ${login.stderr}`);
    return await new Promise((resolve) => {
      child = spawn(process.execPath, [BIN, "tournament", "publish", url, "--to", profile], {
        env,
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr!.on("data", (d) => {
        stderr += d;
      });
      child.on("close", (code, signal) => {
        ended();
        resolve({ code, signal, stderr });
      });
    });
  } finally {
    await relay.close();
  }
}

/**
 * A publish killed with SIGKILL as its `nth` write reaches the relay: the same seed cuts
 * at the same step on any machine. The write is then passed on when `nth` is even (the
 * target made the change, the publish never heard) and dropped when it is odd (the target
 * never saw it). Resolves with how it ended ("SIGKILL", or "exit N" had it got no nth).
 */
export async function publishKilledAt(
  env: Record<string, string>,
  url: string,
  nth: number,
  target: PublishTarget,
): Promise<string> {
  const r = await publishThrough(env, url, nth, target, async (child, _stderr, ended) => {
    child.kill("SIGKILL");
    await ended;
    return nth % 2 === 0;
  });
  return r.signal ?? `exit ${r.code}`;
}

/**
 * The same publish interrupted with SIGINT (Ctrl-C) while its `nth` write is in flight:
 * that write is passed on once the publish has said it saw the Ctrl-C ("Interrupted:
 * stopping after the request in flight"), or has ended. Resolves with its exit code and
 * stderr.
 */
export async function publishInterruptedAt(
  env: Record<string, string>,
  url: string,
  nth: number,
  target: PublishTarget,
): Promise<{ code: number | null; stderr: string }> {
  const r = await publishThrough(env, url, nth, target, async (child, stderr, ended) => {
    child.kill("SIGINT");
    let over = false;
    void ended.then(() => {
      over = true;
    });
    while (!over && !stderr().includes("Interrupted: stopping after the request in flight"))
      await new Promise((resolve) => setTimeout(resolve, 5));
    return true;
  });
  return { code: r.code, stderr: r.stderr };
}

/** The served sandbox's serve as a publish's target. */
export const targetOf = (sandbox: {
  readonly served: { readonly port: number; readonly apiKey: string };
}): PublishTarget => ({
  base: `http://127.0.0.1:${sandbox.served.port}`,
  apiKey: sandbox.served.apiKey,
});
