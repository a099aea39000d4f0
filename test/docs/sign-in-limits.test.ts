/**
 * docs/serve.md and docs/serve-limits.md state the sign-in limits the code applies
 * (src/service/oauth/limits.ts LIMITS): serve.md once said "after 5 in 15 minutes" per
 * account while the code allows 3 wrong passwords per username and address, then a
 * doubling wait. The figures are read from LIMITS, so a change to either side fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/service/oauth/limits.js";

const doc = (name: string) =>
  readFileSync(new URL(`../../docs/${name}`, import.meta.url), "utf8").replace(/\s+/g, " ");
const minutes = (ms: number) => `${ms / 60_000} minutes`;
const { passwordPerAccount, passwordPerAddress, userCodePerUser, userCodePerAddress } = LIMITS;

describe.each(["serve.md", "serve-limits.md"])("%s states the code's sign-in limits", (name) => {
  const text = doc(name);
  const says = (pattern: RegExp) => expect(pattern.test(text), String(pattern)).toBe(true);

  it("wrong passwords: free ones per username and address, then a doubling wait", () => {
    says(new RegExp(`\\b${passwordPerAccount.free} (wrong passwords are )?free`));
    const most = minutes(passwordPerAccount.maxDelayMs);
    says(new RegExp(`doubles with each further one \\(1 s, 2 s, 4 s \\.\\.\\. ${most} at most\\)`));
    says(new RegExp(`past ${passwordPerAddress.free}\\b`));
  });

  it("wrong user codes: per signed-in user and per address in their window", () => {
    says(new RegExp(`\\b${userCodePerUser.max} wrong`));
    says(new RegExp(`\\b${userCodePerAddress.max} per address`));
    says(new RegExp(minutes(userCodePerUser.windowMs)));
  });

  it("no lockout 'after 5 in 15 minutes' per account", () => {
    expect(/after 5 in 15 minutes/.test(text)).toBe(false);
  });
});
