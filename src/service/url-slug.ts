/** A `url` made from a name when a create request gives none: model/url-slug.ts (the CLI names it too). */
export { freeSlug } from "../model/url-slug.js";
