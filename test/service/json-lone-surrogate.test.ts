/**
 * A JSON escape of a lone surrogate (`"\ud800"`) is refused wherever it stands in a
 * body (issue 24, item 7): JSON.parse makes it a lone UTF-16 half, which SQLite stores
 * as U+FFFD. The field checks refused it in the text attributes they read (422); a key,
 * or a value no check reads (an ignored attribute), went through. Now the body is
 * refused first, 422 naming the JSON pointer, in v2.1 and in v1's JSON bodies; nothing
 * is written. A surrogate pair's escapes (one character, 🎉) are that character.
 * Over a real loopback server.
 */
import { describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";

const net = useLoopbackService();

/** Sends `body` as it is written (its escapes reach the server as text). */
async function send(method: string, path: string, body: string, type = "application/vnd.api+json") {
  const r = await fetch(`${net.base}${path}`, { method, headers: { "content-type": type }, body });
  const text = await r.text();
  return { status: r.status, json: text === "" ? undefined : JSON.parse(text) };
}

const names = async () => {
  const r = await fetch(`${net.base}/v2.1/tournaments?per_page=100`, {
    headers: { "content-type": "application/vnd.api+json" },
  });
  return ((await r.json()) as any).data.map((t: any) => t.attributes.name as string);
};

const create = (name: string) =>
  `{"data":{"type":"Tournaments","attributes":{"name":"${name}","tournament_type":"single elimination"}}}`;

describe("JSON escapes of lone surrogates", () => {
  it("v2.1: 422 naming the field, nothing stored; a pair is the character", async () => {
    for (const name of ["Cup \\ud800", "\\udc00 Cup", "Cup \\udf89\\ud83c"]) {
      const r = await send("POST", "/v2.1/tournaments", create(name));
      expect(r.status, name).toBe(422);
      const error = r.json.errors[0];
      expect(error.source.pointer).toBe("/data/attributes/name");
      expect(error.detail).toContain("/data/attributes/name is not well-formed Unicode text");
    }
    expect(await names()).toEqual([]);
    const paired = await send("POST", "/v2.1/tournaments", create("Cup \\ud83c\\udf89"));
    expect(paired.status).toBe(201);
    expect(await names()).toEqual(["Cup 🎉"]);
  });

  it("v2.1: in a roster (an array), a key or an ignored attribute, the pointer says where", async () => {
    const roster = `{"data":{"type":"Participants","attributes":{"participants":[{"name":"Ada"},{"name":"B\\ud800b"}]}}}`;
    const r = await send("POST", "/v2.1/tournaments/1/participants/bulk_add", roster);
    expect(r.status).toBe(422);
    expect(r.json.errors[0].source.pointer).toBe("/data/attributes/participants/1/name");
    for (const [extra, pointer] of [
      ['"x\\ud800":1', "/data/attributes"],
      ['"colour":"r\\udc00d"', "/data/attributes/colour"],
      ['"misc":{"a/b~":["\\ud800"]}', "/data/attributes/misc/a~1b~0/0"],
    ]) {
      const body = `{"data":{"type":"Tournaments","attributes":{"name":"K","tournament_type":"swiss",${extra}}}}`;
      const k = await send("POST", "/v2.1/tournaments", body);
      expect(k.status, extra).toBe(422);
      expect(k.json.errors[0].source.pointer).toBe(pointer);
    }
    const list = await fetch(`${net.base}/v2.1/tournaments/1/participants`, {
      headers: { "content-type": "application/vnd.api+json" },
    });
    expect(((await list.json()) as any).data).toEqual([]);
    expect(await names()).toEqual(["Cup 🎉"]);
  });

  it("v1: a JSON body's lone surrogate is a 422 naming the field, nothing stored", async () => {
    const key = net.service.createApiKey("v1 script");
    for (const [tournament, field] of [
      ['{"name":"Old \\ud800 Cup"}', "/tournament/name"],
      ['{"name":"Old Cup","colour":"\\udc00"}', "/tournament/colour"],
    ]) {
      const body = `{"tournament":${tournament}}`;
      const r = await send("POST", `/v1/tournaments.json?api_key=${key}`, body, "application/json");
      expect(r.status, body).toBe(422);
      expect(r.json.errors[0]).toContain(`${field} is not well-formed Unicode text`);
    }
    expect(await names()).toEqual(["Cup 🎉"]);
  });
});
