/**
 * Issue 14's "done when", end to end with the built binary: `tourney serve` on a loopback
 * port (fresh sandbox HOME), `tourney login --base-url ... --no-browser` as a child process
 * running the device grant, and, while it polls, this test approving the user code through
 * the approval page's HTML forms (CSRF cookie and field, sign-in, approve) as a user made with
 * `tourney serve user add`. The new profile then creates a tournament that the database
 * records as that user's, and a second user's private tournament is a 404 to it. No token of
 * the run appears in any output but `auth token`'s.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";
import { sandboxEnv } from "../helpers/served-sandbox.js";

/** A child process whose stderr is watched as it comes. */
function spawnLogin(args: readonly string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => {
    stdout += d;
  });
  const waiters: (() => void)[] = [];
  child.stderr!.on("data", (d) => {
    stderr += d;
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((done) =>
    child.on("close", (code) => {
      done(code);
      // A waiter for what never came is told it will not (waitFor throws, naming stderr).
      for (const wake of waiters.splice(0)) wake();
    }),
  );
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    /** Resolves with the first match of `pattern` in stderr, as it arrives. */
    async waitFor(pattern: RegExp): Promise<RegExpExecArray> {
      for (;;) {
        const found = pattern.exec(stderr);
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`login exited ${child.exitCode}: ${stderr}`);
        await new Promise<void>((wake) => waiters.push(wake));
      }
    },
  };
}

/** A browser without script: keeps the CSRF cookie, reads hidden fields, posts forms. */
class FormBrowser {
  cookie = "";
  async get(url: string): Promise<string> {
    return this.#read(await fetch(url, { headers: this.#headers() }));
  }
  async post(
    url: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; html: string }> {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...this.#headers(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    return { status: response.status, html: await this.#read(response) };
  }
  #headers(): Record<string, string> {
    return this.cookie === "" ? {} : { Cookie: this.cookie };
  }
  async #read(response: Response): Promise<string> {
    const set = response.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0]!;
    return response.text();
  }
}

function hiddenField(html: string, name: string): string {
  const found = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!found) throw new Error(`no ${name} field in: ${html}`);
  return found[1]!;
}

/** Approves `userCode` on the approval page as `username`: sign-in form, then Approve. */
async function approve(
  base: string,
  verification: string,
  userCode: string,
  username: string,
  password: string,
) {
  const browser = new FormBrowser();
  const signInPage = await browser.get(`${verification}?user_code=${userCode}`);
  const approval = await browser.post(`${base}/oauth/device`, {
    csrf_token: hiddenField(signInPage, "csrf_token"),
    username,
    password,
    user_code: userCode,
  });
  expect(approval.status, approval.html).toBe(200);
  expect(approval.html).toContain(`Signed in as <strong>${username}</strong>`);
  const decided = await browser.post(`${base}/oauth/device/approve`, {
    csrf_token: hiddenField(approval.html, "csrf_token"),
    ticket: hiddenField(approval.html, "ticket"),
    decision: "approve",
  });
  expect(decided.status).toBe(200);
}

/** `tourney login` as a child process, approved through the page while it polls. */
async function loginApproved(
  args: readonly string[],
  env: Record<string, string>,
  base: string,
  password: string,
) {
  const login = spawnLogin(args, env);
  const [, verification, userCode] = await login.waitFor(
    /To sign in, open (\S+) and enter the code: (\S+)\n/,
  );
  expect(verification).toBe(`${base}/oauth/device`);
  await approve(base, verification!, userCode!, "ada", password);
  expect(await login.exited, login.output().stderr).toBe(0);
  return login.output();
}

const stored = (env: Record<string, string>, profile: string) =>
  JSON.parse(readFileSync(join(env.TOURNEY_CONFIG_DIR!, "credentials.json"), "utf8")).profiles[
    profile
  ];

describe.runIf(BUILT)("tourney login (device grant) against tourney serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-login-"));
  const db = join(dir, "served.db");
  const env = sandboxEnv(dir);
  const PASSWORD = "correct horse battery";
  let served: Served;
  let base: string;
  let bobPrivate: string;
  const outputs: string[] = [];

  beforeAll(async () => {
    served = await startServe(["--db", db], env);
    base = `http://127.0.0.1:${served.port}`;
    for (const user of ["ada", "bob"]) {
      const added = await runBinary(
        ["serve", "user", "add", user, "--db", db],
        env,
        `${PASSWORD}\n`,
      );
      expect(added.code, added.stderr).toBe(0);
    }
    const key = await runBinary(["serve", "key", "create", "--user", "bob", "--db", db], env);
    expect(key.code, key.stderr).toBe(0);
    const created = await fetch(`${base}/v2.1/tournaments`, {
      method: "POST",
      headers: {
        Authorization: key.stdout.trim(),
        "Authorization-Type": "v1",
        "Content-Type": "application/vnd.api+json",
      },
      body: JSON.stringify({
        data: {
          type: "tournaments",
          attributes: {
            name: "Bob's secret cup",
            tournament_type: "single elimination",
            private: true,
          },
        },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    bobPrivate = ((await created.json()) as { data: { id: string } }).data.id;
  });
  afterAll(async () => {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // SIGTERM and SIGHUP stop the wait as Ctrl-C does (interrupts.ts STOP_SIGNALS); before,
  // main.ts ended the process at once, 143 or 129, saying nothing.
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const) {
    it(`${signal} while it waits for approval exits ${code} and stores nothing`, async () => {
      const login = spawnLogin(
        ["login", "--profile", "gone", "--base-url", base, "--no-browser"],
        env,
      );
      await login.waitFor(/enter the code: \S+\n/);
      login.child.kill(signal);
      expect(await login.exited).toBe(code);
      expect(login.output().stderr).toContain("login interrupted: nothing was stored\n");
      const profiles = await runBinary(["profile", "list", "--json"], env);
      expect(profiles.stdout).not.toContain('"gone"');
    });
  }

  it("logs in while the test approves the code, then works as that user", async () => {
    const { stdout, stderr } = await loginApproved(
      ["login", "--base-url", base, "--no-browser"],
      env,
      base,
      PASSWORD,
    );
    const profile = `127-0-0-1-${served.port}`;
    expect(stdout).toBe("");
    expect(stderr).toMatch(
      new RegExp(`Logged in to profile ${profile} \\(created, ${base}\\) as ada; scopes: me `),
    );
    outputs.push(stdout, stderr);
    expect(statSync(join(env.TOURNEY_CONFIG_DIR!, "credentials.json")).mode & 0o777).toBe(0o600);

    const created = await runBinary(
      ["tournament", "create", "--name", "Ada's cup", "--profile", profile, "--json"],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    outputs.push(created.stdout, created.stderr);
    const id = Number(JSON.parse(created.stdout).id);
    const database = new Database(db, { readonly: true });
    try {
      const owner = database
        .prepare(
          "SELECT u.username FROM tournaments t JOIN users u ON u.id = t.owner_id WHERE t.id = ?",
        )
        .get(id) as { username: string } | undefined;
      expect(owner?.username).toBe("ada");
    } finally {
      database.close();
    }

    const hidden = await runBinary(["tournament", "view", bobPrivate, "--profile", profile], env);
    expect(hidden.code).toBe(3);
    outputs.push(hidden.stdout, hidden.stderr);

    const status = await runBinary(
      ["auth", "status", "--profile", profile, "--check", "--json"],
      env,
    );
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      user: "ada",
      credentials: "token",
      refresh: "yes",
    });
    outputs.push(status.stdout, status.stderr);

    // The stored secrets appear in no output of the run; `auth token` alone prints the token.
    const secrets = stored(env, profile);
    for (const secret of [secrets.token, secrets.refresh_token]) {
      expect(secret).toMatch(/^t[a-z]{2}_/);
      for (const output of outputs) expect(output).not.toContain(secret);
    }
    const token = await runBinary(["auth", "token", "--profile", profile], env);
    expect(token.stdout).toBe(`${secrets.token}\n`);
  });

  it("waits out a busy database at its first request (503, Retry-After), then logs in", async () => {
    // Another process holds the write lock: serve answers the device-code request 503.
    const other = new Database(db);
    other.exec("BEGIN IMMEDIATE");
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      other.exec("ROLLBACK");
      other.close();
    };
    try {
      const login = spawnLogin(
        ["login", "--profile", "busy", "--base-url", base, "--no-browser", "--verbose"],
        env,
      );
      await login.waitFor(/> POST \/oauth\/device\/code\n(?:>.*\n)*< 503 /);
      release();
      const [, verification, userCode] = await login.waitFor(
        /To sign in, open (\S+) and enter the code: (\S+)\n/,
      );
      await approve(base, verification!, userCode!, "ada", PASSWORD);
      expect(await login.exited, login.output().stderr).toBe(0);
      const { stderr } = login.output();
      expect(stderr.match(/> POST \/oauth\/device\/code\n/g)).toHaveLength(2);
      expect(stderr).toContain("Logged in to profile busy");
      expect(stored(env, "busy").token).toMatch(/^tat_/);
    } finally {
      release();
    }
  });
});

describe.runIf(BUILT)("an access token of tourney serve expiring under the CLI", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-renew-"));
  const db = join(dir, "served.db");
  const env = sandboxEnv(dir);
  const PASSWORD = "correct horse battery";
  let served: Served;
  let base: string;

  beforeAll(async () => {
    // Access tokens last 1 s; a device may poll every second.
    served = await startServe(["--db", db, "--token-lifetime", "1", "--poll-interval", "1"], env);
    base = `http://127.0.0.1:${served.port}`;
    const added = await runBinary(
      ["serve", "user", "add", "ada", "--db", db],
      env,
      `${PASSWORD}\n`,
    );
    expect(added.code, added.stderr).toBe(0);
  });
  afterAll(async () => {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("--scopes asks for fewer: a token without tournaments:write cannot create (403, exit 4)", async () => {
    const args = [
      "login",
      "--profile",
      "reader",
      "--base-url",
      base,
      "--no-browser",
      "--scopes",
      "me,tournaments:read",
    ];
    const { stderr } = await loginApproved(args, env, base, PASSWORD);
    expect(stderr).toContain("as ada; scopes: me tournaments:read\n");
    const create = await runBinary(
      ["tournament", "create", "--name", "Nope", "--profile", "reader"],
      env,
    );
    expect(create.code).toBe(4);
    expect(create.stderr).toContain("tournaments:write");
    const list = await runBinary(["tournament", "list", "--profile", "reader"], env);
    expect(list.code, list.stderr).toBe(0);
  });

  it("is renewed once and the rotated pair stored; reusing the old refresh token revokes the sign-in (exit 4)", async () => {
    const args = ["login", "--profile", "lan", "--base-url", base, "--no-browser"];
    await loginApproved(args, env, base, PASSWORD);
    const first = stored(env, "lan");
    await new Promise((done) => setTimeout(done, 1_500));

    const list = await runBinary(["tournament", "list", "--profile", "lan"], env);
    expect(list.code, list.stderr).toBe(0);
    const second = stored(env, "lan");
    expect(second.token).not.toBe(first.token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(Date.parse(second.expires_at)).toBeGreaterThan(Date.parse(first.expires_at));

    // The old refresh token again: refused, and the whole family with it.
    const reuse = await fetch(`${base}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: first.refresh_token,
        client_id: "tourney-cli",
      }),
    });
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe("invalid_grant");

    const refused = await runBinary(["tournament", "list", "--profile", "lan"], env);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain("run `tourney login --profile lan` again");
    for (const secret of [first.token, first.refresh_token, second.token, second.refresh_token])
      expect(list.stdout + list.stderr + refused.stdout + refused.stderr).not.toContain(secret);
  });
});
