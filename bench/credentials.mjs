#!/usr/bin/env node
// What the credential check costs a served request (issue 14): CPU time per
// GET /v2.1/tournaments/{t} through the service's handler on a WAL file (no
// socket), with the owner's API key and with an OAuth access token got through
// the device grant. With --against REV the same is measured for another commit
// (its service bundled from `git archive REV`, API key only when it has no
// OAuth), both in this one process, rounds alternating; medians are printed.
// Usage: node bench/credentials.mjs [--against 2a7edfb] [--rounds 31] [--requests 30000]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    rounds: { type: "string", default: "31" },
    requests: { type: "string", default: "30000" },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-credentials-"));

/** The service of the checkout at `dir`, bundled as bench/engine.mjs bundles it. */
async function bundle(dir, name) {
  const outfile = join(root, "bench", "out", `credentials-${name}.mjs`);
  const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
  await build({
    entryPoints: [join(dir, "src", "service", "index.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    banner: {
      js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);",
    },
    define: { __TOURNEY_VERSION__: JSON.stringify(version) },
    logLevel: "warning",
  });
  return import(outfile);
}

function post(service, path, form, headers = {}) {
  const body = new URLSearchParams(form).toString();
  const type = { "content-type": "application/x-www-form-urlencoded" };
  return service.handleSync({ method: "POST", path, headers: { ...type, ...headers }, body });
}

const field = (html, name) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)[1];

/** An access token of the owner, through the device grant and the approval page. */
function deviceToken(service) {
  service.admin.setPassword("owner", "bench password");
  const device = JSON.parse(post(service, "/oauth/device/code", { client_id: "tourney-cli" }).body);
  const page = service.handleSync({ method: "GET", path: "/oauth/device", headers: {} });
  const cookie = { cookie: page.headers["set-cookie"].split(";")[0] };
  const signIn = { username: "owner", password: "bench password", user_code: device.user_code };
  const approval = post(
    service,
    "/oauth/device",
    { ...signIn, csrf_token: field(page.body, "csrf_token") },
    cookie,
  );
  const decision = { ticket: field(approval.body, "ticket"), decision: "approve" };
  post(
    service,
    "/oauth/device/approve",
    { ...decision, csrf_token: field(approval.body, "csrf_token") },
    cookie,
  );
  const grant = {
    grant_type: "urn:ietf:params:oauth:grant-type:device_code",
    client_id: "tourney-cli",
  };
  return JSON.parse(
    post(service, "/oauth/token", { ...grant, device_code: device.device_code }).body,
  ).access_token;
}

async function setup(module, name) {
  const dir = join(tmp, name);
  mkdirSync(dir);
  const service = await module.openService({ dbPath: join(dir, "t.db"), requireAuth: true });
  const key = service.createApiKey("owner");
  const body = JSON.stringify({
    data: { type: "tournament", attributes: { name: "Bench", tournament_type: "swiss" } },
  });
  const headers = { authorization: key, "content-type": "application/vnd.api+json" };
  const made = service.handleSync({ method: "POST", path: "/v2.1/tournaments", headers, body });
  if (made.status !== 201) throw new Error(made.body);
  const id = JSON.parse(made.body).data.id;
  const auth = { key };
  if (service.admin !== undefined) auth.bearer = `Bearer ${deviceToken(service)}`;
  /** CPU microseconds per request with `authorization`. */
  const run = (authorization, n) => {
    const request = {
      method: "GET",
      path: `/v2.1/tournaments/${id}.json`,
      headers: { ...headers, authorization },
    };
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const reply = service.handleSync(request);
      if (reply.status !== 200) throw new Error(reply.body);
      void reply.body;
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / n;
  };
  return { name, auth, run };
}

const sides = [await setup(await bundle(root, "this"), "this")];
if (args.against !== undefined) {
  const dir = join(tmp, "against-src");
  mkdirSync(dir);
  execFileSync("sh", ["-c", `git -C "${root}" archive "${args.against}" | tar -x -C "${dir}"`]);
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  sides.unshift(await setup(await bundle(dir, "against"), args.against));
}
const rounds = Number(args.rounds);
const n = Number(args.requests);
const figures = new Map();
for (const side of sides) for (const auth of Object.values(side.auth)) side.run(auth, n / 2);
for (let r = 0; r < rounds; r++)
  for (const side of sides)
    for (const [kind, auth] of Object.entries(side.auth)) {
      const label = `${side.name} ${kind === "key" ? "API key" : "access token"}`;
      figures.set(label, [...(figures.get(label) ?? []), side.run(auth, n)]);
    }
console.log(`CPU us per GET tournament (median of ${rounds} rounds of ${n}):`);
for (const [label, values] of figures) {
  const sorted = values.sort((a, b) => a - b);
  const spread = `${sorted[Math.floor(rounds * 0.1)].toFixed(2)}-${sorted[Math.floor(rounds * 0.9)].toFixed(2)}`;
  console.log(`  ${label.padEnd(28)} ${sorted[rounds >> 1].toFixed(2)}  (p10-p90 ${spread})`);
}
