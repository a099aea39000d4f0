/**
 * A tournament created with `--hide-seeds` (seeding_options.hide_seeds) shows no seeds on
 * its public side: serve's `GET /tournaments/{t}/bracket/data.json`, asked with no
 * credentials, carries every participant with `seed` null (so the page, and a page
 * embedding it, have none to draw), while the API's participant records keep `seed` (the
 * contract's ParticipantOutput has it). Turning the setting off and on again through serve
 * before the start (seeding_options change only then)
 * itself (its own writes, which let a new snapshot take the participants' pages unread)
 * brings the seeds back and hides them again. Before (an outside review), data.json
 * carried the seeds whatever the setting.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DB_FILE_NAME } from "../../src/config/paths.js";
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
let ownerKey: string;
let hidden: { t: string };
let shown: { t: string };
let pending: { t: string };
const NAMES = ["Ada", "Bea", "Cyd", "Dot", "Eli"];

beforeAll(async () => {
  sb = createSandbox();
  hidden = await createWith(sb, ["--name", "Hidden", "--url", "hidden", "--hide-seeds"], NAMES);
  ok(await sb.run(["tournament", "start", hidden.t]));
  shown = await createWith(sb, ["--name", "Shown", "--url", "shown"], NAMES);
  ok(await sb.run(["tournament", "start", shown.t]));
  // seeding_options change only before the start (the service refuses it underway, 422).
  pending = await createWith(sb, ["--name", "Pending", "--url", "pending", "--hide-seeds"], NAMES);
  const dbPath = join(sb.env.TOURNEY_DATA_DIR!, DEFAULT_DB_FILE_NAME);
  service = await openService({ dbPath, requireAuth: true, busyTimeoutMs: 250 });
  ownerKey = service.createApiKey("owner");
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  service?.close();
  sb?.cleanup();
});

/** data.json's participants, by name: their seeds, asked with no credentials. */
async function publicSeeds(url: string): Promise<Record<string, unknown>> {
  const r = await fetch(`${base}/tournaments/${url}/bracket/data.json`);
  expect(r.status).toBe(200);
  const data = (await r.json()) as { participants: { attributes: Record<string, unknown> }[] };
  return Object.fromEntries(data.participants.map((p) => [p.attributes.name, p.attributes.seed]));
}

const auth = () => ({ authorization: ownerKey, "content-type": "application/vnd.api+json" });

async function hideSeeds(t: string, hide: boolean): Promise<void> {
  const body = {
    data: { type: "tournament", attributes: { seeding_options: { hide_seeds: hide } } },
  };
  const r = await fetch(`${base}/v2.1/tournaments/${t}`, {
    method: "PUT",
    headers: auth(),
    body: JSON.stringify(body),
  });
  expect(r.status, await r.clone().text()).toBe(200);
}

const SEEDED = { Ada: 1, Bea: 2, Cyd: 3, Dot: 4, Eli: 5 };
const NONE = { Ada: null, Bea: null, Cyd: null, Dot: null, Eli: null };

describe("hide_seeds on the public side", () => {
  it("data.json carries no seeds; the API's records keep them", async () => {
    expect(await publicSeeds("hidden")).toEqual(NONE);
    expect(await publicSeeds("shown")).toEqual(SEEDED);
    const r = await fetch(`${base}/v2.1/tournaments/${hidden.t}/participants`, { headers: auth() });
    const records = ((await r.json()) as { data: { attributes: { seed: number } }[] }).data;
    expect(records.map((p) => p.attributes.seed)).toEqual([1, 2, 3, 4, 5]);
  });

  it("follows the setting as serve changes it", async () => {
    expect(await publicSeeds("pending")).toEqual(NONE);
    await hideSeeds(pending.t, false);
    expect(await publicSeeds("pending")).toEqual(SEEDED);
    await hideSeeds(pending.t, true);
    expect(await publicSeeds("pending")).toEqual(NONE);
  });
});
