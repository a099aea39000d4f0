/**
 * The device grant as `tourney login` shows it: the user code and the verification address
 * on stderr, the page opened in a browser when someone is there to see it, a spinner at a
 * terminal while the token endpoint is polled, and Ctrl-C to stop (exit 130, nothing stored).
 */

import {
  type DeviceAuthorization,
  durationText,
  MAX_WAIT_SECONDS,
  type PollClock,
  pollForToken,
  startDeviceAuthorization,
} from "../../../auth/device-grant.js";
import { type OAuthAddresses, oauthEndpoints } from "../../../auth/endpoints.js";
import { LoginInterruptedError } from "../../../auth/errors.js";
import type { FormPoster, TokenSet } from "../../../auth/token-endpoint.js";
import { CancelledError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { exitAs, listenForInterrupts, STOP_SIGNALS } from "../../interrupts.js";
import { startSpinner } from "../../output/progress.js";
import { visibleControls } from "../../output/terminal-text.js";
import { browserBlocker, openInBrowser } from "./browser.js";

/**
 * The clock and the machine, injectable for tests; the defaults are the real ones (the
 * network edge is CliDeps.oauthTransport).
 */
export interface LoginEdge {
  readonly clock?: PollClock;
  /** Ctrl-C; default: the first SIGINT stops the polling. */
  readonly signal?: AbortSignal;
  readonly openBrowser?: (url: string) => Promise<boolean>;
  readonly platform?: NodeJS.Platform;
}

export interface DeviceLoginInput {
  readonly addresses: OAuthAddresses;
  readonly scopes: readonly string[];
  /** false: --no-browser. */
  readonly browser: boolean;
}

/** Sleeps that a Ctrl-C cuts short. */
export const realClock: PollClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
    }),
};

/** An interrupted sign-in, while asking for a code or waiting for approval, exits 130. */
function interrupted(error: unknown): never {
  if (error instanceof LoginInterruptedError)
    throw new CancelledError("login interrupted: nothing was stored");
  throw error;
}

function announce(f: Factory, grant: DeviceAuthorization): void {
  const capped = grant.expiresInSeconds > MAX_WAIT_SECONDS;
  // Seconds below 2 min, never rounded up (device-grant.ts): a code valid for 2 s is said so.
  const lasts = durationText(Math.min(grant.expiresInSeconds, MAX_WAIT_SECONDS));
  const lines = [
    `To sign in, open ${grant.verificationUri} and enter the code: ${grant.userCode}`,
    ...(grant.verificationUriComplete === undefined
      ? []
      : [`  (or open ${grant.verificationUriComplete})`]),
    // The server's values tourney does not take as is (device-grant.ts), and what it does.
    ...(grant.notes ?? []).map((n) => `note: ${n}`),
    capped ? `Waiting ${lasts} at most for approval.` : `The code expires in ${lasts}.`,
  ];
  for (const line of lines) f.io.stderr.write(`${visibleControls(line)}\n`);
}

async function maybeOpen(
  f: Factory,
  grant: DeviceAuthorization,
  input: DeviceLoginInput,
  edge: LoginEdge,
) {
  if (!input.browser) return;
  const blocked = browserBlocker({
    io: f.io,
    env: f.env,
    noInput: !f.globals.input,
    platform: edge.platform ?? process.platform,
  });
  if (blocked !== undefined) return;
  const url = grant.verificationUriComplete ?? grant.verificationUri;
  const opened = await (edge.openBrowser ?? openInBrowser)(url);
  f.io.stderr.write(opened ? "Opened the page in your browser.\n" : "Could not open a browser.\n");
}

/** Runs the device grant against the profile's endpoints; the token set once approved. */
export async function deviceLogin(
  f: Factory,
  post: FormPoster,
  input: DeviceLoginInput,
  edge: LoginEdge = {},
): Promise<TokenSet> {
  const { deviceUrl, tokenUrl } = oauthEndpoints(input.addresses);
  // A busy server (503, Retry-After) is asked again, as the poll below does.
  const grant = await startDeviceAuthorization(post, deviceUrl, input.scopes, {
    clock: edge.clock ?? realClock,
    ...(edge.signal === undefined ? {} : { signal: edge.signal }),
  }).catch(interrupted);
  announce(f, grant);
  await maybeOpen(f, grant, input, edge);
  // SIGTERM and SIGHUP stop the wait as Ctrl-C does (exit 143, 129; before, an exit at once).
  const interrupts =
    edge.signal === undefined ? listenForInterrupts(() => {}, process, STOP_SIGNALS) : undefined;
  const spinner = startSpinner(f.io.stderr, "Waiting for approval (Ctrl-C to stop)");
  try {
    return await pollForToken({
      post,
      tokenUrl,
      grant,
      clock: edge.clock ?? realClock,
      signal: edge.signal ?? interrupts!.stop,
    });
  } catch (error) {
    try {
      return interrupted(error);
    } catch (said) {
      throw interrupts === undefined ? said : exitAs(said, interrupts);
    }
  } finally {
    spinner.stop();
    interrupts?.release();
  }
}
