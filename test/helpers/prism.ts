/**
 * Prism (@stoplight/prism-cli 5.14, a devDependency) on a loopback port: `mock`
 * of the repaired published description (test/contract/repair-description.mjs),
 * or `proxy` of it in front of an upstream such as `tourney serve`; `--errors`
 * always, so a request or response that breaks the description is an error
 * answer, not a warning. Started from the test, waited for by its own "listening"
 * line, and killed when the test ends (or the test process exits).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { writeRepairedDescription } from "../contract/repair-description.mjs";

const PRISM = fileURLToPath(
  new URL("../../node_modules/@stoplight/prism-cli/dist/index.js", import.meta.url),
);

export interface Prism {
  readonly url: string;
  /** Everything Prism logged so far (its request and response validation included). */
  log(): string;
  /** The log lines naming a violation of the description by the request or the response. */
  violations(): string[];
  stop(): Promise<void>;
}

/** A port free on the loopback interface now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Writes the repaired description to a temporary file; its path. */
export function repairedDescription(): string {
  return writeRepairedDescription().path;
}

function stopper(child: ChildProcess): () => Promise<void> {
  const kill = () => child.kill("SIGTERM");
  process.once("exit", kill);
  return () =>
    new Promise((done) => {
      process.off("exit", kill);
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", () => done());
      kill();
    });
}

/** Starts `prism <mode> <description> [upstream]` and waits until it listens. */
export async function startPrism(
  mode: "mock" | "proxy",
  description: string,
  upstream?: string,
): Promise<Prism> {
  const port = await freePort();
  const args = [PRISM, mode, description, ...(upstream === undefined ? [] : [upstream])];
  args.push("--port", String(port), "--host", "127.0.0.1", "--errors");
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const stop = stopper(child);
  await new Promise<void>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Prism is listening on")) resolve();
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    child.once("exit", (code) => reject(new Error(`prism ${mode} exited ${code}:\n${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    violations: () =>
      log
        .split("\n")
        .filter((line) => /Violation:|Request did not pass|Response did not pass/.test(line)),
    stop,
  };
}
