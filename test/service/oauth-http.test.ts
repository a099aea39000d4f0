/**
 * The device grant over real HTTP (node:http, `tourney serve`'s adapter): the
 * approval page's form needs the CSRF token of its cookie, then the token works
 * as `Authorization: Bearer` with `Authorization-Type: v2`, and a token without
 * tournaments:write is refused a create with 403.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../../src/model/oauth.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { hiddenField } from "../helpers/oauth.js";
import { tournamentBody } from "../helpers/service.js";

const PASSWORD = "correct horse battery";
let service: Service;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  service = await openService({
    dbPath: ":memory:",
    requireAuth: true,
    oauth: { pollIntervalSeconds: 1 },
  });
  service.admin.addUser({ username: "ada", password: PASSWORD });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  service.close();
});

function form(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie === undefined ? {} : { cookie }),
    },
    body: new URLSearchParams(fields),
  });
}

async function deviceGrant(scope: string) {
  const started = await form("/oauth/device/code", { client_id: CLI_CLIENT_ID, scope });
  expect(started.status).toBe(200);
  const device = (await started.json()) as Record<string, string>;
  expect(device.verification_uri).toBe(`${base}/oauth/device`);
  // The person's browser: the page, its cookie, the form.
  const page = await fetch(device.verification_uri_complete!);
  const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
  const html = await page.text();
  const csrf = hiddenField(html, "csrf_token")!;
  const fields = { username: "ada", password: PASSWORD, user_code: device.user_code! };
  const approval = await form("/oauth/device", { ...fields, csrf_token: csrf }, cookie);
  expect(approval.status).toBe(200);
  const approvalHtml = await approval.text();
  const decided = await form(
    "/oauth/device/approve",
    {
      csrf_token: hiddenField(approvalHtml, "csrf_token")!,
      ticket: hiddenField(approvalHtml, "ticket")!,
      decision: "approve",
    },
    cookie,
  );
  expect(decided.status).toBe(200);
  const token = await form("/oauth/token", {
    grant_type: DEVICE_CODE_GRANT_TYPE,
    device_code: device.device_code!,
    client_id: CLI_CLIENT_ID,
  });
  expect(token.status).toBe(200);
  return (await token.json()) as { access_token: string; scope: string };
}

describe("the approval form over HTTP", () => {
  it("needs the CSRF token of the page's cookie", async () => {
    const started = (await (
      await form("/oauth/device/code", { client_id: CLI_CLIENT_ID })
    ).json()) as Record<string, string>;
    const fields = { username: "ada", password: PASSWORD, user_code: started.user_code! };
    const page = await fetch(`${base}/oauth/device`);
    const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
    const csrf = hiddenField(await page.text(), "csrf_token")!;
    expect((await form("/oauth/device", fields, cookie)).status).toBe(403);
    expect((await form("/oauth/device", { ...fields, csrf_token: csrf })).status).toBe(403);
    expect(
      (await form("/oauth/device", { ...fields, csrf_token: `${csrf}x` }, cookie)).status,
    ).toBe(403);
    const signedIn = await form("/oauth/device", { ...fields, csrf_token: csrf }, cookie);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("Approve");
  });

  it("gives a token that works as a v2 bearer, within its scopes", async () => {
    const { access_token, scope } = await deviceGrant("me tournaments:read");
    expect(scope).toBe("me tournaments:read");
    const headers = { authorization: `Bearer ${access_token}`, "authorization-type": "v2" };
    const me = await fetch(`${base}/v2.1/me`, { headers });
    expect(((await me.json()) as any).data.attributes.username).toBe("ada");
    const create = await fetch(`${base}/v2.1/tournaments`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/vnd.api+json" },
      body: JSON.stringify(tournamentBody({ name: "Nope", tournament_type: "swiss" })),
    });
    expect(create.status).toBe(403);
    expect(((await create.json()) as any).errors[0].detail).toContain("tournaments:write");
    expect(create.headers.get("www-authenticate")).toContain('scope="tournaments:write"');
  });
});
