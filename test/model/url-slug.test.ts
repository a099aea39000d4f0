/**
 * The `url` made from a name (model/url-slug.ts: the embedded service, the remote create's
 * required url and the CLI's url-taken note all use it). Latin letters with no
 * decomposition are spelled in ASCII, no longer dropped ("Straße" was strae: an outside
 * review, I #18); the slugs of ASCII names and of accented letters stay as they were.
 */
import { describe, expect, it } from "vitest";
import { freeSlug, slugFrom } from "../../src/model/url-slug.js";

describe("slugFrom", () => {
  it("spells the letters NFKD does not take apart", () => {
    expect(slugFrom("Straße Open", "tournament")).toBe("strasse_open");
    expect(slugFrom("Łódź Masters", "tournament")).toBe("lodz_masters");
    expect(slugFrom("Øresund", "tournament")).toBe("oresund");
    expect(slugFrom("Æon Flux", "tournament")).toBe("aeon_flux");
    expect(slugFrom("Œuvre þing Đakovo", "race")).toBe("oeuvre_thing_dakovo");
    expect(slugFrom("GROẞE", "tournament")).toBe("grosse");
  });

  it("keeps the slugs it made before for ASCII names, accents and the rest", () => {
    expect(slugFrom("Spring Cup", "tournament")).toBe("spring_cup");
    expect(slugFrom("Café Crème — Série 2", "tournament")).toBe("cafe_creme_serie_2");
    expect(slugFrom("ﬁnal ①", "tournament")).toBe("final_1");
    expect(slugFrom("日本", "tournament")).toBe("tournament");
    expect(slugFrom("2024", "race")).toBe("race_2024");
    expect(freeSlug("Straße", "tournament", (u) => u === "strasse")).toBe("strasse_2");
  });
});
