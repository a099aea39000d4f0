/**
 * Issue 24, item 6, as an organiser meets it: a tournament with a check-in
 * duration whose start time is cleared (`starts_at` null) answered 500
 * (`RangeError: Invalid time value` in checkInOpensAt) on every path. Now the
 * start is cleared, the check-in duration kept, and no window opens: through
 * v2.1 and v1 against the built `serve`, and through the built CLI.
 */
import { describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";

const START = "2030-03-02T10:00:00.000Z";

describe.runIf(BUILT)("clearing the start time of a tournament with check-in", () => {
  const box = useServedSandbox("clear-start");
  const { env } = box;

  const v21 = (method: string, path: string, attributes?: Record<string, unknown>) =>
    fetch(`${box.base}/v2.1${path}`, {
      method,
      headers: {
        Authorization: box.served.apiKey,
        "Authorization-Type": "v1",
        "Content-Type": "application/vnd.api+json",
      },
      ...(attributes === undefined
        ? {}
        : { body: JSON.stringify({ data: { type: "tournaments", attributes } }) }),
    });

  async function created(url: string) {
    const answer = await v21("POST", "/tournaments.json", {
      name: url,
      url,
      tournament_type: "single elimination",
      starts_at: START,
      registration_options: { check_in_duration: 30 },
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
  }

  it("v2.1: starts_at null with the check-in duration clears the start (200, not 500)", async () => {
    await created("ci21");
    const body = { starts_at: null, registration_options: { check_in_duration: 30 } };
    const cleared = await v21("PUT", "/tournaments/ci21.json", body);
    const json = (await cleared.json()) as any;
    expect(cleared.status, JSON.stringify(json)).toBe(200);
    expect(json.data.attributes.starts_at).toBeNull();
    expect(json.data.attributes.registration_options.check_in_duration).toBe(30);
    const read = (await (await v21("GET", "/tournaments/ci21.json")).json()) as any;
    expect(read.data.attributes).toMatchObject({ starts_at: null, state: "pending" });
    // Setting it again opens a window again (the start is stored, not lost).
    const again = await v21("PUT", "/tournaments/ci21.json", { starts_at: START });
    expect(((await again.json()) as any).data.attributes.starts_at).toBe(START);
  });

  it("v1: tournament[start_at]= clears the start", async () => {
    await created("ci1");
    const answer = await fetch(`${box.base}/v1/tournaments/ci1.json?api_key=${box.served.apiKey}`, {
      method: "PUT",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "tournament[start_at]=",
    });
    const text = await answer.text();
    expect(answer.status, text).toBe(200);
    expect(JSON.parse(text).tournament.start_at).toBeNull();
  });

  it("the CLI: tournament update ci --set starts_at=null exits 0 and clears it", async () => {
    const create = await runBinary(
      ["tournament", "create", "--name", "CI", "--url", "ci", "--type", "single elimination"],
      env,
    );
    expect(create.code, create.stderr).toBe(0);
    const set = [
      "--set",
      `starts_at=${START}`,
      "--set",
      "registration_options.check_in_duration=30",
    ];
    const armed = await runBinary(["tournament", "update", "ci", ...set], env);
    expect(armed.code, armed.stderr).toBe(0);
    const cleared = await runBinary(
      ["tournament", "update", "ci", "--set", "starts_at=null", "--json"],
      env,
    );
    expect(cleared.code, cleared.stderr).toBe(0);
    const view = await runBinary(["tournament", "view", "ci", "--json"], env);
    const record = JSON.parse(view.stdout);
    expect(record.starts_at).toBeNull();
    expect(record.registration_options.check_in_duration).toBe(30);
  });
});
