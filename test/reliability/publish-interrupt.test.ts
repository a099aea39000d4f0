/**
 * Ctrl-C during a publish (issue 29): it stops between two requests, exits 130 and says
 * how far it got and to run the same command again; the re-run ends as one publish never
 * interrupted (the same document on serve) and a third run sends nothing. Before, Ctrl-C
 * exited 130 and printed nothing. (A second Ctrl-C: test/cli/transfer/interruptible.test.ts.)
 */
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { comparable } from "../cli/transfer/export-check.js";
import { eventUnderway } from "../cli/transfer/restore-fixture.js";
import { runBinary } from "../helpers/binary.js";
import { makeTestFactory } from "../helpers/factory.js";
import { publishInterruptedAt, targetOf } from "../helpers/publish-kill.js";
import { exportedFrom, type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("publish-sigint");
}, 60_000);
afterAll(async () => sandbox.close());

it("Ctrl-C: exit 130 saying how far it got and to run it again; the re-run completes it", async () => {
  const local = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
  const client = await local.factory.client();
  for (const [url, nth] of [
    ["sigint_early", 1],
    ["sigint_late", 12],
  ] as const) {
    await eventUnderway(client, url);
    const cut = await publishInterruptedAt(sandbox.local, url, nth, targetOf(sandbox));
    expect(cut.code, cut.stderr).toBe(130);
    expect(cut.stderr).toContain("Interrupted: stopping after the request in flight");
    expect(cut.stderr).toMatch(/interrupted: stopped between two requests, (after|before) /);
    expect(cut.stderr).toContain("run the same command again to continue");
    const again = await runBinary(["tournament", "publish", url, "--to", "lan"], sandbox.local);
    expect(again.code, again.stderr).toBe(0);
    expect(comparable(await exportedFrom(sandbox, true, url))).toEqual(
      comparable(await exportedFrom(sandbox, false, url)),
    );
    const third = await runBinary(
      ["tournament", "publish", url, "--to", "lan", "--json"],
      sandbox.local,
    );
    expect(JSON.parse(third.stdout)).toMatchObject({ created: false, added: 0, reported: 0 });
  }
  await local.factory.close();
}, 300_000);
