/**
 * The client key of serve's public budgets (public/budgets.ts addressOf: event streams and
 * data.json transfers): an IPv6 client counts by its /64, what one host is usually given and
 * may send from any address of, and an IPv4-mapped IPv6 address as its IPv4 address. Before,
 * the full address: one host with a /64 held all 512 streams (or 256 transfers) alone.
 */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { HttpResponse } from "../../src/model/http.js";
import {
  addressOf,
  apiStreamBudget,
  type Release,
  streamBudget,
} from "../../src/service/public/budgets.js";

/** A request from `remoteAddress`, as node:http's socket tells it. */
const from = (remoteAddress: string | undefined) =>
  ({ socket: { remoteAddress } }) as unknown as IncomingMessage;

const refusal = (answer: Release | HttpResponse): HttpResponse => {
  if (typeof answer === "function") throw new Error("admitted");
  return answer;
};

describe("addressOf", () => {
  it("keys IPv6 addresses of one /64 as one client, of another /64 apart", () => {
    const one = ["2001:db8:1:2::1", "2001:DB8:1:2:ffff:ee:dd:cc", "2001:db8:1:2:0:0:0:9"];
    const keys = new Set(one.map((a) => addressOf(from(a))));
    expect(keys.size).toBe(1);
    expect(addressOf(from("2001:db8:1:3::1"))).not.toBe(addressOf(from(one[0])));
    expect(addressOf(from("fd00:1::1"))).toBe(addressOf(from("fd00:1::10")));
  });

  it("keys an IPv4-mapped IPv6 address as the IPv4 address, and IPv4 as it is", () => {
    expect(addressOf(from("::ffff:192.0.2.7"))).toBe("192.0.2.7");
    expect(addressOf(from("192.0.2.7"))).toBe("192.0.2.7");
    expect(addressOf(from("::ffff:192.0.2.8"))).not.toBe(addressOf(from("::ffff:192.0.2.7")));
  });
});

describe("stream admission by addressOf", () => {
  it("refuses a 33rd stream from one /64 429, whatever address of it sends", () => {
    const budget = streamBudget();
    const held: Release[] = [];
    for (let i = 1; i <= 32; i++) {
      const admitted = budget.admit(addressOf(from(`fd00:1::${i.toString(16)}`)));
      expect(typeof admitted).toBe("function");
      held.push(admitted as Release);
    }
    const refused = refusal(budget.admit(addressOf(from("fd00:1::ffff:1234"))));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).errors[0].detail).toContain("from this address");
    // Another /64, and an IPv4 client, are other clients.
    expect(typeof budget.admit(addressOf(from("fd00:2::1")))).toBe("function");
    expect(typeof budget.admit(addressOf(from("::ffff:10.0.0.1")))).toBe("function");
    expect(budget.held(addressOf(from("10.0.0.1")))).toBe(1);
    held[0]!();
    expect(typeof budget.admit(addressOf(from("fd00:1::abcd")))).toBe("function");
  });

  it("counts the API streams' budget per credential, with its own words", () => {
    const budget = apiStreamBudget();
    for (let i = 0; i < budget.perAddress; i++)
      expect(typeof budget.admit("credential")).toBe("function");
    const refused = refusal(budget.admit("credential"));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).errors[0].detail).toContain(
      "too many open event streams with this credential",
    );
    expect(typeof budget.admit("another")).toBe("function");
  });
});
