/**
 * `tourney bracket <t> --share | --shares | --revoke-share <link>` (issue 18):
 * share links of the tournament's bracket page on `tourney serve`, a read-only
 * token that opens that one tournament's page (a private one included) and
 * nothing else, through the service's share_links extension, so on either
 * backend. The page's address is the profile's base URL on a remote profile;
 * on the embedded backend, serve's default address (where `tourney serve` on
 * this database answers it), or the loopback server of `--web`.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { NotFoundError } from "../../../client/errors.js";
import { type ShareLinksApi, shareLinksApi } from "../../../client/share-links.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { idValue } from "../../output/records.js";
import { DEFAULT_PORT } from "../serve/serve.js";

/** The page's path on serve, from the root of its address. */
export function pagePath(tournament: ApiRecord): string {
  const ref =
    typeof tournament.attributes.url === "string" ? tournament.attributes.url : tournament.id;
  return `/tournaments/${encodeURIComponent(ref)}/bracket`;
}

/** Where the page is served when nothing says otherwise: the remote base URL, or serve's default. */
export function defaultOrigin(f: Factory): { readonly origin: string; readonly local: boolean } {
  const profile = f.profile();
  if (profile.backend === "remote" && profile.baseUrl !== undefined)
    return { origin: profile.baseUrl.replace(/\/+$/, ""), local: false };
  return { origin: `http://127.0.0.1:${DEFAULT_PORT}`, local: true };
}

function links(client: ApiClient): ShareLinksApi {
  return shareLinksApi(client.requester);
}

/** A service without the extension answers 404 "no such path" (tourney's own words): say so. */
async function extension<T>(call: Promise<T>, tournament: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NotFoundError && /no such path/.test(error.message))
      throw new UsageError(
        `the service does not make share links (GET /tournaments/${tournament}/share_links: 404); \`tourney serve\` does`,
      );
    throw error;
  }
}

/** Makes a share link; its page address (origin + path + ?share=) and the record. */
export async function makeShareLink(
  client: ApiClient,
  tournament: string,
  origin: string,
): Promise<{ readonly url: string; readonly link: ApiRecord }> {
  const link = await extension(links(client).create(tournament), tournament);
  const path = String(link.attributes.page_path);
  return { url: `${origin}${path}`, link };
}

export async function runShare(f: Factory, tournament: string): Promise<void> {
  const client = await f.client();
  const { origin, local } = defaultOrigin(f);
  const { url, link } = await makeShareLink(client, tournament, origin);
  const printer = f.printer();
  if (printer.mode === "json")
    return printer.json({ id: idValue(link.id), url, ...link.attributes });
  f.io.stdout.write(`${url}\n`);
  printer.note(
    `anyone with this link sees the bracket of ${tournament}, read only; revoke it with \`tourney bracket ${tournament} --revoke-share ${link.id}\``,
  );
  if (local)
    printer.note(
      `that is the address of \`tourney serve\` on this database at its default port; elsewhere, put serve's address before ${String(link.attributes.page_path).split("?")[0]}`,
    );
}

export async function runShares(f: Factory, tournament: string): Promise<void> {
  const client = await f.client();
  const rows = await extension(links(client).list(tournament), tournament);
  await f.printer().list(
    rows.map((r) => ({ id: idValue(r.id), ...r.attributes })),
    [
      { header: "ID", value: "id" },
      { header: "ENDS WITH", value: "token_end" },
      { header: "CREATED", value: "created_at" },
      { header: "REVOKED", value: "revoked_at" },
    ],
  );
}

/** The id or token a --revoke-share value names: an id, a token, or a page address with ?share=. */
export function shareReference(value: string): string {
  const text = value.trim();
  if (/^\d+$/.test(text) || /^tv_[A-Za-z0-9_-]{32}$/.test(text)) return text;
  const inUrl = /[?&]share=(tv_[A-Za-z0-9_-]{32})(?:&|#|$)/.exec(text);
  if (inUrl !== null) return inUrl[1]!;
  throw new UsageError(
    `--revoke-share needs a share link's id (see --shares), its token (tv_...) or its address, not ${JSON.stringify(value)}`,
  );
}

export async function runRevokeShare(f: Factory, tournament: string, ref: string): Promise<void> {
  const client = await f.client();
  const link = await extension(links(client).revoke(tournament, ref), tournament);
  const printer = f.printer();
  if (printer.mode === "json") return printer.json({ id: idValue(link.id), ...link.attributes });
  // Revoking twice is no error: the link stays revoked since the first time.
  printer.note(
    `share link ${link.id} of ${tournament} is revoked (since ${String(link.attributes.revoked_at)}): its address shows nothing any more`,
  );
}
