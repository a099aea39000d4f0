/**
 * `tourney login` (device grant) against a running `serve`, approved at its sign-in page as a
 * person would (the page's CSRF cookie kept from form to form), and what it stores.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { BIN } from "./binary.js";
import { until } from "./watch-process.js";

/** A form post or get over HTTP keeping the page's CSRF cookie. */
function formBrowser() {
  let cookie = "";
  const read = async (response: Response) => {
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0]!;
    return { status: response.status, html: await response.text() };
  };
  const headers = (): Record<string, string> => (cookie === "" ? {} : { Cookie: cookie });
  return {
    get: async (url: string) => read(await fetch(url, { headers: headers() })),
    post: async (url: string, fields: Record<string, string>) =>
      read(
        await fetch(url, {
          method: "POST",
          headers: { ...headers(), "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
          redirect: "manual",
        }),
      ),
  };
}

function hidden(html: string, name: string): string {
  const found = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!found) throw new Error(`no ${name} field in: ${html}`);
  return found[1]!;
}

/** `tourney login --profile PROFILE` (device grant) at `base`, approved as `username`. */
export async function deviceLogin(
  env: Record<string, string>,
  base: string,
  profile: string,
  username: string,
  password: string,
): Promise<void> {
  const child = spawn(
    process.execPath,
    [BIN, "login", "--profile", profile, "--base-url", base, "--no-browser"],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((done) => child.on("close", done));
  await until(() => stderr, "enter the code: ", child);
  await until(() => stderr.split("enter the code: ")[1] ?? "", "\n", child);
  const [, verification, userCode] = /open (\S+) and enter the code: (\S+)\n/.exec(stderr)!;
  const browser = formBrowser();
  const page = await browser.get(`${verification}?user_code=${userCode}`);
  const approval = await browser.post(`${base}/oauth/device`, {
    csrf_token: hidden(page.html, "csrf_token"),
    username,
    password,
    user_code: userCode!,
  });
  expect(approval.status, approval.html).toBe(200);
  const decided = await browser.post(`${base}/oauth/device/approve`, {
    csrf_token: hidden(approval.html, "csrf_token"),
    ticket: hidden(approval.html, "ticket"),
    decision: "approve",
  });
  expect(decided.status).toBe(200);
  expect(await exited, stderr).toBe(0);
}

/** What credentials.json holds for `profile` (snake_case, as on disk). */
export function storedSignIn(env: Record<string, string>, profile: string): Record<string, string> {
  const file = join(env.TOURNEY_CONFIG_DIR!, "credentials.json");
  return JSON.parse(readFileSync(file, "utf8")).profiles[profile];
}

/** When the stored access token of `profile` expires (epoch ms). */
export const expiresAt = (env: Record<string, string>, profile: string): number =>
  Date.parse(storedSignIn(env, profile).expires_at!);
