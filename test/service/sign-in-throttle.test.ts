/**
 * Issue 24, item 5, as an attacker meets it over real HTTP (serve's node:http
 * adapter on loopback, the service's clock moved by hand): wrong passwords and
 * device codes sent from one client address (127.0.0.2) never lock out a person
 * at another (127.0.0.1); a pair (username, address) waits longer after each
 * failure; passwords are hashed off the event loop.
 */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { Browser, handClock, hiddenField } from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";
const ATTACKER = "127.0.0.2";
const PERSON = "127.0.0.1";

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

let running: { server: RunningServer; service: Service } | undefined;
afterEach(async () => {
  await running?.server.close();
  running?.service.close();
  running = undefined;
});

async function serve() {
  const clock = handClock();
  const service = await openService({ dbPath: ":memory:", requireAuth: true, now: clock.now });
  for (const username of ["ada", "grace"]) service.admin.addUser({ username, password: PASSWORD });
  const server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  running = { server, service };
  return { clock, port: server.port };
}

/** One request from the loopback address `from`. */
function send(
  port: number,
  from: string,
  method: string,
  path: string,
  form?: Record<string, string>,
  cookie?: string,
): Promise<Answer> {
  const body = form === undefined ? undefined : new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
          ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
          ...(cookie === undefined ? {} : { cookie }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Signs in at the device page from `from`, typing `userCode`. */
async function signIn(
  port: number,
  from: string,
  username: string,
  password: string,
  userCode = "BCDF-GHJK",
): Promise<Answer> {
  const page = await send(port, from, "GET", "/oauth/device");
  const cookie = String(page.headers["set-cookie"]).split(";")[0]!;
  const csrf = hiddenField(page.body, "csrf_token")!;
  const form = { csrf_token: csrf, username, password, user_code: userCode };
  return send(port, from, "POST", "/oauth/device", form, cookie);
}

async function deviceCode(port: number, from: string): Promise<Answer> {
  return send(port, from, "POST", "/oauth/device/code", { client_id: CLI_CLIENT_ID });
}

describe("sign-in under abuse (issue 24, item 5)", () => {
  it("100 wrong passwords for made-up usernames lock no real user out", async () => {
    const { port } = await serve();
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++)
      statuses.add((await signIn(port, ATTACKER, `nobody${i}`, "guess")).status);
    // The attacker's own address is slowed down past 20 failures...
    expect([...statuses].sort()).toEqual([401, 429]);
    // ...and no one else is: ada and grace sign in from elsewhere at once.
    const code = JSON.parse((await deviceCode(port, PERSON)).body).user_code;
    for (const user of ["ada", "grace"]) {
      const signedIn = await signIn(port, PERSON, user, PASSWORD, code);
      expect(signedIn.status, signedIn.body).toBe(200);
      expect(signedIn.body).toContain(`Signed in as <strong>${user}</strong>`);
    }
  }, 180_000);

  it("5 wrong passwords for ada from one address do not lock ada out anywhere else", async () => {
    const { port } = await serve();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await signIn(port, ATTACKER, "ada", `guess${i}`)).status);
    expect(answers).toEqual([401, 401, 401, 429, 429]);
    const code = JSON.parse((await deviceCode(port, PERSON)).body).user_code;
    const ada = await signIn(port, PERSON, "ADA", PASSWORD, code);
    expect(ada.status, ada.body).toBe(200);
  });

  it("makes a (username, address) wait longer after each further wrong password, until right", async () => {
    const { port, clock } = await serve();
    for (let i = 0; i < 3; i++)
      expect((await signIn(port, ATTACKER, "ada", "guess")).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const blocked = await signIn(port, ATTACKER, "ada", "guess");
      expect(blocked.status).toBe(429);
      expect(blocked.body).toContain("Too many wrong passwords: try again in");
      const wait = Number(blocked.headers["retry-after"]);
      waits.push(wait);
      clock.advance(wait);
      expect((await signIn(port, ATTACKER, "ada", "guess")).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The right password, once the wait is over, signs in and clears the count.
    clock.advance(16);
    const code = JSON.parse((await deviceCode(port, ATTACKER)).body).user_code;
    expect((await signIn(port, ATTACKER, "ada", PASSWORD, code)).status).toBe(200);
    expect((await signIn(port, ATTACKER, "ada", "guess")).status).toBe(401);
  });

  it("hashes passwords off the event loop: the loop turns while a password is checked", async () => {
    const service = await openService({ dbPath: ":memory:", requireAuth: true });
    service.admin.addUser({ username: "ada", password: PASSWORD });
    const browser = new Browser(service);
    const page = await browser.get("/oauth/device");
    // Turns of the event loop counted from the moment the sign-in is sent until it answers:
    // a hash on the loop (scryptSync) answers before the loop turns even once.
    let turns = 0;
    let answered = false;
    const tick = () => {
      turns++;
      if (!answered) setImmediate(tick);
    };
    setImmediate(tick);
    const reply = await browser.post("/oauth/device", {
      csrf_token: hiddenField(page.body, "csrf_token")!,
      username: "ada",
      password: "wrong password",
      user_code: "BCDF-GHJK",
    });
    answered = true;
    service.close();
    expect(reply.status).toBe(401);
    expect(turns).toBeGreaterThan(0);
  });

  it("rate-limits device codes per client address, not for everyone", async () => {
    const { port, clock } = await serve();
    for (let i = 0; i < 20; i++) expect((await deviceCode(port, ATTACKER)).status).toBe(200);
    const refused = await deviceCode(port, ATTACKER);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBe(600);
    expect(JSON.parse(refused.body).error_description).toContain("from this address");
    // Someone else still gets a code, and the attacker again ten minutes later.
    expect((await deviceCode(port, PERSON)).status).toBe(200);
    clock.advance(600);
    expect((await deviceCode(port, ATTACKER)).status).toBe(200);
  });
});
