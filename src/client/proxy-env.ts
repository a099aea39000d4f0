/**
 * Which proxy, if any, a request to the service goes through: HTTPS_PROXY for an
 * https:// service (else HTTP_PROXY), HTTP_PROXY for http://, none for a host NO_PROXY
 * names. The same rule as undici's EnvHttpProxyAgent, which sends the proxied requests
 * (remote-transport.ts); the direct ones go through node:http (direct-http.ts).
 */

/** The proxy variables (lower case first, as undici and curl read them). */
export interface ProxySettings {
  readonly httpProxy: string;
  readonly httpsProxy: string;
  readonly noProxy: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The variable a setting is read from: the lower-case one when set, else the upper-case one. */
function source(env: Env, name: string): string {
  return env[name.toLowerCase()] !== undefined ? name.toLowerCase() : name;
}

export function proxySettings(env: Env): ProxySettings {
  const read = (name: string) => env[source(env, name)] ?? "";
  return {
    httpProxy: read("HTTP_PROXY"),
    httpsProxy: read("HTTPS_PROXY"),
    noProxy: read("NO_PROXY"),
  };
}

/** A proxy requests go through, with the variable that named it (for error messages). */
export interface ProxyRoute {
  /** "http://proxy.example:3128" as the variable gives it. */
  readonly url: string;
  /** "HTTPS_PROXY", "https_proxy", "HTTP_PROXY" or "http_proxy". */
  readonly variable: string;
}

/** The proxy requests to `url` go through and where it was set, or undefined for none. */
export function proxyRoute(url: URL, env: Env): ProxyRoute | undefined {
  const settings = proxySettings(env);
  const proxy = proxyFor(url, settings);
  if (proxy === undefined) return undefined;
  const https = url.protocol === "https:" && settings.httpsProxy !== "";
  return { url: proxy, variable: source(env, https ? "HTTPS_PROXY" : "HTTP_PROXY") };
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { "http:": 80, "https:": 443 };

/** A loopback host (localhost, 127.0.0.0/8, ::1): never sent to a proxy (`tourney serve`). */
function loopback(hostname: string): boolean {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (hostname === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Whether `address` (an IP, IPv6 in brackets) is in the CIDR block `entry` ("10.0.0.0/8"). */
function inBlock(address: string, entry: string): boolean {
  const [base = "", bits = ""] = entry.split("/", 2);
  const net = process.getBuiltinModule("node:net");
  const ip = address.replace(/^\[|\]$/g, "");
  const family = net.isIP(ip);
  const block = base.replace(/^\[|\]$/g, "");
  if (family === 0 || net.isIP(block) !== family || !/^\d{1,3}$/.test(bits)) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  try {
    const list = new net.BlockList();
    list.addSubnet(block, Number(bits), type);
    return list.check(ip, type);
  } catch {
    return false; // a prefix longer than the address
  }
}

/**
 * NO_PROXY names the host: "*", host, host:port, a domain (".example.com", "*.example.com")
 * or an address block ("127.0.0.0/8", "10.0.0.0/8", "fd00::/8", as curl and Go read it). A
 * loopback host is never proxied: before, `serve` on 127.0.0.1 was asked through HTTP_PROXY.
 */
function exempt(url: URL, noProxy: string): boolean {
  if (noProxy.trim() === "*") return true;
  // url.host keeps an IPv6 address's brackets, as NO_PROXY writes it.
  const hostname = url.host.replace(/:\d*$/, "").toLowerCase();
  if (loopback(hostname)) return true;
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  for (const entry of noProxy.split(/[,\s]/)) {
    if (entry === "") continue;
    if (entry.includes("/")) {
      if (inBlock(hostname, entry)) return true;
      continue;
    }
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const host = (parsed ? parsed[1]! : entry).replace(/^\*?\./, "").toLowerCase();
    if (parsed && Number.parseInt(parsed[2]!, 10) !== port) continue;
    if (hostname === host || hostname.endsWith(`.${host}`)) return true;
  }
  return false;
}

/** The proxy URL requests to `url` go through, or undefined to connect directly. */
export function proxyFor(url: URL, settings: ProxySettings): string | undefined {
  const proxy =
    url.protocol === "https:" ? settings.httpsProxy || settings.httpProxy : settings.httpProxy;
  if (proxy === "" || exempt(url, settings.noProxy)) return undefined;
  return proxy;
}
