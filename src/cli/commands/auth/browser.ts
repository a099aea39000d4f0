/**
 * Opening the verification page in a browser during `tourney login`: only when someone is
 * at this machine to see it — stdin and stderr are terminals, prompts are allowed (not CI,
 * not --no-input, not TOURNEY_PROMPT_DISABLED), not over SSH, and on Linux and the BSDs a
 * display exists. `open` (v11) loads only then; failing to open is a note, never an error:
 * the address is on stderr already.
 */
import type { Env, IOStreams } from "../../io.js";

/** What the decision depends on (the platform is injected for tests). */
export interface BrowserContext {
  readonly io: IOStreams;
  readonly env: Env;
  /** --no-input was given. */
  readonly noInput: boolean;
  readonly platform: NodeJS.Platform;
}

const set = (env: Env, name: string): boolean => {
  const value = env[name];
  return value !== undefined && value !== "";
};

/** Why no browser is opened, or undefined when one may be. */
export function browserBlocker(c: BrowserContext): string | undefined {
  if (c.noInput) return "--no-input";
  if (set(c.env, "CI") && c.env.CI !== "false") return "CI";
  if (set(c.env, "TOURNEY_PROMPT_DISABLED")) return "TOURNEY_PROMPT_DISABLED";
  if (c.io.stdin.isTTY !== true || c.io.stderr.isTTY !== true) return "not a terminal";
  if (["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].some((name) => set(c.env, name))) return "SSH";
  const needsDisplay = c.platform !== "darwin" && c.platform !== "win32";
  if (needsDisplay && !set(c.env, "DISPLAY") && !set(c.env, "WAYLAND_DISPLAY")) return "no display";
  return undefined;
}

/** Opens `url` (an http(s) address checked by the device grant) in the default browser. */
export async function openInBrowser(url: string): Promise<boolean> {
  try {
    const { default: open } = await import("open");
    const child = await open(url, { wait: false });
    // A launcher that cannot start (no xdg-open) reports it as an event: not a crash.
    child.on("error", () => {});
    // The browser outlives us; its launcher must not keep the process alive.
    child.unref();
    return true;
  } catch {
    return false;
  }
}
