/**
 * readJsonBody walks a parsed body for lone surrogates only when its text could hold one
 * (issue 27): an escaped one (`\ud800`) and one in the text itself (in process a body is
 * a JavaScript string, never decoded from bytes) are both still refused; a pair is not.
 */
import { describe, expect, it } from "vitest";
import { startService } from "../helpers/service.js";

const body = (name: string, key = "name") =>
  `{"data":{"type":"tournament","attributes":{"${key}":"${name}","tournament_type":"swiss"}}}`;

describe("a request body's lone surrogates", () => {
  it("are refused escaped or as they are, in a value or a key; a pair is kept", async () => {
    const s = await startService();
    for (const [text, pointer] of [
      [body(String.raw`Cup \ud800`), "/data/attributes/name"],
      [body(String.raw`Cup \uDBFF`), "/data/attributes/name"],
      [body("Cup \ud800"), "/data/attributes/name"],
      [body("Cup", "na\udc00me"), "/data/attributes"],
    ] as const) {
      const r = await s.request("POST", "/v2.1/tournaments", text);
      expect(r.status, text).toBe(422);
      expect(r.json.errors[0].source.pointer).toBe(pointer);
    }
    for (const name of ["Cup 😀", String.raw`Cup \ud83d\ude00`, String.raw`Cup \\ud800`]) {
      const r = await s.request("POST", "/v2.1/tournaments", body(name));
      expect(r.status, name).toBe(201);
    }
    s.service.close();
  });
});
