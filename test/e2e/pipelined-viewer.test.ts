/**
 * Viewer pages, data.json and event streams take their turn among a connection's pipelined
 * requests (service/pipeline-order.ts), on the built `tourney serve` over a raw loopback
 * socket. They were answered as soon as their head was parsed, ahead of a write sent before
 * them: the page and data.json behind a rename showed the old name, and an event stream
 * behind a start was opened before it and carried the start's events.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, type Served, startServe } from "../helpers/binary.js";

let served: Served;
const home = mkdtempSync(join(tmpdir(), "tourney-e2e-pipelined-viewer-"));

beforeAll(async () => {
  if (BUILT) served = await startServe([], binaryEnv(home));
}, 30_000);
afterAll(async () => {
  await served?.stop();
  rmSync(home, { recursive: true, force: true });
});

const JSON_API = "application/vnd.api+json";

/** One API request over fetch, with the key; its JSON. */
async function api(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${served.port}/v2.1${path}`, {
    method,
    headers: { authorization: served.apiKey, "content-type": JSON_API },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.json();
}

/** A request's raw text: a GET, or a write with its JSON body; `extra` header lines. */
function raw(method: string, path: string, body?: unknown, extra = ""): string {
  const text = body === undefined ? "" : JSON.stringify(body);
  return (
    `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${served.apiKey}\r\n` +
    `content-type: ${JSON_API}\r\ncontent-length: ${Buffer.byteLength(text)}\r\n${extra}\r\n${text}`
  );
}

interface Answer {
  readonly status: number;
  readonly head: string;
  readonly body: string;
}

/**
 * The answers on `socket`, in order: each with a Content-Length, or none when its number
 * is in `bodyless` (a HEAD's, a 304's). `stop` says when enough was read (the last answer
 * may be an open event stream: its text so far as `open`).
 */
function read(
  socket: Socket,
  stop: (answers: Answer[], open: string) => boolean,
  bodyless: ReadonlySet<number> = new Set(),
) {
  return new Promise<{ answers: Answer[]; open: string }>((resolve, reject) => {
    let buffered = "";
    const answers: Answer[] = [];
    socket.setEncoding("latin1");
    socket.on("error", reject);
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      for (;;) {
        const end = buffered.indexOf("\r\n\r\n");
        if (end === -1) break;
        const head = buffered.slice(0, end);
        const length = bodyless.has(answers.length)
          ? "0"
          : /content-length: (\d+)/i.exec(head)?.[1];
        if (length === undefined) break; // a stream: the rest is its text
        if (buffered.length < end + 4 + Number(length)) break;
        const body = Buffer.from(buffered.slice(end + 4, end + 4 + Number(length)), "latin1");
        answers.push({ status: Number(head.slice(9, 12)), head, body: body.toString("utf8") });
        buffered = buffered.slice(end + 4 + Number(length));
      }
      if (stop(answers, buffered)) resolve({ answers, open: buffered });
    });
  });
}

function opened(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(served.port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

const tournament = (name: string, url: string) => ({
  data: { type: "tournaments", attributes: { name, url, tournament_type: "single elimination" } },
});

describe.runIf(BUILT)("pipelined requests to the viewer and event streams", () => {
  it("a page and data.json behind a rename show the new name, after the rename's answer", async () => {
    await api("POST", "/tournaments", tournament("Before", "piped"));
    const rename = { data: { type: "tournaments", attributes: { name: "After" } } };
    const socket = await opened();
    try {
      const got = read(socket, (answers) => answers.length === 4);
      socket.write(
        raw("PUT", "/v2.1/tournaments/piped", rename) +
          raw("GET", "/tournaments/piped/bracket") +
          raw("GET", "/tournaments/piped/bracket/data.json") +
          raw("GET", "/v2.1/tournaments/piped"),
      );
      const [put, page, data, view] = (await got).answers;
      expect(put!.status).toBe(200);
      expect(JSON.parse(put!.body).data.attributes.name).toBe("After");
      expect(page!.status).toBe(200);
      expect(page!.body).toContain("<title>After");
      expect(page!.body).not.toContain("Before");
      expect(data!.status).toBe(200);
      expect(data!.body).toContain('"After"');
      expect(data!.body).not.toContain('"Before"');
      expect(JSON.parse(view!.body).data.attributes.name).toBe("After");
    } finally {
      socket.destroy();
    }
  });

  for (const events of [
    "/v2.1/tournaments/streamed{n}/events",
    "/tournaments/streamed{n}/bracket/events",
  ])
    it(`${events} behind a start opens after it: its first event is the next change's`, async () => {
      const n = events.startsWith("/v2.1") ? 1 : 2;
      const t = `/tournaments/streamed${n}`;
      await api("POST", "/tournaments", tournament(`Streamed ${n}`, `streamed${n}`));
      await api("POST", `${t}/participants/bulk_add`, {
        data: {
          type: "Participants",
          attributes: { participants: [{ name: "A" }, { name: "B" }] },
        },
      });
      const start = { data: { type: "TournamentState", attributes: { state: "start" } } };
      const socket = await opened();
      try {
        // The start's answer, then the stream's head: then a change made after it opened.
        const head = read(
          socket,
          (answers, open) => answers.length === 1 && open.includes("\r\n\r\n"),
        );
        socket.write(
          raw("PUT", `/v2.1${t}/change_state`, start) + raw("GET", events.replace("{n}", `${n}`)),
        );
        const [started] = (await head).answers;
        expect(started!.status).toBe(200);
        socket.removeAllListeners("data");
        const firstEvent = read(socket, (_, open) => open.includes("\ndata: "));
        const match = (await api("GET", `${t}/matches`)).data[0].id as string;
        await api("PUT", `${t}/matches/${match}/change_state`, {
          data: { type: "MatchState", attributes: { state: "mark_as_underway" } },
        });
        const text = (await firstEvent).open;
        const first = JSON.parse(/\ndata: (.*)\n/.exec(text)![1]!);
        expect(first.type).toBe("match.underway");
      } finally {
        socket.destroy();
      }
    });

  it("a request behind a refused, bodiless or failed viewer answer is answered, in order", async () => {
    await api("POST", "/tournaments", tournament("Refused Behind", "behind"));
    const t = "/tournaments/behind/bracket";
    const base = `http://127.0.0.1:${served.port}`;
    const tagOf = async (path: string) => (await fetch(`${base}${path}`)).headers.get("etag")!;
    const dataTag = await tagOf(`${t}/data.json`);
    const fileTag = await tagOf("/viewer/embed.js");
    // Each answered at once or later, with a refusal, a 304, a HEAD: each must let the
    // next request of the connection go on (pipeline-order.ts inTurnUntilAnswered).
    const requests: [string, string, string, number][] = [
      ["GET", "/tournaments/no_such_cup/bracket", "", 404],
      ["GET", "/tournaments/no_such_cup/bracket/data.json", "", 404],
      ["GET", "/tournaments/no_such_cup/bracket/events", "", 404],
      ["GET", `${t}?share=%E9`, "", 400],
      ["GET", `${t}/data.json?share=%ZZ`, "", 400],
      ["GET", "/v2.1/tournaments/no_such_cup/events", "", 404],
      ["GET", "/v2.1/tournaments/behind/events?since=yesterday", "", 400],
      ["DELETE", t, "", 405],
      ["GET", `${t}/data.json`, `if-none-match: ${dataTag}\r\n`, 304],
      ["GET", "/viewer/embed.js", `if-none-match: ${fileTag}\r\n`, 304],
      ["GET", "/viewer/no-such-file.js", "", 404],
      ["HEAD", t, "", 200],
      ["HEAD", `${t}/events`, "", 200],
      ["GET", "/v2.1/tournaments/behind", "", 200],
    ];
    const bodyless = new Set(
      requests.flatMap(([method, , , status], i) =>
        method === "HEAD" || status === 304 ? [i] : [],
      ),
    );
    const socket = await opened();
    try {
      const got = read(socket, (answers) => answers.length === requests.length, bodyless);
      socket.write(
        requests.map(([method, path, extra]) => raw(method, path, undefined, extra)).join(""),
      );
      const { answers } = await got;
      expect(answers.map((a) => a.status)).toEqual(requests.map(([, , , status]) => status));
      expect(JSON.parse(answers.at(-1)!.body).data.attributes.name).toBe("Refused Behind");
    } finally {
      socket.destroy();
    }
  });
});
