/**
 * A `url` made from a name when a create request gives none (tournaments and races): the
 * service picks a free one, the CLI says when it is not the name's own (url-taken note).
 */

/**
 * Latin letters with no decomposition, written as their usual ASCII spelling. NFKD takes the
 * accents off the others (é -> e); these were dropped ("Straße" -> strae, "Łódź" -> odz: an
 * outside review, I #18). Only letters dropped before are here: no slug made before changes
 * but one that lost letters.
 */
const SPELLED: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  ø: "o",
  Ø: "o",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ı: "i",
  ħ: "h",
  Ħ: "h",
  ŧ: "t",
  Ŧ: "t",
  ŋ: "ng",
  Ŋ: "ng",
  ĸ: "k",
  ƒ: "f",
  ə: "e",
  Ə: "e",
};

/** The name's own slug ("Spring Cup" -> spring_cup), before any _2, _3 for a taken one. */
export function slugFrom(name: string, noun: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[^\w\s]/g, (c) => SPELLED[c] ?? "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "_")
    .replace(/[^a-z0-9_]/g, "")
    .slice(0, 50);
  return slug === "" || /^\d+$/.test(slug) ? `${noun}_${slug}`.replace(/_$/, "") : slug;
}

/** The name's slug, or the first of slug_2, slug_3, ... not `taken`. */
export function freeSlug(name: string, noun: string, taken: (url: string) => boolean): string {
  const base = slugFrom(name, noun);
  let candidate = base;
  for (let n = 2; taken(candidate); n++) candidate = `${base}_${n}`;
  return candidate;
}
