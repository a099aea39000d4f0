/**
 * A `?since=` backlog is framed once for all its readers (issue 24): readers of one
 * tournament's history are sent the same bytes, the batches framed for the first reader
 * and written as they are to the next ones, not framed again per connection.
 */
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DB_FILE_NAME } from "../../src/config/paths.js";
import { backlogFraming } from "../../src/service/http-event-stream.js";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
let service: Service;
let server: RunningServer;
let base: string;
const NAMES = Array.from({ length: 600 }, (_, i) => `Player ${i + 1}`);

const frames = (text: string) => text.split("\n\n").filter((f) => f.startsWith("id: "));

/** The stream's text until it has been quiet for 500 ms (its backlog sent), then closed. */
function readBacklog(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, (res) => {
      expect(res.statusCode).toBe(200);
      res.setEncoding("utf8");
      let text = "";
      let quiet: NodeJS.Timeout | undefined;
      const done = () => {
        res.destroy();
        resolve(text);
      };
      res.on("data", (d: string) => {
        text += d;
        clearTimeout(quiet);
        quiet = setTimeout(done, 500);
      });
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  sb = createSandbox();
  const cup = await createWith(sb, ["--name", "Frames Cup", "--url", "frames_cup"], NAMES);
  ok(await sb.run(["tournament", "start", cup.t]));
  const dbPath = join(sb.env.TOURNEY_DATA_DIR!, DEFAULT_DB_FILE_NAME);
  service = await openService({ dbPath, busyTimeoutMs: 250 });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  service?.close();
  sb?.cleanup();
});

describe("?since= backlogs", () => {
  it("are framed once for every reader of one history, the same bytes to each", async () => {
    const path = "/tournaments/frames_cup/bracket/events?since=2000-01-01T00:00:00Z";
    const before = backlogFraming.batches;
    const first = frames(await readBacklog(path));
    expect(first.length).toBeGreaterThan(256);
    const framed = backlogFraming.batches - before;
    expect(framed).toBe(Math.ceil(first.length / 256));
    const again = await Promise.all([readBacklog(path), readBacklog(path)]);
    expect(backlogFraming.batches - before).toBe(framed);
    for (const text of again) expect(frames(text)).toEqual(first);
  }, 120_000);
});
