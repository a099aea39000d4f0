/** The bracket page's links (http-viewer.ts), relative to the page itself. */

/**
 * The way from the page at `url` back to serve's root, as a relative reference ("../../"
 * from /tournaments/t/bracket): the page's links (assets, data, events) are relative, so
 * they hold behind a proxy that serves serve under a path prefix (`--public-url
 * https://host/tourney`) as without one. Before, they started with "/" and the page behind
 * such a proxy asked the proxy's root for them: a blank page (its title only).
 */
export function upToRoot(url: string): string {
  const path = url.split("?", 1)[0]!;
  return "../".repeat(Math.max(0, path.split("/").length - 2)) || "./";
}
