/**
 * The sign-in and approval pages: plain HTML forms, no script (the CSP allows
 * none), framed by no one (clickjacking an Approve button), never cached.
 */
import type { HttpResponse } from "../../model/http.js";
import { CSRF_FIELD, type CsrfToken } from "./csrf.js";

/** What each scope lets a client do, as the approval page says it (after the contract's words). */
const SCOPE_TEXT: Readonly<Record<string, string>> = {
  me: "read your account's details",
  "tournaments:read": "read your tournaments and races",
  "tournaments:write": "create, update and delete your tournaments and races",
  "matches:read": "read the matches and race times of your tournaments and races",
  "matches:write": "report matches and race times",
  "attachments:read": "read match attachments",
  "attachments:write": "add and delete match attachments",
  "participants:read": "read participants",
  "participants:write": "add, update and remove participants",
  "communities:manage": "read and manage your communities",
};

const STYLE =
  "body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}" +
  "label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem;font-size:1rem}" +
  "button{padding:.5rem 1rem;margin:.75rem .5rem 0 0;font-size:1rem}.error{color:#a00}code{font-size:1.1rem}";

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

export function csrfField(token: CsrfToken): string {
  return hidden(CSRF_FIELD, token.field);
}

export function errorLine(message: string | undefined): string {
  return message === undefined ? "" : `<p class="error" role="alert">${escapeHtml(message)}</p>`;
}

export function scopeList(scopes: string): string {
  const items = scopes
    .split(" ")
    .map((s) => `<li><code>${escapeHtml(s)}</code>: ${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`);
  return `<ul>${items.join("")}</ul>`;
}

export function credentialFields(username = ""): string {
  return [
    `<label>Username <input name="username" value="${escapeHtml(username)}" autocomplete="username" required></label>`,
    '<label>Password <input type="password" name="password" autocomplete="current-password" required></label>',
  ].join("\n");
}

export interface PageOptions {
  readonly csrf?: CsrfToken;
  readonly headers?: Readonly<Record<string, string>>;
  /** Origins a form of the page may end up at besides this one (a client's redirect). */
  readonly formTargets?: readonly string[];
}

export function htmlPage(
  status: number,
  title: string,
  body: string,
  options: PageOptions = {},
): HttpResponse {
  const targets = ["'self'", ...(options.formTargets ?? [])].join(" ");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} - tourney</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action ${targets}; frame-ancestors 'none'; base-uri 'none'`,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    ...options.headers,
  };
  if (options.csrf?.setCookie !== undefined) headers["set-cookie"] = options.csrf.setCookie;
  return { status, headers, body: html };
}

/** The page a form sent without its CSRF token gets (nothing was done). */
export function csrfRefused(): HttpResponse {
  return htmlPage(
    403,
    "Form expired",
    "<p>This form was not sent from its page, or the page is too old. Go back, reload it and try again.</p>",
  );
}
