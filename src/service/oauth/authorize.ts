/**
 * The authorization endpoint (RFC 6749 §4.1.1, PKCE S256 required, RFC 7636):
 * GET /oauth/authorize shows who asks for what, with a sign-in form and
 * Approve / Deny; POST /oauth/authorize signs in and redirects to the client's
 * redirect_uri with `code` and `state` (or `error=access_denied`). A request with
 * an unknown client or a redirect_uri the client may not use is answered here,
 * never redirected (§4.1.2.1); other faults are redirected as errors.
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import { boundScopes, findClient, type OAuthClient } from "./clients.js";
import { csrfToken, csrfValid } from "./csrf.js";
import { OAuthError } from "./errors.js";
import { formOf, type Params, pathPrefixOf, queryOf, readScopes } from "./form.js";
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
import { CODE_SECONDS, isoAfter, newSecret, type OAuthServer } from "./server.js";
import { refusalHeaders, signIn } from "./sign-in.js";

const PAGE = "/oauth/authorize";
/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

interface AuthorizationRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  readonly scopes: string;
  readonly state: string | undefined;
  readonly codeChallenge: string;
}

/** The answer to a request that cannot be redirected. */
class NotRedirectable extends Error {}

/** A refusal sent back to the client's redirect_uri (RFC 6749 §4.1.2.1). */
class Redirected extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(description);
  }
}

function redirect(uri: string, params: Record<string, string | undefined>): HttpResponse {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return {
    status: 302,
    headers: { location: url.toString(), "cache-control": "no-store" },
    body: "",
  };
}

function optional(params: Params, name: string): string | undefined {
  try {
    return params.get(name);
  } catch {
    throw new NotRedirectable(`${name} is sent more than once`);
  }
}

/** Reads and checks the request; throws NotRedirectable or Redirected. */
function readRequest(server: OAuthServer, params: Params): AuthorizationRequest {
  const clientId = optional(params, "client_id") ?? "";
  const client = findClient(server, clientId);
  if (client === undefined)
    throw new NotRedirectable(`unknown client_id ${JSON.stringify(clientId)}`);
  const redirectUri = optional(params, "redirect_uri") ?? "";
  if (!client.redirectAllowed(redirectUri))
    throw new NotRedirectable(
      `redirect_uri ${JSON.stringify(redirectUri)} is not one of ${client.name}'s`,
    );
  const state = optional(params, "state");
  const fail = (code: string, description: string) =>
    new Redirected(code, description, redirectUri, state);
  if (optional(params, "response_type") !== "code")
    throw fail("unsupported_response_type", "response_type must be code");
  const codeChallenge = optional(params, "code_challenge") ?? "";
  if (optional(params, "code_challenge_method") !== "S256" || !CHALLENGE.test(codeChallenge))
    throw fail(
      "invalid_request",
      "PKCE is required: code_challenge with code_challenge_method S256",
    );
  let scopes: string;
  try {
    scopes = boundScopes(client, readScopes(optional(params, "scope")));
  } catch (error) {
    throw fail("invalid_scope", (error as Error).message);
  }
  return { client, redirectUri, scopes, state, codeChallenge };
}

/** Runs `answer` on the request's parameters, turning its refusals into a page or a redirect. */
function withRequest<T extends HttpResponse | Promise<HttpResponse>>(
  server: OAuthServer,
  params: () => Params,
  answer: (r: AuthorizationRequest) => T,
): HttpResponse | T {
  let request: AuthorizationRequest;
  try {
    request = readRequest(server, params());
  } catch (error) {
    // A bad escape in the query (OAuthError, form.ts): no parameter can be trusted to redirect to.
    if (error instanceof NotRedirectable || error instanceof OAuthError)
      return htmlPage(400, "Cannot sign in", `<p>${escapeHtml(error.message)}.</p>`);
    if (error instanceof Redirected) {
      return redirect(error.redirectUri, {
        error: error.code,
        error_description: error.description,
        state: error.state,
      });
    }
    throw error;
  }
  return answer(request);
}

function consentPage(
  server: OAuthServer,
  http: HttpRequest,
  r: AuthorizationRequest,
  page: { status: number; username?: string; error?: string; headers?: Record<string, string> },
): HttpResponse {
  const csrf = csrfToken(server, http);
  const fields = [
    hidden("client_id", r.client.id),
    hidden("redirect_uri", r.redirectUri),
    hidden("scope", r.scopes),
    hidden("response_type", "code"),
    hidden("code_challenge", r.codeChallenge),
    hidden("code_challenge_method", "S256"),
    r.state === undefined ? "" : hidden("state", r.state),
  ].join("\n");
  const body = `${errorLine(page.error)}
<p><strong>${escapeHtml(r.client.name)}</strong> asks to act for you, to:</p>
${scopeList(r.scopes)}
<form method="post" action="${pathPrefixOf(server, http)}${PAGE}">
${csrfField(csrf)}
${fields}
${credentialFields(page.username)}
<button type="submit" name="decision" value="approve">Sign in and approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form>`;
  return htmlPage(page.status, "Sign in", body, {
    csrf,
    formTargets: [new URL(r.redirectUri).origin],
    ...(page.headers === undefined ? {} : { headers: page.headers }),
  });
}

/** GET /oauth/authorize. */
export function authorizePage(server: OAuthServer, http: HttpRequest): HttpResponse {
  return withRequest(
    server,
    () => queryOf(http),
    (r) => consentPage(server, http, r, { status: 200 }),
  );
}

/** POST /oauth/authorize: the decision; approval needs the user's password. */
export function authorizeDecision(
  server: OAuthServer,
  http: HttpRequest,
): HttpResponse | Promise<HttpResponse> {
  const form = formOf(http);
  if (!csrfValid(server, http, form)) return csrfRefused();
  return withRequest(
    server,
    () => form,
    async (r) => {
      if (form.field("decision") !== "approve") {
        return redirect(r.redirectUri, {
          error: "access_denied",
          error_description: "the user denied the request",
          state: r.state,
        });
      }
      const username = form.field("username").trim();
      // The password is hashed off the event loop; what follows is a request turn of its own.
      const signedIn = await signIn(server, http, username, form.field("password"));
      return server.service.inRequest(() => {
        if (!signedIn.ok) {
          const headers = refusalHeaders(signedIn);
          return consentPage(server, http, r, {
            status: signedIn.status,
            username,
            error: signedIn.message,
            headers,
          });
        }
        const code = newSecret("tac_");
        const { service } = server;
        service.write(() =>
          service.accounts.requests.insertCode({
            code,
            clientId: r.client.id,
            userId: signedIn.userId,
            scopes: r.scopes,
            redirectUri: r.redirectUri,
            codeChallenge: r.codeChallenge,
            now: service.now(),
            expiresAt: isoAfter(server, CODE_SECONDS),
          }),
        );
        return redirect(r.redirectUri, { code, state: r.state });
      });
    },
  );
}
