/**
 * End to end: commands run side by side on one configuration folder, their stored token
 * expired, renew it once between them. Each renewal holds credentials.json.lock from reading
 * the stored refresh token until the rotated pair is stored; the others, once they hold it,
 * find the token renewed and use it. Before, each process sent the same refresh token, serve's
 * reuse rule (docs/serve.md) revoked every token of the sign-in, the commands exited 4 and
 * every later one too (an outside review: two parallel `tournament list` after the expiry).
 */
import { describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { deviceLogin, expiresAt, storedSignIn } from "../helpers/device-login.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";

const PASSWORD = "correct horse battery";
const PARALLEL = 6;

describe.runIf(BUILT)("parallel commands renewing one expired sign-in", () => {
  // Access tokens last 3 s; a device may poll every second.
  const box = useServedSandbox("parallel-renewal", [
    "--token-lifetime",
    "3",
    "--poll-interval",
    "1",
  ]);

  it("all succeed, twice, and the sign-in goes on", async () => {
    const user = await runBinary(
      ["serve", "user", "add", "ada", "--db", box.db],
      box.env,
      `${PASSWORD}\n`,
    );
    expect(user.code, user.stderr).toBe(0);
    await deviceLogin(box.env, box.base, "par", "ada", PASSWORD);
    const env = { ...box.env, TOURNEY_PROFILE: "par" };
    const created = await runBinary(["tournament", "create", "--name", "Spring Cup"], env);
    expect(created.code, created.stderr).toBe(0);
    const before = storedSignIn(box.env, "par");

    for (let round = 1; round <= 2; round++) {
      const expiry = expiresAt(box.env, "par");
      while (Date.now() <= expiry + 200) await new Promise((r) => setTimeout(r, 100));
      const list = ["tournament", "list", "--json", "name", "--jq", ".[].name"];
      const runs = await Promise.all(Array.from({ length: PARALLEL }, () => runBinary(list, env)));
      for (const run of runs) {
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        expect(run.stdout).toBe("Spring Cup\n");
      }
    }

    const after = storedSignIn(box.env, "par");
    expect(after.token).not.toBe(before.token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    const status = await runBinary(["auth", "status", "--check"], env);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain("ada");
  }, 90_000);
});
