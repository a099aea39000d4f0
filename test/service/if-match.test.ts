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
});
