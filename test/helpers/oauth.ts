/**
 * Driving the OAuth server of an embedded service (src/service/oauth/) as a
 * client and as a person at the sign-in page would: form-encoded requests, the
 * CSRF cookie carried from page to form, hidden fields read from the HTML.
 */
import type { HttpMethod, HttpResponse } from "../../src/model/http.js";
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../../src/model/oauth.js";
import type { Service } from "../../src/service/index.js";

export type Reply = HttpResponse & { json: any };

/** Sends one request to `service`, its body form-encoded when it is an object. */
export async function send(
  service: Service,
  method: HttpMethod,
  path: string,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await service.handle({
    method,
    path,
    headers: {
      host: "tourney.test:4870",
      ...(form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      ...headers,
    },
    ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
  });
  const json = /json/.test(response.headers["content-type"] ?? "")
    ? JSON.parse(response.body)
    : undefined;
  return { status: response.status, headers: response.headers, body: response.body, json };
}

export function deviceCode(service: Service, scope?: string): Promise<Reply> {
  return send(service, "POST", "/oauth/device/code", {
    client_id: CLI_CLIENT_ID,
    ...(scope === undefined ? {} : { scope }),
  });
}

export function pollToken(service: Service, device: string): Promise<Reply> {
  return send(service, "POST", "/oauth/token", {
    grant_type: DEVICE_CODE_GRANT_TYPE,
    device_code: device,
    client_id: CLI_CLIENT_ID,
  });
}

export function refresh(service: Service, token: string, extra: Record<string, string> = {}) {
  return send(service, "POST", "/oauth/token", {
    grant_type: "refresh_token",
    refresh_token: token,
    client_id: CLI_CLIENT_ID,
    ...extra,
  });
}

/** The value of hidden input `name` in a page. */
export function hiddenField(html: string, name: string): string | undefined {
  const m = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  return m?.[1]?.replaceAll("&amp;", "&").replaceAll("&quot;", '"');
}

/** A browser's cookie jar of one cookie: the CSRF cookie a page sets. */
export class Browser {
  cookie: string | undefined;

  constructor(private readonly service: Service) {}

  async get(path: string): Promise<Reply> {
    const reply = await send(this.service, "GET", path, undefined, this.headers());
    this.keep(reply);
    return reply;
  }

  async post(path: string, form: Record<string, string>): Promise<Reply> {
    const reply = await send(this.service, "POST", path, form, this.headers());
    this.keep(reply);
    return reply;
  }

  private headers(): Record<string, string> {
    return this.cookie === undefined ? {} : { cookie: this.cookie };
  }

  private keep(reply: Reply): void {
    const set = reply.headers["set-cookie"];
    if (set !== undefined) this.cookie = set.split(";")[0];
  }
}

/** Signs in at the device page and types `userCode`: the approval page (or the refusal). */
export async function signInDevice(
  browser: Browser,
  username: string,
  password: string,
  userCode: string,
): Promise<Reply> {
  const page = await browser.get(`/oauth/device?user_code=${encodeURIComponent(userCode)}`);
  return browser.post("/oauth/device", {
    csrf_token: hiddenField(page.body, "csrf_token") ?? "",
    username,
    password,
    user_code: userCode,
  });
}

/** Signs in and approves (or denies) the device whose user code is `userCode`. */
export async function decideDevice(
  service: Service,
  username: string,
  password: string,
  userCode: string,
  decision: "approve" | "deny" = "approve",
): Promise<Reply> {
  const browser = new Browser(service);
  const approval = await signInDevice(browser, username, password, userCode);
  if (approval.status !== 200)
    throw new Error(`sign-in refused: ${approval.status} ${approval.body}`);
  return browser.post("/oauth/device/approve", {
    csrf_token: hiddenField(approval.body, "csrf_token") ?? "",
    ticket: hiddenField(approval.body, "ticket") ?? "",
    decision,
  });
}

/** A clock the test moves by hand. */
export function handClock(start = "2026-03-01T10:00:00.000Z") {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advance(seconds: number) {
      t += seconds * 1000;
    },
  };
}
