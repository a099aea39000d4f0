/**
 * `If-Match` on a write (entity-tag.ts checkIfMatch): the store's generation is asked only of
 * a request that carries the header. Asked of every write, it read the store outside the
 * write's transaction: a read lock taken and let go, 2 more fcntl calls a match report
 * (bench/report-syscalls.mjs: 8.03 against 6.03).
 */
import { describe, expect, it } from "vitest";
import { checkIfMatch, entityTag } from "../../src/service/entity-tag.js";
import { ServiceError } from "../../src/service/errors.js";

const request = (method: string, ifMatch?: string) => ({
  method,
  user: "ada",
  origin: "http://localhost",
  header: (name: string) => (name === "if-match" ? ifMatch : undefined),
});

describe("checkIfMatch", () => {
  it("asks nothing of the store for a write without If-Match, nor for a GET", () => {
    let asked = 0;
    const generation = () => {
      asked++;
      return "7";
    };
    checkIfMatch(request("PUT"), "i", generation);
    checkIfMatch(request("GET", '"stale"'), "i", generation);
    checkIfMatch(request("PUT", "*"), "i", generation);
    expect(asked).toBe(0);
  });

  it("takes the current tag and refuses a stale one with 412", () => {
    const current = entityTag("i", "7", "ada\nhttp://localhost");
    expect(() => checkIfMatch(request("PUT", current), "i", () => "7")).not.toThrow();
    let refused: unknown;
    try {
      checkIfMatch(request("PUT", entityTag("i", "6", "ada\nhttp://localhost")), "i", () => "7");
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).status).toBe(412);
  });

  it("compares a tag of one tournament's with that tournament's part now, asked of its path alone", () => {
    const who = "ada\nhttp://localhost";
    const tag = entityTag("i", "t5r9s40", who);
    const asked: number[] = [];
    const part = (now: string) => (id: number) => {
      asked.push(id);
      return id === 5 ? now : undefined;
    };
    // The store's generation moved (a write elsewhere): the tournament's part did not.
    expect(() => checkIfMatch(request("PUT", tag), "i", () => "8", part("t5r9s40"))).not.toThrow();
    expect(asked).toEqual([5]);
    const refused = (check: () => void) => {
      try {
        check();
      } catch (e) {
        return (e as ServiceError).status;
      }
      return undefined;
    };
    expect(refused(() => checkIfMatch(request("PUT", tag), "i", () => "8", part("t5r10s40")))).toBe(
      412,
    );
    // No look at a path's tournament given (or another tournament's path): refused.
    expect(refused(() => checkIfMatch(request("PUT", tag), "i", () => "8"))).toBe(412);
    expect(
      refused(() =>
        checkIfMatch(
          request("PUT", tag),
          "i",
          () => "8",
          () => undefined,
        ),
      ),
    ).toBe(412);
    // Another instance's tag of the same tournament is never taken.
    const foreign = entityTag("j", "t5r9s40", who);
    expect(
      refused(() => checkIfMatch(request("PUT", foreign), "i", () => "8", part("t5r9s40"))),
    ).toBe(412);
  });
});
