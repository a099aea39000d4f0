/**
 * The network edge toward an authorization server, for tests: a FormPoster that records
 * each form and answers from a script, a clock whose sleeps only move virtual time, and a
 * login run in process on that clock.
 */
import { join } from "node:path";
import { Readable } from "node:stream";
import type { PollClock } from "../../src/auth/device-grant.js";
import type { FormAnswer, FormPoster } from "../../src/auth/token-endpoint.js";
import { parseLogin, runLogin } from "../../src/cli/commands/auth/login.js";
import { Factory } from "../../src/cli/factory.js";
import type { Sandbox } from "../helpers/cli.js";

export interface PostedForm {
  readonly url: string;
  readonly form: Readonly<Record<string, string>>;
  /** Virtual time of the post, in milliseconds since the clock's start. */
  readonly at: number;
}

export interface StubServer {
  readonly post: FormPoster;
  readonly posts: PostedForm[];
}

export type Answer = FormAnswer | ((form: Readonly<Record<string, string>>) => FormAnswer);

/** Answers in order; a request past the script fails the test. */
export function stubServer(clock: { now(): number }, answers: Answer[]): StubServer {
  const posts: PostedForm[] = [];
  const start = clock.now();
  return {
    posts,
    async post(url, form) {
      posts.push({ url, form, at: clock.now() - start });
      const next = answers.shift();
      if (next === undefined) throw new Error(`unexpected POST ${url}`);
      return typeof next === "function" ? next(form) : next;
    },
  };
}

export interface VirtualClock extends PollClock {
  /** Every sleep asked, in milliseconds. */
  readonly sleeps: number[];
}

/** Time moves only when the code sleeps; `onSleep` runs after each (e.g. to press Ctrl-C). */
export function virtualClock(
  start = Date.UTC(2025, 0, 1),
  onSleep?: (n: number) => void,
): VirtualClock {
  let time = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => time,
    async sleep(ms) {
      sleeps.push(ms);
      time += ms;
      onSleep?.(sleeps.length);
    },
  };
}

export const pending: FormAnswer = { status: 400, body: { error: "authorization_pending" } };
export const slowDown: FormAnswer = { status: 400, body: { error: "slow_down" } };

export function granted(extra: Record<string, unknown> = {}): FormAnswer {
  return {
    status: 200,
    body: {
      access_token: "at-granted-0001",
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: "rt-granted-0001",
      scope: "me tournaments:read",
      ...extra,
    },
  };
}

/**
 * `tourney login --base-url URL --no-browser --profile lan` run in process on `sandbox`,
 * with a virtual clock: what it wrote on stderr, the error it ended with (undefined on
 * success) and the sleeps it asked for.
 */
export async function loginWithVirtualClock(
  sandbox: Sandbox,
  url: string,
): Promise<{ stderr: string; error: unknown; sleeps: number[] }> {
  let stderr = "";
  const sink = {
    isTTY: false,
    write(c: string) {
      stderr += c;
      return true;
    },
  };
  const stdin = Object.assign(Readable.from([]), { isTTY: false });
  const f = new Factory(
    {
      io: { stdout: sink, stderr: sink, stdin },
      env: sandbox.env,
      homeDir: join(sandbox.dir, "h"),
    },
    { json: false, verbose: false, input: true, yes: false, color: false },
  );
  const clock = virtualClock(Date.now());
  const o = parseLogin({ baseUrl: url, browser: false }, { profile: "lan" });
  const error = await runLogin(f, o, { clock }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { stderr, error, sleeps: clock.sleeps };
}
