/**
 * The bracket viewer's HTML page (issue 18). `serve` answers
 * `GET /tournaments/{t}/bracket` with this document; the browser code
 * (dist/viewer/viewer.js, bundled from src/viewer/browser/) reads the data and
 * event addresses from the JSON script tag `#tourney-viewer-config` and draws
 * the bracket into `#tourney-viewer`. No DOM types here: the Node side renders it.
 * When there is nothing to show, `viewerErrorPage` answers instead (a 404): the
 * same script, which then tells an embedding host why (`load_failed`, issue 28).
 */

export interface ViewerPageOptions {
  /** The tournament's name, shown as the page title (escaped here). */
  readonly title: string;
  /**
   * Address of the bracket data (data.json), share token appended when there is one; serve
   * gives it relative to the page ("../../tournaments/t/bracket/data.json"), so that it holds
   * behind a proxy's path prefix.
   */
  readonly dataUrl: string;
  /** Address of the bracket's server-sent event stream, share token appended likewise. */
  readonly eventsUrl: string;
  /** Where viewer.css and viewer.js are served, ending in "/" (serve: "../../viewer/", relative). */
  readonly assetBase: string;
}

/** What the page hands its script (the JSON in `#tourney-viewer-config`). */
export interface ViewerConfig {
  readonly title: string;
  readonly dataUrl: string;
  readonly eventsUrl: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON made safe inside a <script> element: no "</script>", no "<!--", and the
 * line separators older parsers choke on.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The viewer's HTML5 document. */
export function viewerPage(options: ViewerPageOptions): string {
  const base = options.assetBase.endsWith("/") ? options.assetBase : `${options.assetBase}/`;
  const config: ViewerConfig = {
    title: options.title,
    dataUrl: options.dataUrl,
    eventsUrl: options.eventsUrl,
  };
  const title = escapeHtml(options.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · bracket</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHtml(`${base}viewer.css`)}">
<script type="application/json" id="tourney-viewer-config">${scriptJson(config)}</script>
<script defer src="${escapeHtml(`${base}viewer.js`)}"></script>
</head>
<body>
<header class="tv-header"><h1 class="tv-title">${title}</h1><p class="tv-status" role="status" aria-live="polite"></p></header>
<main id="tourney-viewer" class="tv-viewport" tabindex="0" aria-label="${escapeHtml(`${options.title} bracket`)}"><noscript>The bracket needs JavaScript.</noscript></main>
</body>
</html>
`;
}

/** Why there is no bracket to show, as the asker may be told (src/service/viewer/refusals.ts). */
export type PageRefusal = "not_found" | "revoked";

/** What the error page hands its script (the JSON in `#tourney-viewer-error`). */
export interface ViewerErrorConfig {
  readonly reason: PageRefusal;
  readonly message: string;
}

const REFUSAL_TEXT: Readonly<Record<PageRefusal, string>> = {
  not_found:
    "This tournament does not exist, or it is private and this address does not carry a valid share link (a revoked link no longer opens it).",
  revoked:
    "This share link was revoked by the tournament's organiser: it no longer opens the bracket.",
};

/**
 * The page answered (404) when there is no bracket to show: the same text for every
 * outsider (issue 18), and the viewer's script, which posts `load_failed` with the
 * reason to an embedding host (issue 28). `detail` replaces the reason's text where the
 * address itself is wrong (serve's 400 for a query it cannot read).
 */
export function viewerErrorPage(reason: PageRefusal, assetBase: string, detail?: string): string {
  const base = assetBase.endsWith("/") ? assetBase : `${assetBase}/`;
  const config: ViewerErrorConfig = { reason, message: detail ?? REFUSAL_TEXT[reason] };
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No bracket here</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40em;margin:4em auto;padding:0 1em;color:#222;background:#fff}@media (prefers-color-scheme:dark){body{background:#111;color:#ddd}}</style>
<script type="application/json" id="tourney-viewer-error">${scriptJson(config)}</script>
<script defer src="${escapeHtml(`${base}viewer.js`)}"></script>
</head>
<body>
<main>
<h1>No bracket here</h1>
<p>${escapeHtml(config.message)}</p>
<p>Ask the organiser for the bracket's address: <code>tourney bracket TOURNAMENT --share</code> makes one.</p>
</main>
</body>
</html>
`;
}
