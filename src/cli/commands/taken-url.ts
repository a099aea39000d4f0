/**
 * A create that gave no `--url` gets the name's slug, or `slug_2`, `slug_3`... when that
 * is taken. The new url is then said on stderr whatever the output (piped too), so that a
 * script does not go on with the other tournament's url (issue 26).
 */
import { slugFrom } from "../../model/url-slug.js";
import type { Printer } from "../output/printer.js";

export function noteTakenUrl(
  printer: Printer,
  noun: "tournament" | "race",
  asked: { readonly name: string; readonly url?: unknown },
  url: unknown,
): void {
  if (asked.url !== undefined || typeof url !== "string") return;
  const own = slugFrom(asked.name, noun);
  if (url === own) return;
  printer.note(`note: the url "${own}" is taken; this ${noun}'s url is ${url}`);
}
