/**
 * Ctrl-C during an import, with a signal source of the test's own: the first stops at the
 * next step and says after what; a second stops at once, even with a request in flight
 * that never ends. Both are CancelledError (exit 130) naming how to continue.
 */
import { EventEmitter } from "node:events";
import { expect, it } from "vitest";
import { CancelledError } from "../../../src/cli/errors.js";
import { beforeSending, interruptibly } from "../../../src/cli/transfer/interruptible.js";

function stream() {
  let text = "";
  return { isTTY: false, write: (t: string) => (text += t), text: () => text };
}

it("the first Ctrl-C stops at the next step, after the last one said", async () => {
  const signals = new EventEmitter();
  const err = stream();
  const sent: number[] = [];
  const run = interruptibly(
    err,
    async (progress) => {
      for (let i = 1; i <= 10; i++) {
        await new Promise((r) => setImmediate(r));
        sent.push(i);
        if (i === 3) signals.emit("SIGINT");
        progress.count("results", i, 10);
      }
      return "done";
    },
    signals,
  );
  const error = await run.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CancelledError);
  expect((error as Error).message).toBe(
    'interrupted: stopped between two requests, after "results 3/10"; run the same command again to continue: it reads what the target already has and sends nothing twice',
  );
  expect(sent).toEqual([1, 2, 3]);
  expect(err.text()).toContain("Interrupted: stopping after the request in flight");
  expect(signals.listenerCount("SIGINT")).toBe(0);
});

it("a second Ctrl-C stops at once, a request still in flight", async () => {
  const signals = new EventEmitter();
  const run = interruptibly(
    stream(),
    async (progress) => {
      progress.step("creating tournament cup");
      signals.emit("SIGINT");
      signals.emit("SIGINT");
      return new Promise<string>(() => {});
    },
    signals,
  );
  await expect(run).rejects.toThrow(
    'interrupted at once, after "creating tournament cup"; run the same command again',
  );
  expect(signals.listenerCount("SIGINT")).toBe(0);
});

it("without Ctrl-C the import's result, and the listener released", async () => {
  const signals = new EventEmitter();
  await expect(interruptibly(stream(), async () => 7, signals)).resolves.toBe(7);
  expect(signals.listenerCount("SIGINT")).toBe(0);
});

it("Ctrl-C before the import sends anything stops at once, saying nothing was written", async () => {
  const signals = new EventEmitter();
  let destroyed = false;
  const stdin = { destroy: () => (destroyed = true) };
  const reading = beforeSending(() => new Promise<string>(() => {}), stdin, signals);
  signals.emit("SIGINT");
  await expect(reading).rejects.toThrow(
    "interrupted before the import started: nothing was written",
  );
  expect(destroyed).toBe(true);
  expect(signals.listenerCount("SIGINT")).toBe(0);
  await expect(beforeSending(async () => 7, undefined, signals)).resolves.toBe(7);
  expect(signals.listenerCount("SIGINT")).toBe(0);
});

it("publish and pull: Ctrl-C while the document is read stops at once, nothing written", async () => {
  const { createFactoryHarness } = await import("../../helpers/factory.js");
  const { transfer } = await import("../../../src/cli/transfer/other-profile.js");
  const h = createFactoryHarness();
  const signals = new EventEmitter();
  let imported = false;
  const kind = {
    read: () => {
      queueMicrotask(() => signals.emit("SIGINT"));
      return new Promise<never>(() => {});
    },
    plan: async () => [],
    import: async () => {
      imported = true;
    },
    line: () => "",
    emptySummary: () => undefined,
  };
  const o = { tournament: "cup", dryRun: false };
  const run = transfer(h.make().factory, h.make().factory, o, kind, signals);
  await expect(run).rejects.toThrow("interrupted before the import started: nothing was written");
  expect(imported).toBe(false);
  expect(signals.listenerCount("SIGINT")).toBe(0);
  await h.cleanup();
});
