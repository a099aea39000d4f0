/**
 * The two embedded backends of an export → import test: `source`, where the event is
 * played and exported from, and `target`, where the document is imported. Each is a
 * fresh factory harness for every test of the file, cleaned up after it.
 */
import { afterEach, beforeEach } from "vitest";
import { createFactoryHarness, type FactoryHarness } from "./factory.js";

export interface TransferPair {
  readonly source: FactoryHarness;
  readonly target: FactoryHarness;
}

/** Registers the pair's set-up and clean-up around each test; read it inside the tests. */
export function useTransferPair(): TransferPair {
  let pair: TransferPair | undefined;
  beforeEach(() => {
    pair = { source: createFactoryHarness(), target: createFactoryHarness() };
  });
  afterEach(async () => {
    await pair?.source.cleanup();
    await pair?.target.cleanup();
    pair = undefined;
  });
  const current = (): TransferPair => {
    if (pair === undefined) throw new Error("the transfer pair exists only inside a test");
    return pair;
  };
  return {
    get source() {
      return current().source;
    },
    get target() {
      return current().target;
    },
  };
}
