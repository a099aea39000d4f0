/**
 * What a browser asks serve for on its own, outside any link of the bracket page: the site
 * icon (/favicon.ico, on every page load; iOS's /apple-touch-icon*.png when the page is saved
 * to a home screen) and crawlers' /robots.txt. Before, these fell through to the API, which
 * answered 401 JSON: a console error on every load of the bracket page, and a crawler told
 * to sign in. Now each is answered without a credential, for any method the viewer takes
 * (http-viewer.ts: HEAD the GET's head, OPTIONS 204, others 405):
 * - /favicon.ico: 204, no icon (the browser shows its default and logs nothing), kept a day;
 * - /apple-touch-icon.png and its sized or -precomposed forms: 404 in plain text (no icon:
 *   the device draws one from the page), kept a day;
 * - /robots.txt: every path disallowed. serve is an organiser's own server; its pages are
 *   reached by link (private ones by share links, whose token is in the URL), not by search;
 * - /.well-known/*: 404 in plain text, kept a day. serve publishes nothing there; Chrome's
 *   devtools ask /.well-known/appspecific/com.chrome.devtools.json of every page they
 *   inspect, and were answered the API's 401 JSON.
 */
import type { HttpResponse } from "../../model/http.js";

const KEPT_A_DAY = "public, max-age=86400";

const TEXT = "text/plain; charset=utf-8";

const APPLE_ICON = /^\/apple-touch-icon(?:-\d+x\d+)?(?:-precomposed)?\.png$/;

/** The path of `url`, without its query. */
function pathOf(url: string): string {
  const at = url.indexOf("?");
  return at === -1 ? url : url.slice(0, at);
}

/** Whether `url` is one of the paths a browser asks for on its own (no I/O). */
export function isBrowserAsk(url: string): boolean {
  const path = pathOf(url);
  return (
    path === "/favicon.ico" ||
    path === "/robots.txt" ||
    path.startsWith("/.well-known/") ||
    APPLE_ICON.test(path)
  );
}

/** The reply to a GET of such a path (isBrowserAsk said so). */
export function browserAskReply(url: string): HttpResponse {
  const path = pathOf(url);
  if (path === "/favicon.ico")
    return { status: 204, headers: { "cache-control": KEPT_A_DAY }, body: "" };
  if (path === "/robots.txt")
    return {
      status: 200,
      headers: { "content-type": TEXT, "cache-control": KEPT_A_DAY },
      body: "User-agent: *\nDisallow: /\n",
    };
  const body = path.startsWith("/.well-known/")
    ? "serve publishes nothing under /.well-known/\n"
    : "serve has no home-screen icon: the device draws one from the page\n";
  return { status: 404, headers: { "content-type": TEXT, "cache-control": KEPT_A_DAY }, body };
}
