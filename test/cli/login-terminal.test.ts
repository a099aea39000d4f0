/**
 * What `tourney login` does at a terminal and nowhere else: the browser opens only when
 * someone is at this machine (terminals, no CI, no --no-input, not over SSH, a display on
 * Linux), and the spinner draws only on a terminal's stderr. The secret masking of
 * `auth status`.
 */
import { describe, expect, it } from "vitest";
import { browserBlocker } from "../../src/cli/commands/auth/browser.js";
import { maskSecret } from "../../src/cli/commands/auth/status.js";
import { startSpinner } from "../../src/cli/output/progress.js";

const tty = { isTTY: true, write: () => true };
const pipe = { isTTY: false, write: () => true };
const stdin = (isTTY: boolean) => Object.assign({ async *[Symbol.asyncIterator]() {} }, { isTTY });
const io = { stdin: stdin(true), stdout: tty, stderr: tty };
const linux = { io, env: { DISPLAY: ":0" }, noInput: false, platform: "linux" as const };

describe("browserBlocker", () => {
  it("allows a browser at a terminal with a display", () => {
    expect(browserBlocker(linux)).toBeUndefined();
    expect(browserBlocker({ ...linux, env: { WAYLAND_DISPLAY: "wayland-0" } })).toBeUndefined();
    expect(browserBlocker({ ...linux, env: {}, platform: "darwin" })).toBeUndefined();
  });

  it("names what stops it: --no-input, CI, SSH, no terminal, no display", () => {
    expect(browserBlocker({ ...linux, noInput: true })).toBe("--no-input");
    expect(browserBlocker({ ...linux, env: { DISPLAY: ":0", CI: "true" } })).toBe("CI");
    expect(browserBlocker({ ...linux, env: { DISPLAY: ":0", CI: "false" } })).toBeUndefined();
    expect(
      browserBlocker({ ...linux, env: { DISPLAY: ":0", SSH_CONNECTION: "10.0.0.1 22" } }),
    ).toBe("SSH");
    expect(browserBlocker({ ...linux, env: { DISPLAY: ":0", SSH_TTY: "/dev/pts/1" } })).toBe("SSH");
    expect(browserBlocker({ ...linux, io: { ...io, stdin: stdin(false) } })).toBe("not a terminal");
    expect(browserBlocker({ ...linux, io: { ...io, stderr: pipe } })).toBe("not a terminal");
    expect(browserBlocker({ ...linux, env: {} })).toBe("no display");
  });
});

describe("startSpinner", () => {
  it("draws and erases its line on a terminal, writes nothing to a pipe", () => {
    let drawn = "";
    const spinner = startSpinner({ isTTY: true, write: (s: string) => (drawn += s) }, "Waiting");
    spinner.stop();
    expect(drawn).toBe("\r\x1b[2K| Waiting\r\x1b[2K");
    let piped = "";
    startSpinner({ isTTY: false, write: (s: string) => (piped += s) }, "Waiting").stop();
    expect(piped).toBe("");
  });
});

describe("maskSecret", () => {
  it("keeps 4 characters of a long secret, none of a short one", () => {
    expect(maskSecret("tat_abcdefghijklmnopqrstuvwxyz")).toBe("tat_********");
    expect(maskSecret("short-secret")).toBe("********");
  });
});
