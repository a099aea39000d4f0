/**
 * The lines `tourney serve` prints after "Listening on": where the bracket pages are, and who
 * can reach them. An outside review: serve printed only the /v2.1 address, so an organiser
 * found neither the bracket page's address nor why the phones at the event could not open it
 * (serve binds 127.0.0.1 by default: this machine only). Pure: the network interfaces are
 * passed in (node:os networkInterfaces() in serve.ts).
 */
import type { NetworkInterfaceInfo } from "node:os";

/** What os.networkInterfaces() gives: each interface's addresses. */
export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** Where serve listens and what it was told. */
export interface Reach {
  /** The address it bound, as --host gave it (127.0.0.1, localhost, 0.0.0.0, ::, ...). */
  readonly host: string;
  /** The port it listens on. */
  readonly port: number;
  /** `http://HOST:PORT`, the address it listens on. */
  readonly origin: string;
  /** --public-url: the address clients use behind a proxy. */
  readonly publicUrl?: string | undefined;
  readonly interfaces: Interfaces;
}

const LOOPBACK = new Set(["localhost", "::1", "[::1]"]);
const EVERYWHERE = new Set(["0.0.0.0", "::", "[::]"]);

function loopback(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The machine's IPv4 addresses other machines may reach (not loopback), in order. */
export function lanAddresses(interfaces: Interfaces): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === "IPv4" && !a.internal)
    .map((a) => a.address);
}

const page = (base: string) => `${base}/tournaments/{tournament}/bracket`;

/** The addresses of `hosts` on `port`: the API's and the bracket pages'. */
function atEach(hosts: readonly string[], port: number): string {
  return hosts
    .map((h) => `http://${h}:${port}/v2.1 (bracket pages: ${page(`http://${h}:${port}`)})`)
    .join(", ");
}

/** The lines, each ending in a newline. */
export function reachLines(r: Reach): string {
  const base = r.publicUrl ?? r.origin;
  const lines = [
    `Bracket pages: ${page(base)} ({tournament}: its url or id; a private one opens with its share link, \`tourney bracket T --share\`)`,
  ];
  const lan = lanAddresses(r.interfaces);
  if (loopback(r.host)) {
    const then =
      lan.length === 0
        ? " (this machine has no network address besides loopback now)"
        : `; it is then at ${atEach(lan, r.port)}`;
    lines.push(
      `Only this machine can reach it (${r.host}): phones and other machines on the network cannot.`,
      `To let them, serve with --host 0.0.0.0 (on a network you trust: anyone on it can then connect)${then}`,
    );
  } else if (EVERYWHERE.has(r.host)) {
    lines.push(
      lan.length === 0
        ? "Other machines: none can reach it yet (this machine has no network address besides loopback now)"
        : `Other machines reach it at ${atEach(lan, r.port)}`,
    );
  }
  return lines.map((l) => `${l}\n`).join("");
}
