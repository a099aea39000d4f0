/**
 * The control interface v1.0's validation (src/viewer/parse-message.ts), without a
 * browser: every action read from a good message, every kind of bad message
 * answered with the right error code, other scripts' messages ignored, and no
 * input (fuzzed) that throws.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml, viewerPage } from "../../src/viewer/page.js";
import { parseMessage } from "../../src/viewer/parse-message.js";
import { ACTIONS, eventMessage } from "../../src/viewer/protocol.js";

const msg = (fields: Record<string, unknown>) => ({ tourney: "viewer", version: "1.0", ...fields });

describe("parseMessage", () => {
  it("reads each action", () => {
    const good: Record<string, unknown>[] = [
      { action: "scrollToCoordinates", x: 10, y: -5.5 },
      { action: "scrollToMatchIdentifier", identifier: "AB", group: 2 },
      { action: "setZoomScale", scale: 0.1 },
      { action: "zoomToCoordinate", x: 1, y: 2, scale: 4 },
      { action: "zoomToMatchIdentifier", identifier: "C", scale: 2 },
      { action: "loadTheme", theme: "high-contrast", properties: { "--tv-bg": "#000" } },
      { action: "filterRounds", from: 2, to: 3 },
      { action: "filterRounds" },
      {
        action: "loadIntegrationData",
        participants: { "7": { country: "NO", avatarUrl: "https://a.example/x.png" } },
      },
      { action: "setBracketSettings", seeds: false, compact: true },
      { action: "getStatus" },
    ];
    for (const fields of good) {
      const parsed = parseMessage(msg({ ...fields, requestId: "q" }));
      expect(parsed, JSON.stringify(fields)).toMatchObject({
        kind: "action",
        action: { action: fields.action },
        requestId: "q",
      });
    }
    expect(new Set(good.map((g) => g.action))).toEqual(new Set(ACTIONS));
    expect(parseMessage(msg({ action: "getStatus", extra: 1 }))).toMatchObject({
      kind: "error",
      error: { code: "invalid_payload" },
    });
    expect(parseMessage(msg({ action: "zoomToMatchIdentifier", identifier: "C" }))).toEqual({
      kind: "action",
      action: {
        action: "zoomToMatchIdentifier",
        identifier: "C",
        group: undefined,
        scale: undefined,
      },
      requestId: undefined,
    });
  });

  it("answers bad messages with an error code and the action's name", () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ tourney: "viewer", action: "setZoomScale", scale: 1 }, "unsupported_version"],
      [{ ...msg({ action: "setZoomScale", scale: 1 }), version: "2.0" }, "unsupported_version"],
      [msg({}), "invalid_payload"],
      [msg({ action: "rm -rf" }), "unknown_action"],
      [msg({ action: "setZoomScale" }), "invalid_payload"],
      [msg({ action: "setZoomScale", scale: "2" }), "invalid_payload"],
      [msg({ action: "setZoomScale", scale: Number.NaN }), "invalid_payload"],
      [msg({ action: "setZoomScale", scale: 0.01 }), "invalid_payload"],
      [msg({ action: "setZoomScale", scale: 1, zoom: 2 }), "invalid_payload"],
      [msg({ action: "scrollToCoordinates", x: 1 }), "invalid_payload"],
      [msg({ action: "zoomToMatchIdentifier", identifier: "" }), "invalid_payload"],
      [msg({ action: "zoomToMatchIdentifier", identifier: "<img>" }), "invalid_payload"],
      [msg({ action: "scrollToMatchIdentifier", identifier: "A", group: 1.5 }), "invalid_payload"],
      [msg({ action: "loadTheme" }), "invalid_payload"],
      [msg({ action: "loadTheme", theme: "neon" }), "invalid_payload"],
      [msg({ action: "loadTheme", properties: { "--tv-bg": "red;}body{" } }), "invalid_payload"],
      [msg({ action: "loadTheme", properties: { background: "red" } }), "invalid_payload"],
      [msg({ action: "loadTheme", properties: ["--tv-bg"] }), "invalid_payload"],
      [msg({ action: "filterRounds", from: 0 }), "invalid_payload"],
      [msg({ action: "filterRounds", from: 3, to: 2 }), "invalid_payload"],
      [msg({ action: "loadIntegrationData" }), "invalid_payload"],
      [msg({ action: "loadIntegrationData", participants: { ada: {} } }), "invalid_payload"],
      [
        msg({ action: "loadIntegrationData", participants: { 1: { avatarUrl: "javascript:1" } } }),
        "invalid_payload",
      ],
      [
        msg({ action: "loadIntegrationData", participants: { 1: { country: "" } } }),
        "invalid_payload",
      ],
      [
        msg({ action: "loadIntegrationData", participants: { 1: { flag: "x" } } }),
        "invalid_payload",
      ],
      [msg({ action: "setBracketSettings", seeds: "no" }), "invalid_payload"],
    ];
    for (const [message, code] of bad) {
      const parsed = parseMessage(message);
      expect(parsed.kind, JSON.stringify(message)).toBe("error");
      if (parsed.kind !== "error") continue;
      expect(parsed.error.code, JSON.stringify(message)).toBe(code);
      expect(parsed.error.message.length).toBeGreaterThan(5);
      if (typeof message.action === "string") expect(parsed.error.action).toBe(message.action);
    }
  });

  it("ignores messages that are not for the viewer, and its own events", () => {
    for (const data of [null, undefined, "zoom", 42, [], { action: "setZoomScale", scale: 1 }])
      expect(parseMessage(data)).toEqual({ kind: "ignored" });
    expect(parseMessage(eventMessage("zoomChanged", { scale: 2 }))).toEqual({ kind: "ignored" });
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...ACTIONS, "x"), (value, action) => {
        parseMessage(value);
        const fields = typeof value === "object" && value !== null ? { ...value } : { value };
        // An `event` field makes it one of the viewer's own events (ignored).
        delete (fields as { event?: unknown }).event;
        const parsed = parseMessage({ ...fields, tourney: "viewer", version: "1.0", action });
        expect(["action", "error"]).toContain(parsed.kind);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("viewerPage", () => {
  it("escapes the title and keeps the config JSON inside its script tag", () => {
    const html = viewerPage({
      title: `Cup </script><script>alert("x")</script> & co`,
      dataUrl: "/tournaments/1/bracket/data.json?share=tv_a&b",
      eventsUrl: "/tournaments/1/bracket/events?share=tv_a",
      assetBase: "/viewer/",
    });
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("<title>Cup &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)");
    expect(html).toContain('<link rel="stylesheet" href="/viewer/viewer.css">');
    expect(html).toContain('<script defer src="/viewer/viewer.js"></script>');
    const json =
      /<script type="application\/json" id="tourney-viewer-config">(.*?)<\/script>/s.exec(
        html,
      )![1]!;
    expect(JSON.parse(json)).toEqual({
      title: `Cup </script><script>alert("x")</script> & co`,
      dataUrl: "/tournaments/1/bracket/data.json?share=tv_a&b",
      eventsUrl: "/tournaments/1/bracket/events?share=tv_a",
    });
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
  });
});
