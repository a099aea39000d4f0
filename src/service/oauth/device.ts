/**
 * The device grant (RFC 8628): POST /oauth/device/code hands a client a device
 * code and a user code; a person opens GET /oauth/device (with ?user_code= from
 * verification_uri_complete), signs in and types the code (POST /oauth/device),
 * then approves or denies the scopes asked for (POST /oauth/device/approve).
 * The client polls /oauth/token meanwhile (token.ts). The first page never says
 * whether a code is valid: only a signed-in user may try one, within the limits.
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import type { DeviceAuthorizationResponse } from "../../model/oauth.js";
import { authenticateClient, boundScopes, findClient } from "./clients.js";
import { csrfToken, csrfValid } from "./csrf.js";
import { jsonReply, OAuthError } from "./errors.js";
import { formOf, originOf, pathPrefixOf, queryOf, readScopes } from "./form.js";
import { addressKey } from "./limits.js";
import {
  credentialFields,
  csrfField,
  csrfRefused,
  errorLine,
  escapeHtml,
  hidden,
  htmlPage,
  scopeList,
} from "./pages.js";
import { isoAfter, newSecret, nowMs, type OAuthServer, purgeBefore } from "./server.js";
import { minutes, refusalHeaders, type SignIn, signIn } from "./sign-in.js";

/** RFC 8628 §6.1: consonants only (no vowels, no words), case-blind, shown as XXXX-XXXX. */
const USER_CODE_LETTERS = "BCDFGHJKLMNPQRSTVWXZ";
const USER_CODE_LENGTH = 8;
const PAGE = "/oauth/device";

function newUserCode(): string {
  const { randomInt } = process.getBuiltinModule("node:crypto");
  let code = "";
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_LETTERS[randomInt(20)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The code as typed to the stored form (upper case, dash in the middle), or undefined if it cannot be one. */
export function normalizeUserCode(typed: string): string | undefined {
  const letters = typed.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== USER_CODE_LENGTH) return undefined;
  for (const c of letters) if (!USER_CODE_LETTERS.includes(c)) return undefined;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** POST /oauth/device/code: the device authorization response (RFC 8628 §3.2). */
export function deviceAuthorization(server: OAuthServer, request: HttpRequest): HttpResponse {
  const form = formOf(request);
  const client = authenticateClient(server, request, form);
  const scopes = boundScopes(client, readScopes(form.get("scope")));
  const { service, settings, limits } = server;
  const now = nowMs(server);
  const address = addressKey(request.clientAddress);
  const wait = limits.deviceCodesPerAddress.retryAfter(address, now);
  if (wait > 0) {
    const detail = `too many device codes asked from this address; retry in ${minutes(wait)}`;
    throw new OAuthError(429, "temporarily_unavailable", detail, { "retry-after": String(wait) });
  }
  limits.deviceCodesPerAddress.count(address, now);
  const deviceCode = newSecret("tdc_");
  const userCode = newUserCode();
  service.write(() => {
    service.accounts.requests.purge(purgeBefore(server));
    service.accounts.requests.insertDevice({
      deviceCode,
      userCode,
      clientId: client.id,
      scopes,
      now: service.now(),
      expiresAt: isoAfter(server, settings.deviceCodeSeconds),
      interval: settings.pollIntervalSeconds,
    });
  });
  const uri = `${originOf(server, request)}${PAGE}`;
  const body: DeviceAuthorizationResponse = {
    device_code: deviceCode,
    user_code: userCode,
    verification_uri: uri,
    verification_uri_complete: `${uri}?user_code=${userCode}`,
    expires_in: settings.deviceCodeSeconds,
    interval: settings.pollIntervalSeconds,
  };
  return jsonReply(200, body);
}

interface SignInPage {
  readonly status: number;
  readonly username?: string;
  readonly userCode?: string;
  readonly error?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

function signInPage(server: OAuthServer, request: HttpRequest, page: SignInPage): HttpResponse {
  const csrf = csrfToken(server, request);
  const body = `${errorLine(page.error)}
<p>Sign in, then type the code your device shows.</p>
<form method="post" action="${pathPrefixOf(server, request)}${PAGE}">
${csrfField(csrf)}
${credentialFields(page.username)}
<label>Code <input name="user_code" value="${escapeHtml(page.userCode ?? "")}" autocomplete="off" autocapitalize="characters" required></label>
<button type="submit">Continue</button>
</form>`;
  return htmlPage(page.status, "Sign in a device", body, {
    csrf,
    ...(page.headers === undefined ? {} : { headers: page.headers }),
  });
}

/**
 * GET /oauth/device: the sign-in form (the user code from the query, unchecked; sent
 * twice, left for the person to type). A query whose escapes are bad: the form, 400,
 * saying which parameter.
 */
export function devicePage(server: OAuthServer, request: HttpRequest): HttpResponse {
  let userCode: string;
  try {
    userCode = queryOf(request).field("user_code");
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return signInPage(server, request, { status: 400, error: `${error.description}.` });
  }
  return signInPage(server, request, { status: 200, ...(userCode ? { userCode } : {}) });
}

function tooMany(wait: number): { status: number; error: string; headers: Record<string, string> } {
  return {
    status: 429,
    error: `Too many wrong codes: try again in ${minutes(wait)}.`,
    headers: { "retry-after": String(wait) },
  };
}

/** The pending authorization a signed-in user's typed code names, within the limits. */
function checkUserCode(
  server: OAuthServer,
  request: HttpRequest,
  userId: number,
  typed: string,
): { id: number; clientId: string; scopes: string } | ReturnType<typeof tooMany> {
  const { userCodePerUser, userCodePerAddress } = server.limits;
  const now = nowMs(server);
  const key = String(userId);
  const address = addressKey(request.clientAddress);
  const wait = Math.max(
    userCodePerUser.retryAfter(key, now),
    userCodePerAddress.retryAfter(address, now),
  );
  if (wait > 0) return tooMany(wait);
  const code = normalizeUserCode(typed);
  const row =
    code === undefined
      ? undefined
      : server.service.accounts.requests.findPendingByUserCode(code, server.service.now());
  if (row === undefined) {
    userCodePerUser.count(key, now);
    userCodePerAddress.count(address, now);
    return {
      status: 400,
      error: "That code is not valid, or it has expired: check it, or start again on the device.",
      headers: {},
    };
  }
  return { id: row.id, clientId: row.client_id, scopes: row.scopes };
}

function approvalPage(
  server: OAuthServer,
  request: HttpRequest,
  username: string,
  device: { clientId: string; scopes: string; ticket: string },
): HttpResponse {
  const csrf = csrfToken(server, request);
  const client = findClient(server, device.clientId)?.name ?? device.clientId;
  const body = `<p>Signed in as <strong>${escapeHtml(username)}</strong>.
<strong>${escapeHtml(client)}</strong> asks to act for you, to:</p>
${scopeList(device.scopes)}
<form method="post" action="${pathPrefixOf(server, request)}${PAGE}/approve">
${csrfField(csrf)}
${hidden("ticket", device.ticket)}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`;
  return htmlPage(200, "Approve the device", body, { csrf });
}

/** POST /oauth/device: signs in, checks the user code, shows what the device asks for. */
export async function deviceSignIn(
  server: OAuthServer,
  request: HttpRequest,
): Promise<HttpResponse> {
  const form = formOf(request);
  if (!csrfValid(server, request, form)) return csrfRefused();
  const username = form.field("username").trim();
  const userCode = form.field("user_code");
  const signedIn = await signIn(server, request, username, form.field("password"));
  return server.service.inRequest(() => afterSignIn(server, request, signedIn, username, userCode));
}

function afterSignIn(
  server: OAuthServer,
  request: HttpRequest,
  signedIn: SignIn,
  username: string,
  userCode: string,
): HttpResponse {
  if (!signedIn.ok) {
    const headers = refusalHeaders(signedIn);
    return signInPage(server, request, {
      status: signedIn.status,
      username,
      userCode,
      error: signedIn.message,
      headers,
    });
  }
  const found = checkUserCode(server, request, signedIn.userId, userCode);
  if ("error" in found) return signInPage(server, request, { ...found, username, userCode });
  const ticket = newSecret("tkt_");
  server.service.write(() =>
    server.service.accounts.requests.setTicket(found.id, signedIn.userId, ticket),
  );
  return approvalPage(server, request, signedIn.username, { ...found, ticket });
}

/** POST /oauth/device/approve: the signed-in user's decision, by the ticket of their approval page. */
export function deviceDecision(server: OAuthServer, request: HttpRequest): HttpResponse {
  const form = formOf(request);
  if (!csrfValid(server, request, form)) return csrfRefused();
  const decision = form.field("decision");
  const { service } = server;
  const decided = service.write(() => {
    const row = service.accounts.requests.findByTicket(form.field("ticket"), service.now());
    if (row === undefined || (decision !== "approve" && decision !== "deny")) return false;
    return service.accounts.requests.decide(row.id, decision === "approve" ? "approved" : "denied");
  });
  if (!decided) {
    return htmlPage(
      400,
      "Nothing to approve",
      `<p>This approval expired or was decided already. <a href="${pathPrefixOf(server, request)}${PAGE}">Start again</a>.</p>`,
    );
  }
  return decision === "approve"
    ? htmlPage(
        200,
        "Device approved",
        "<p>Done: go back to your device; it signs in by itself.</p>",
      )
    : htmlPage(200, "Device denied", "<p>The device was refused; nothing was shared with it.</p>");
}
