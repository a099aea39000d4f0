/**
 * A user's new password for `serve user add|password`: asked twice (hidden) at
 * a terminal, else the first line of stdin. Never a flag: flags end up in shell
 * history and process lists.
 */
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";

export async function readNewPassword(f: Factory, username: string): Promise<string> {
  if (f.canPrompt()) {
    const password = await f.prompter().password(`Password for ${username}:`);
    const again = await f.prompter().password("The same password again:");
    if (password !== again) throw new UsageError("the two passwords differ; nothing was changed");
    return password;
  }
  if (f.io.stdin.isTTY === true) {
    throw new UsageError(
      "prompts are off (--no-input, CI or TOURNEY_PROMPT_DISABLED): pipe the password on stdin",
    );
  }
  const line = (await f.readStdin()).split(/\r?\n/)[0] ?? "";
  if (line === "") {
    throw new UsageError(
      "no password on stdin: pipe one line, the password (or pass --no-password for an account that uses API keys only)",
    );
  }
  return line;
}
