/**
 * Plain ASCII is measured without string-width and cut into graphemes without the
 * segmenter (issue 27): `tourney bracket` of a 3,000-player group stage spent most of its
 * 2 s in string-width, once a grapheme on the canvas. The figures stay string-width's.
 */
import { describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock("string-width", async (original) => {
  const real = ((await original()) as { default: (text: string) => number }).default;
  return {
    default: (text: string) => {
      calls.n++;
      return real(text);
    },
  };
});

const { displayWidth, graphemes } = await import("../../src/cli/output/display-width.js");
const { Canvas } = await import("../../src/cli/bracket/canvas.js");
const realWidth = ((await vi.importActual("string-width")) as { default: (t: string) => number })
  .default;

describe("display width of plain ASCII", () => {
  it("is its length, asked of string-width for nothing else", () => {
    calls.n = 0;
    const texts = ["", " ", "~", "P1234 (seed 12)", "Winner of AB", "--+--|"];
    for (const text of texts) expect(displayWidth(text)).toBe(realWidth(text));
    const canvas = new Canvas();
    canvas.put(0, 0, "P1 (1) ---+");
    canvas.put(3, 1, "Loser of C");
    expect(canvas.height).toBe(2);
    expect(calls.n).toBe(0);
  });

  it("leaves anything else to string-width and the segmenter", () => {
    calls.n = 0;
    for (const text of ["Müller", "日本", "\u001b[1mx\u001b[0m", "a\tb", "👩‍👩‍👧 x", "a\r\nb"])
      expect(displayWidth(text)).toBe(realWidth(text));
    expect(calls.n).toBe(6);
    expect(graphemes("ab c")).toEqual(["a", "b", " ", "c"]);
    expect(graphemes("a\r\nb")).toEqual(["a", "\r\n", "b"]);
    expect(graphemes("👩‍👩‍👧x")).toEqual(["👩‍👩‍👧", "x"]);
  });
});
