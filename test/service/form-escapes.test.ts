/**
 * Bad percent escapes outside the v2.1 routes (issue 24, item 7): OAuth's form bodies
 * and queries (device code, token, the sign-in forms) and the bracket page's query
 * (`?share=`). A `%ZZ`, a lone `%` or escaped bytes that are not UTF-8 (Latin-1 `%E9`)
 * is a 400 naming the field, in the shape of the surface asked: RFC 6749 §5.2's JSON
 * for OAuth's endpoints, the sign-in pages as pages, the bracket page as its refusal
 * page and its data and stream in JSON. Before, they were read as U+FFFD or literally
 * (a scope "unknown scope �", a sign-in tried as "M�ller"). Over a real loopback server.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../../src/model/oauth.js";
import { sendExactly, useLoopbackService } from "../helpers/loopback-service.js";
import { hiddenField } from "../helpers/oauth.js";
import { tournamentBody } from "../helpers/service.js";

const net = useLoopbackService();

interface Reply {
  readonly status: number;
  readonly type: string;
  readonly cookie: string | undefined;
  readonly body: string;
}

/** Sends `path` and `body` exactly as written (no normalization, no re-encoding). */
async function send(
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const r = await sendExactly(net.base, method, path, body, headers);
  if (r.stream) return { status: r.status, type: "stream", cookie: undefined, body: "" };
  return {
    status: r.status,
    type: r.headers["content-type"] ?? "",
    cookie: r.headers["set-cookie"]?.[0]?.split(";")[0],
    body: r.text,
  };
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  send("POST", path, body, { ...FORM, ...headers });

beforeAll(async () => {
  net.service.admin.addUser({ username: "ada", password: "correct horse battery" });
  const cup = tournamentBody({ name: "Cup", url: "cup", tournament_type: "single elimination" });
  const made = await send("POST", "/v2.1/tournaments", JSON.stringify(cup), {
    "content-type": "application/vnd.api+json",
  });
  expect(made.status).toBe(201);
});

/** The RFC 6749 error of `reply`: invalid_request, its description naming `field` and `written`. */
function expectOAuthRefusal(reply: Reply, field: string, written: string): void {
  expect(reply.status, reply.body).toBe(400);
  expect(reply.type).toMatch(/^application\/json/);
  const json = JSON.parse(reply.body);
  expect(json.error).toBe("invalid_request");
  expect(json.error_description).toContain(`"${field}"`);
  expect(json.error_description).toContain(written);
  expect(json.error_description).not.toContain("\uFFFD");
}

describe("OAuth form bodies with bad escapes", () => {
  const client = `client_id=${CLI_CLIENT_ID}`;

  it("device code: a Latin-1 scope and a broken client_id are invalid_request naming the field", async () => {
    expectOAuthRefusal(
      await post("/oauth/device/code", `${client}&scope=tournaments%3Aread%E9`),
      "scope",
      "%E9",
    );
    expectOAuthRefusal(
      await post("/oauth/device/code", "client_id=tourney%ZZ"),
      "client_id",
      "%ZZ",
    );
    // A good escape still reads.
    const good = await post("/oauth/device/code", `${client}&scope=tournaments%3Aread`);
    expect(good.status, good.body).toBe(200);
  });

  it("token: a device_code cut short in its UTF-8, or ending in a lone %, is invalid_request", async () => {
    const grant = `grant_type=${encodeURIComponent(DEVICE_CODE_GRANT_TYPE)}&${client}`;
    expectOAuthRefusal(
      await post("/oauth/token", `${grant}&device_code=tdc_%E0%A4`),
      "device_code",
      "%E0%A4",
    );
    expectOAuthRefusal(
      await post("/oauth/token", `${grant}&device_code=tdc_%`),
      "device_code",
      "%",
    );
  });

  it("the sign-in form: a Latin-1 username is invalid_request, not a sign-in tried as U+FFFD", async () => {
    const page = await send("GET", "/oauth/device");
    expect(page.status).toBe(200);
    const csrf = hiddenField(page.body, "csrf_token")!;
    const fields = `csrf_token=${encodeURIComponent(csrf)}&password=x&user_code=ABCD-EFGH`;
    const cookie = { cookie: page.cookie! };
    expectOAuthRefusal(
      await post("/oauth/device", `${fields}&username=M%FCller`, cookie),
      "username",
      "%FC",
    );
    expectOAuthRefusal(
      await post("/oauth/device/approve", `${fields}&decision=approve&ticket=%G1`, cookie),
      "ticket",
      "%G1",
    );
    expectOAuthRefusal(
      await post("/oauth/authorize", `${fields}&client_id=${CLI_CLIENT_ID}%FF`, cookie),
      "client_id",
      "%FF",
    );
  });

  it("a form body whose raw bytes are not UTF-8 is refused in RFC 6749's shape", async () => {
    const latin1 = Buffer.concat([Buffer.from(`${client}&scope=`), Buffer.from([0xe9])]);
    const reply = await send("POST", "/oauth/device/code", latin1, FORM);
    expect(reply.status).toBe(400);
    const json = JSON.parse(reply.body);
    expect(json.error).toBe("invalid_request");
    expect(json.error_description).toContain("not UTF-8");
  });

  it("HTTP Basic client credentials whose bytes are not UTF-8 are invalid_client saying so", async () => {
    const latin1 = Buffer.concat([
      Buffer.from("tourney-cli"),
      Buffer.from([0xe9]),
      Buffer.from(":"),
    ]);
    const reply = await post("/oauth/token", "grant_type=refresh_token&refresh_token=x", {
      authorization: `Basic ${latin1.toString("base64")}`,
    });
    expect(reply.status).toBe(401);
    const json = JSON.parse(reply.body);
    expect(json.error).toBe("invalid_client");
    expect(json.error_description).toContain("not UTF-8");
    expect(json.error_description).not.toContain("\uFFFD");
  });

  it("the sign-in pages' queries: the page, 400, naming the parameter", async () => {
    const device = await send("GET", "/oauth/device?user_code=ABCD%E9");
    expect(device.status).toBe(400);
    expect(device.type).toMatch(/^text\/html/);
    expect(device.body).toContain("&quot;user_code&quot;");
    expect(device.body).toContain("%E9");
    expect(device.body).toContain('name="user_code" value=""');
    const authorize = await send("GET", `/oauth/authorize?client_id=${CLI_CLIENT_ID}&state=%ZZ`);
    expect(authorize.status).toBe(400);
    expect(authorize.type).toMatch(/^text\/html/);
    expect(authorize.body).toContain("&quot;state&quot;");
    // A good escape still prefills the code.
    const good = await send("GET", "/oauth/device?user_code=ABCD%2DEFGH");
    expect(good.status).toBe(200);
    expect(good.body).toContain('name="user_code" value="ABCD-EFGH"');
  });
});

describe("the bracket page's ?share= with bad escapes", () => {
  it("the page answers its refusal page, 400, naming share", async () => {
    for (const path of [
      "/tournaments/1/bracket?share=%E9",
      "/tournaments/cup/bracket?share=ab%ZZ",
    ]) {
      const reply = await send("GET", path);
      expect(reply.status, path).toBe(400);
      expect(reply.type).toMatch(/^text\/html/);
      expect(reply.body).toContain("No bracket here");
      expect(reply.body).toContain("&quot;share&quot;");
    }
    expect((await send("GET", "/tournaments/1/bracket")).status).toBe(200);
  });

  it("data.json and the stream answer 400 in JSON naming the parameter", async () => {
    const paths = [
      "/tournaments/1/bracket/data.json?share=%E9",
      "/tournaments/1/bracket/events?share=%E9",
      "/tournaments/1/bracket/events?since=2026-01-01T00%3A00%3A00Z%",
    ];
    for (const path of paths) {
      const reply = await send("GET", path);
      expect(reply.status, path).toBe(400);
      const [error] = JSON.parse(reply.body).errors;
      expect(error.source.parameter).toBe(path.includes("since") ? "since" : "share");
    }
    expect((await send("GET", "/tournaments/1/bracket/data.json")).status).toBe(200);
  });
});
