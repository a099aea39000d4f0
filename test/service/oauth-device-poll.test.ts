/**
 * Polls of one device code sooner than its interval (RFC 8628 §3.5 slow_down), through
 * the in-process service on a database file with a clock the test moves: they cost no
 * write (a second connection's data_version does not move), and the interval they add to
 * stops at 60 s, also after a restart (an outside review: every early poll was an UPDATE,
 * and the interval grew without bound, 18,255 s after 3,650 polls).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openService } from "../../src/service/index.js";
import { decideDevice, deviceCode, handClock, pollToken } from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tourney-device-poll-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function serve(clock: ReturnType<typeof handClock>) {
  return openService({ dbPath: join(dir, "t.db"), requireAuth: true, now: clock.now });
}

/**
 * Counts the commits that changed the file, as another connection sees them: its
 * data_version differs after each one; `look` after every request counts them one by one.
 */
function commits() {
  const db = new Database(join(dir, "t.db"), { readonly: true });
  const version = db.prepare("PRAGMA data_version").pluck();
  let seen = version.get() as number;
  let count = 0;
  return {
    look(): number {
      const now = version.get() as number;
      if (now !== seen) count++;
      seen = now;
      return count;
    },
  };
}

describe("polling a device code sooner than its interval", () => {
  it("is answered slow_down without a write, and the interval stops growing at 60 s", async () => {
    const clock = handClock();
    const service = await serve(clock);
    const added = service.admin.addUser({ username: "ada", password: PASSWORD });
    if (!added.ok) throw new Error(added.reason);
    const device = (await deviceCode(service)).json;
    const written = commits();
    expect((await pollToken(service, device.device_code)).json.error).toBe("authorization_pending");
    expect(written.look()).toBe(1);
    const answers = new Map<string, number>();
    let last = "";
    for (let i = 0; i < 50; i++) {
      clock.advance(0.1);
      const r = await pollToken(service, device.device_code);
      answers.set(r.json.error, (answers.get(r.json.error) ?? 0) + 1);
      last = r.json.error_description;
      written.look();
    }
    expect(Object.fromEntries(answers)).toEqual({ slow_down: 50 });
    expect(written.look()).toBe(1);
    expect(last).toMatch(/wait 60 s between polls from now on$/);
    // 60 s on is on time (it was 255 s without the bound), and the sign-in goes through.
    clock.advance(60);
    expect((await pollToken(service, device.device_code)).json.error).toBe("authorization_pending");
    expect(written.look()).toBe(2);
    expect((await decideDevice(service, "ada", PASSWORD, device.user_code)).status).toBe(200);
    clock.advance(59);
    expect((await pollToken(service, device.device_code)).json.error).toBe("slow_down");
    clock.advance(60);
    const issued = await pollToken(service, device.device_code);
    expect(issued.status).toBe(200);
    expect(issued.json.token_type).toBe("Bearer");
    service.close();
  });

  it("keeps the interval written at the last poll on time across a restart", async () => {
    const clock = handClock();
    const first = await serve(clock);
    const device = (await deviceCode(first)).json;
    expect((await pollToken(first, device.device_code)).json.error).toBe("authorization_pending");
    clock.advance(1);
    expect((await pollToken(first, device.device_code)).json.error).toBe("slow_down");
    clock.advance(10);
    expect((await pollToken(first, device.device_code)).json.error).toBe("authorization_pending");
    first.close();
    const again = await serve(clock);
    clock.advance(9);
    const early = await pollToken(again, device.device_code);
    expect(early.json.error).toBe("slow_down");
    expect(early.json.error_description).toMatch(/wait 15 s between polls from now on$/);
    again.close();
  });
});
