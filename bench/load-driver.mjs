// The machinery of bench/load.mjs: server processes on loopback ports, keep-alive
// connection pools (undici) that time each request, closed-loop load, and latency
// figures. Nothing here knows tourney's interface.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";

/** Every process started here, so that the bench can stop them whatever happens. */
export const children = [];

/** Spawns a server process; resolves once `pattern` (with the port) shows on its stderr. */
export async function spawnServer(argv, env, pattern) {
  const child = spawn(process.execPath, argv, { env, stdio: ["ignore", "ignore", "pipe"] });
  children.push(child);
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text) => {
    stderr += text;
  });
  for (let i = 0; i < 400 && child.exitCode === null; i++) {
    const port = pattern.exec(stderr)?.[1];
    if (port !== undefined) return { child, port: Number(port), stderr: () => stderr };
    await sleep(25);
  }
  throw new Error(`${argv.join(" ")} did not start: ${stderr}`);
}

/** A bare node:http server answering every request with `body` (the baseline). */
export function startBaseline(body, contentType) {
  const script = `const body = Buffer.from(process.env.BODY, "base64");
    require("node:http").createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(200, { "content-type": process.env.CT }).end(body));
    }).listen(0, "127.0.0.1", function () { console.error("port " + this.address().port); });`;
  const env = { ...process.env, BODY: Buffer.from(body).toString("base64"), CT: contentType };
  return spawnServer(["-e", script], env, /port (\d+)/);
}

/** mulberry32: the request mix is the same from run to run (--seed). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A pool of `connections` to 127.0.0.1:`port`; `send` times one request. */
export function client(port, key, connections) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections, pipelining: 1 });
  const headers = { authorization: key, "content-type": "application/vnd.api+json" };
  /** One request; resolves { status, text, t0, t1 } (times from performance.now()). */
  async function send(req) {
    const t0 = performance.now();
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const r = await pool.request({ path: `/v2.1${req.path}`, method: req.method, headers, body });
    const text = await r.body.text();
    const type = r.headers["content-type"];
    return { kind: req.kind, status: r.statusCode, text, type, t0, t1: performance.now() };
  }
  return { send, close: () => pool.close() };
}

/**
 * `connections` loops sending next() until `until()` says stop, or `maxRequests` were
 * sent. A request without an answer (the connection reset or closed) is a sample of
 * status 0, a failure: a server whose event loop was held past its keep-alive timeout
 * closes the connections that were idle, even one whose next request had arrived.
 */
export async function drive(c, connections, next, until, maxRequests) {
  const samples = [];
  const unanswered = (req, t0) => (error) => ({
    kind: req.kind,
    status: 0,
    text: `no answer: ${error.code ?? error.message}`,
    t0,
    t1: performance.now(),
  });
  const loop = async () => {
    while (!until() && samples.length < maxRequests) {
      const req = next();
      samples.push(await c.send(req).catch(unanswered(req, performance.now())));
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  return { samples, seconds: (performance.now() - t0) / 1000 };
}

export const forSeconds = (s) => {
  const end = performance.now() + s * 1000;
  return () => performance.now() >= end;
};

function quantile(sorted, q) {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export function stats(samples, seconds) {
  const ms = samples.map((s) => s.t1 - s.t0).sort((a, b) => a - b);
  const failed = samples.filter((s) => s.status >= 300 || s.status === 0);
  return {
    count: samples.length,
    rps: seconds === undefined ? undefined : samples.length / seconds,
    p50: quantile(ms, 0.5),
    p99: quantile(ms, 0.99),
    max: ms.at(-1) ?? Number.NaN,
    failed: failed.length,
    firstFailure:
      failed[0] && `${failed[0].kind} -> ${failed[0].status} ${failed[0].text.slice(0, 200)}`,
  };
}

/**
 * Runs a bench's `main`, bounded whatever happens (a server that stops answering
 * ends the run after 10 minutes, not the machine), then stops every child and
 * removes `tmp`.
 */
export async function runBounded(name, main, tmp) {
  const watchdog = setTimeout(() => {
    console.error(`bench/${name}: gave up after 10 minutes`);
    for (const child of children) child.kill("SIGKILL");
    process.exit(1);
  }, 600_000);
  watchdog.unref();
  try {
    await main();
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await sleep(200);
    rmSync(tmp, { recursive: true, force: true });
  }
}
