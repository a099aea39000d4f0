/**
 * inTurnUntilAnswered (service/pipeline-order.ts): a request answered later holds the
 * connection's requests behind it, and every way out of it lets them go on: answered at
 * once, thrown, its promise resolved or rejected, or its response closed (answered, or
 * the connection gone) while the promise is still pending. A request that kept its turn
 * would leave every later request of its keep-alive connection unanswered.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { inTurn, inTurnUntilAnswered } from "../../src/service/pipeline-order.js";

/** A promise with its settling functions. */
function pending() {
  let resolve: (value?: unknown) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets the promise callbacks queued so far run. */
const settled = () => new Promise((done) => setImmediate(done));

describe("inTurnUntilAnswered: every way out releases the turn", () => {
  it("answered at once (a refusal, a page, a HEAD, a 304): the next request runs at once", () => {
    const socket = {};
    const ran: string[] = [];
    inTurnUntilAnswered(socket, new EventEmitter(), () => {
      ran.push("refused");
      return undefined;
    });
    inTurn(socket, () => ran.push("next"));
    expect(ran).toEqual(["refused", "next"]);
  });

  it("thrown: the throw goes on to the caller, and the next request runs", () => {
    const socket = {};
    const ran: string[] = [];
    expect(() =>
      inTurnUntilAnswered(socket, new EventEmitter(), () => {
        throw new Error("broken");
      }),
    ).toThrow("broken");
    inTurn(socket, () => ran.push("next"));
    expect(ran).toEqual(["next"]);
  });

  for (const how of ["resolved", "rejected"] as const)
    it(`answered later, its promise ${how}: the requests behind it wait until then, in order`, async () => {
      const socket = {};
      const ran: string[] = [];
      const later = pending();
      inTurnUntilAnswered(socket, new EventEmitter(), () => later.promise);
      inTurn(socket, () => ran.push("second"));
      inTurn(socket, () => ran.push("third"));
      await settled();
      expect(ran).toEqual([]);
      if (how === "resolved") later.resolve();
      else later.reject(new Error("failed"));
      await settled();
      expect(ran).toEqual(["second", "third"]);
    });

  it("a promise that never settles: the response's close releases the turn", async () => {
    const socket = {};
    const ran: string[] = [];
    const response = new EventEmitter();
    inTurnUntilAnswered(socket, response, () => new Promise(() => {}));
    inTurn(socket, () => ran.push("next"));
    await settled();
    expect(ran).toEqual([]);
    response.emit("close");
    expect(ran).toEqual(["next"]);
  });

  it("one held behind another: each takes its turn, the later one held in its own", async () => {
    const socket = {};
    const ran: string[] = [];
    const first = pending();
    const second = pending();
    inTurnUntilAnswered(socket, new EventEmitter(), () => first.promise);
    inTurnUntilAnswered(socket, new EventEmitter(), () => {
      ran.push("second");
      return second.promise;
    });
    inTurn(socket, () => ran.push("third"));
    first.resolve();
    await settled();
    expect(ran).toEqual(["second"]);
    second.resolve();
    await settled();
    expect(ran).toEqual(["second", "third"]);
  });
});
