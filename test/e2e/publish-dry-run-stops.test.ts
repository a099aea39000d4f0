/**
 * `publish`/`pull --dry-run` names the stop the run then makes (exit 5), with the built
 * binary against a real `serve` on loopback and the embedded store (an outside review):
 * a result there that is not the file's (a tie there, Bob's win here; a double
 * elimination's match C won by another player). Before, the dry run counted it "already
 * there" and said nothing of the stop. Every result is checked before any is sent, so the
 * stop sends nothing (result-conflicts.ts): before, the publish sent the results played
 * before the first such match, then stopped there. A dry run that names a stop exits 5 as the
 * real run does (review I #11: it exited 0, so `publish --dry-run && publish` did not gate).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("dry-stops");
}, 60_000);
afterAll(async () => sandbox.close());

/** Runs the binary on the embedded profile (`--profile lan` in `args` for serve). */
async function run(args: readonly string[], code = 0) {
  const r = await runBinary(args, sandbox.local);
  expect(r.code, `${args.join(" ")}\n${r.stdout}${r.stderr}`).toBe(code);
  return r;
}

/** A round robin published, then match A reported here and otherwise there. */
async function conflicting(url: string) {
  await run(["tournament", "create", "--name", url, "--url", url, "--type", "round robin"]);
  await run(["participants", "bulk-add", url, "Ann", "Bob", "Cy"]);
  await run(["tournament", "start", url]);
  await run(["tournament", "publish", url, "--to", "lan"]);
  await run(["match", "report", url, "A", "--winner", "Bob", "--scores", "2-0"]);
  await run(["match", "report", url, "A", "--profile", "lan", "--tie", "--scores", "1-1"]);
}

it("publish --dry-run names the stop at a result there that is not the file's", async () => {
  await conflicting("conf");
  const dry = await run(["tournament", "publish", "conf", "--to", "lan", "--dry-run"], 5);
  const lines = dry.stdout.trim().split("\n");
  expect(lines.at(-2)).toBe(
    "stop: the target's tournament conf holds results that are not the file's, at match final A (its results differ: target a tie, 1-1; file won by Bob, 2-0); the publish would send nothing (exit 5)",
  );
  expect(dry.stdout).not.toContain("already there");
  expect(dry.stderr).toContain("the real run would exit 5");
  const real = await run(["tournament", "publish", "conf", "--to", "lan"], 5);
  expect(real.stderr).toBe(
    "error: the target's tournament conf holds results that are not the file's, at match final A (its results differ: target a tie, 1-1; file won by Bob, 2-0); nothing was sent\n" +
      'if the file\'s are right, reopen it there (tourney match reopen conf A; --cascade reopens the matches after it too) and import again; if the target\'s are, the file is behind it: carry the target\'s the other way instead (tourney tournament pull, or export there and import here); or delete it there (tourney tournament delete conf) and import again, or import the file under another url (change "url" in its "tournament")\n',
  );
});

it("the results played before a result there that is not the file's: none sent", async () => {
  const url = "confb";
  await run(["tournament", "create", "--name", url, "--url", url, "--type", "round robin"]);
  await run(["participants", "bulk-add", url, "Ann", "Bob", "Cy", "Dee"]);
  await run(["tournament", "start", url]);
  await run(["tournament", "publish", url, "--to", "lan"]);
  for (const m of ["B", "C"]) await run(["match", "report", url, m, "--tie", "--scores", "1-1"]);
  await run(["match", "report", url, "A", "--tie", "--scores", "2-2"]);
  await run(["match", "report", url, "A", "--profile", "lan", "--tie", "--scores", "1-1"]);
  const dry = await run(["tournament", "publish", url, "--to", "lan", "--dry-run"], 5);
  expect(dry.stdout).toContain(
    "at match final A (its results differ: target a tie, 1-1; file a tie, 2-2); the publish would send nothing (exit 5)",
  );
  expect(dry.stdout).not.toContain("report ");
  await run(["tournament", "publish", url, "--to", "lan"], 5);
  const there = await run(["match", "list", url, "--profile", "lan", "--json"]);
  const states = (JSON.parse(there.stdout) as { identifier: string; state: string }[])
    .map((m) => `${m.identifier} ${m.state}`)
    .sort();
  expect(states.filter((s) => s.endsWith("complete"))).toEqual(["A complete"]);
});

it("pull --dry-run names the same stop the other way", async () => {
  await conflicting("confp");
  const dry = await run(["tournament", "pull", "confp", "--from", "lan", "--dry-run"], 5);
  expect(dry.stdout).toContain(
    "at match final A (its results differ: target won by Bob, 2-0; file a tie, 1-1); the publish would send nothing (exit 5)",
  );
  await run(["tournament", "pull", "confp", "--from", "lan"], 5);
});

it("a double elimination's match C won by another player there: named, then stopped at", async () => {
  const url = "dec";
  await run([
    "tournament",
    "create",
    "--name",
    "Dec",
    "--url",
    url,
    "--type",
    "double elimination",
  ]);
  await run(["participants", "bulk-add", url, "Ann", "Bob", "Cy", "Dee"]);
  await run(["tournament", "start", url]);
  await run(["match", "report", url, "A", "--winner", "Ann", "--scores", "2-0"]);
  await run(["match", "report", url, "B", "--winner", "Bob", "--scores", "2-0"]);
  await run(["tournament", "publish", url, "--to", "lan"]);
  await run(["match", "report", url, "C", "--winner", "Dee", "--scores", "2-1"]);
  await run(["match", "report", url, "C", "--profile", "lan", "--winner", "Cy", "--scores", "1-2"]);
  const dry = await run(["tournament", "publish", url, "--to", "lan", "--dry-run"], 5);
  expect(dry.stdout).toContain(
    "at match final C (its results differ: target won by Cy, 1-2; file won by Dee, 2-1); the publish would send nothing (exit 5)",
  );
  const real = await run(["tournament", "publish", url, "--to", "lan"], 5);
  expect(real.stderr).toContain(
    "at match final C (its results differ: target won by Cy, 1-2; file won by Dee, 2-1); nothing was sent",
  );
});
