/**
 * Where the service's links point (issue 25): `serve --public-url URL`, or the
 * request's `Host` when it is a plain host[:port]. Pure checks, shared by the
 * `serve` command (its flag) and the service (link-base.ts).
 */

/**
 * A DNS name or IPv4 address (labels of letters, digits, hyphens; a fully qualified
 * name may end with its root's dot, `example.org.`), or a bracketed IPv6 address.
 */
const HOST_AND_PORT =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/**
 * Whether `text` is a host with an optional port, and nothing else: no path,
 * no user, no space or control character, at most 261 characters, a port from
 * 1 to 65535. A `Host` header that is not is never put into a link.
 */
export function isHostAndPort(text: string): boolean {
  if (text.length === 0 || text.length > 261) return false;
  const found = HOST_AND_PORT.exec(text);
  if (found === null) return false;
  const port = found[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  try {
    return new URL(`http://${text}/`).host !== "";
  } catch {
    return false;
  }
}

export type PublicUrl =
  | { readonly ok: true; readonly origin: string }
  | { readonly ok: false; readonly reason: string };

/**
 * `--public-url`: the address clients reach the server at (what a profile's
 * `base_url` holds), `http` or `https`, host[:port] and an optional path
 * prefix; no user, query or fragment. The links' start: without a trailing `/`.
 */
export function parsePublicUrl(text: string): PublicUrl {
  const refuse = (why: string): PublicUrl => ({
    ok: false,
    reason: `--public-url needs an address such as https://tourney.example.org or http://10.0.0.5:4870 (${why}), not ${JSON.stringify(text)}`,
  });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse("it is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return refuse("http or https");
  if (url.username !== "" || url.password !== "") return refuse("no user or password");
  if (url.search !== "" || url.hash !== "" || text.includes("?") || text.includes("#"))
    return refuse("no query or fragment");
  if (!isHostAndPort(url.host)) return refuse("a host name or address");
  const prefix = url.pathname.replace(/\/+$/, "");
  return { ok: true, origin: `${url.protocol}//${url.host}${prefix}` };
}
