/**
 * `publish` of attachments to a target tournament that does not accept them
 * (match_options.accept_attachments false there), with the built binary against a real
 * `serve` on loopback and the embedded store (an outside review): refused before anything is
 * sent, and the dry run names the stop and exits 5 as the real run does (11df2f6). Before, the dry run listed "start ... create up to 3
 * attachments", the publish started the target, then the service refused the first
 * attachment (exit 5), and the setting could no longer change there: every re-run failed.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("att-refused");
}, 60_000);
afterAll(async () => sandbox.close());

/** Runs the binary on the embedded profile (`--profile lan` in `args` for serve). */
async function run(args: readonly string[], code = 0) {
  const r = await runBinary(args, sandbox.local);
  expect(r.code, `${args.join(" ")}\n${r.stdout}${r.stderr}`).toBe(code);
  return r;
}

it("attachments to a target that does not accept them: refused, nothing sent, dry or not", async () => {
  const url = "att9";
  const names = ["Ann", "Bob", "Cy", "Dee"];
  const create = ["tournament", "create", "--name", "Att", "--url", url];
  await run([...create, "--profile", "lan"]);
  await run(["participants", "bulk-add", url, ...names, "--profile", "lan"]);
  await run(create);
  await run(["tournament", "update", url, "--set", "match_options.accept_attachments=true"]);
  await run(["participants", "bulk-add", url, ...names]);
  await run(["tournament", "start", url]);
  for (const n of [1, 2, 3])
    await run(["attachment", "add", url, "A", "--url", `https://example.org/vod${n}`]);
  const dry = await run(["tournament", "publish", url, "--to", "lan", "--dry-run"], 5);
  expect(dry.stdout.trim().split("\n")).toEqual([
    "tournament att9 is there (pending): continue it",
    "stop: the target's tournament att9 does not accept attachments, and the file has 3 to send (match_options.accept_attachments: file true, target false); the publish would send nothing (exit 5)",
    "dry run: nothing was sent",
  ]);
  expect(dry.stderr).toContain("the real run would exit 5");
  const real = await run(["tournament", "publish", url, "--to", "lan"], 5);
  expect(real.stderr).toContain("does not accept attachments, and the file has 3 to send");
  expect(real.stderr).toContain(
    `nothing was sent; let it accept them (tourney tournament update ${url} --accept-attachments: the setting may change in any state) and import again`,
  );
  const there = await run(["tournament", "view", url, "--profile", "lan", "--json", "state"]);
  expect(JSON.parse(there.stdout)).toMatchObject({ state: "pending" });
  // The refusal's own advice, as written.
  await run(["tournament", "update", url, "--profile", "lan", "--accept-attachments"]);
  const again = await run(["tournament", "publish", url, "--to", "lan", "--json"]);
  expect(JSON.parse(again.stdout)).toMatchObject({ attachments: 3 });
});
