// A worker thread of bench/engine.mjs: one library in its own V8 isolate (its own heap
// and garbage collector, so that no case pays for the garbage of another), running the
// double elimination case each time the main thread asks.
// workerData: { side: "tourney" | "brackets-manager", bundle, size }
// Messages in: { store } (a database path for tourney). Out: { ms, ... } or { error }.
import { parentPort, workerData } from "node:worker_threads";
import { brDoubleElimination, tourneyDoubleElimination } from "./engine-cases.mjs";

const { side, bundle, size } = workerData;
const tourney = side === "tourney" ? await import(bundle) : undefined;

parentPort.on("message", async ({ store }) => {
  try {
    const result =
      side === "tourney"
        ? await tourneyDoubleElimination(tourney, size, store)
        : await brDoubleElimination(size);
    parentPort.postMessage(result);
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.stack : String(error) });
  }
});
