/**
 * Start-up stays flat as features grow (issue 27): the bytes of the build (dist/) a
 * command reads to start, scripts and their code caches, within a written budget;
 * each command loads the script of its own noun only, and a remote command not the
 * embedded service. A feature that makes every command load more fails here first.
 *
 * Budgets, against what the build of issue 27 measured (dist/ files read, bytes):
 * - `--version`: cli.cjs alone (4.2 KB); budget 8 KB. Since the entry point proper is
 *   dist/main.cjs, run by cli.cjs (src/cli/entry.ts) with a code cache for every other line,
 *   bin/tourney requires main.cjs itself for `--version` (7,958-8,021 bytes), no cache.
 *   8.25 KB since stderr's reader that has gone keeps the command's exit code (main.ts's
 *   stderr getter, review I #23): +85 bytes, 8,159 -> 8,244 in a clean copy of 8c219de.
 * - remote `tournament view`: the core and noun-tournament.js with their caches (428 KB at
 *   the split; 500 KB at 02:50 on 2026-11-27, the core and its cache having grown 426 -> 444
 *   KB that session: folders/make-folder.ts, client/errors.ts, cli/check-command.ts,
 *   cli/argv-utf8.ts, client/write-outcome.ts, ...); budget 530 KB. Before the split: 1.76 MB
 *   (core 1.23 MB, undici 0.53 MB). 536 KB since stored credentials are bound to the origin
 *   `tourney login` stored them for (config/credential-origin.ts, auth/credentials.ts, the
 *   hint in cli/exit-codes.ts: a changed base_url no longer takes the key along): +3,005-3,021
 *   bytes, builds of 87a4f4a's tree with and without it at 02:50 on 2026-11-28 (543,450 ->
 *   546,455-546,471). 87a4f4a's tree was 730 bytes over 530 KB already: 540,466 at 954b054,
 *   542,166 at cdd8ed0, 543,450 at 87a4f4a (the same script, one build each). 537 KB since
 *   text input may be UTF-16 with its byte order mark (cli/utf8-input.ts, a spreadsheet's
 *   "Unicode Text" roster): +525 bytes of core.js, builds of 01fd4fd's tree with and without
 *   it in a copy (the code cache moves by up to ~2 KB between builds of one script). 540 KB
 *   since the rest of the eighteenth session's fixes from outside reviews (a remote 5xx's
 *   Retry-After hint, `help` refusing an unknown command (+303 bytes), the OAuth endpoints'
 *   failures told apart, the race file's points checked): 550,777 bytes at 82609df, one build
 *   in a clean copy, 889 over 537 KB. 541 KB since a lock's holder touches it while it
 *   works and only an untouched lock or a dead holder's is taken over (config/file-lock.ts: a
 *   slow token renewal's lock was taken at 30 s, the refresh token sent twice): 552,730 ->
 *   552,977-553,065 bytes, builds of one clean copy of HEAD (05:56 on 2026-11-28) with and
 *   without it. 542 KB since the not-found hint (below, the embedded list): 553,444 ->
 *   554,635 bytes, the same builds as there. 543 KB since SIGTERM and SIGHUP end a command as
 *   Ctrl-C does (main.ts: 143 and 129, the change made said; main.cjs +102 bytes and its cache
 *   +352) and a transaction's writes are told once it commits (cli/write-log.ts), with
 *   exit-codes.ts's two new rows: 554,636 -> 555,666 bytes, builds of one clean copy of HEAD
 *   3d47df0 with and without it.
 * - embedded `tournament list`, in every spelling (`tournament list --json`, `--json
 *   tournament list`, `--json id,name ... --state pending`): dist/core-list.js with its cache
 *   (the core's run.ts and commander with that verb's commands only: 143 + 238 KB,
 *   src/cli/core-list.ts) and the service's read-only path (service-read.js with its cache,
 *   110 KB), neither the core nor the noun's script: 497 KB with cli.cjs (505 KB at 02:50,
 *   with the same session's additions above); budget 520 KB; 524 KB since the remote backend
 *   sends every field the published description requires (src/client/required-fields.ts and
 *   its use in the tournaments, races, attachments and matches clients, all in core-list.js
 *   through api-client.ts): +3,261 bytes (core-list.js +1,613, its cache +1,616), 531,151 ->
 *   534,412 bytes at 14:35 on 2026-11-27, two builds of the same tree with and without it;
 *   526 KB since --jq prints the results jq made before a failure, and halt_error's message,
 *   as jq does (src/cli/output/jq.ts, in core-list.js as `tournament list --jq` takes it):
 *   +1,287 bytes (core-list.js and its cache 407,012 -> 408,299), 536,584 -> 537,871 bytes at
 *   18:40 on 2026-11-27, builds of one tree with and without it; 529 KB since a token renewal
 *   holds credentials.json.lock across its request (auth/session.ts, the asynchronous lock's
 *   turns in config/file-lock.ts, CredentialStore.whileLocked; commands renewing an expired
 *   sign-in together had it revoked): +1,983 bytes (core-list.js +927, its cache +1,056),
 *   HEAD f197da4 measured 538,475 at 21:07 on 2026-11-27, builds of one tree with and without
 *   it (149 bytes were left under 526 KB); 533 KB since remote answers that are no answer of
 *   the service say what they are (client/response-errors.ts: a redirect names its Location and
 *   the base URL to set, client/remote-transport.ts makes it absolute; auth/token-endpoint.ts:
 *   an OAuth endpoint without OAuth names its URL, cli/exit-codes.ts gives its exit code and
 *   hint; all in core-list.js, which renews tokens and maps errors): +3,728 bytes (core-list.js
 *   +2,048, its cache +1,680) at 21:40 on 2026-11-27, builds of one tree with and without it
 *   (540,669 without); 552 KB since the entry point proper (dist/main.cjs) runs from a code
 *   cache (src/cli/entry.ts, build/entry-cache.mjs): +18.2-18.5 KB (cli.cjs 656-683 bytes and
 *   main.cjs.cache 17,576-17,704 beside main.cjs, the former cli.cjs), 544,433 -> 562,665 bytes
 *   at 23:30 on 2026-11-27, builds of one tree with and without it; the list of 1,000 took
 *   1.1-1.5 ms less CPU (paired means of 61 alternated runs at load 12-17). 554 KB since the
 *   seams an outside review found at 00:00 on 2026-11-28 (a service's control characters shown
 *   in caret notation, output/terminal-text.ts in the printer and the error writer; lists cut
 *   short fail; input read up to a bound; timeouts within Node's timers): core-list.js +970 and
 *   its cache +656 bytes, builds of 535782c and deef57c (565,672 bytes read). 556 KB since
 *   `tournament list --state` on a remote profile sends the published filter's groups and
 *   keeps a finer state's records (cli/commands/tournament/list-state.ts): +1,080-1,096 bytes
 *   (core-list.js and its cache 418,438-418,454 -> 419,534), builds of f418b55's tree with
 *   and without it at 02:38 on 2026-11-28 (about 700 bytes were left). 560 KB since stored
 *   credentials are bound to their origin (above, remote `tournament view`): +3,232-3,272
 *   bytes, 567,465 -> 570,697-570,737, builds of 87a4f4a's tree with and without it at 02:50
 *   on 2026-11-28. 563 KB since the same session's later fixes (above, remote `tournament
 *   view`; the UTF-16 reader +525 bytes and `help`'s check +303 in core-list.js too): 574,409
 *   bytes at 82609df, one build in a clean copy, 969 over 560 KB. 564 KB since a write's doubt
 *   outlives its retries (client/write-outcome.ts: a reset write whose retry settles nothing,
 *   not sent or 5xx, is told as of unknown outcome): 576,195-576,211 -> 576,925-576,933 bytes,
 *   builds of one clean copy (HEAD at 05:56 with 2271f3e) with and without it. 524 KB had 31
 *   bytes left before a DELETE's body got its Content-Length (client/direct-http.ts, 39 bytes).
 *   565 KB since a tournament or race not found gets a hint naming the one meant (run.ts's
 *   stub of commands/naming/naming-hint.ts and app.ts withNamingHint; the hint itself is
 *   dist/noun-naming.js, loaded on that failure only, and a stub in this script too:
 *   build/lean-commands.mjs): 576,891 -> 577,629 bytes, builds of one clean copy (HEAD
 *   0b5cf1e at 06:35 on 2026-11-28, already 379 over 564 KB) with and without it. 566 KB
 *   since SIGTERM and SIGHUP end a command as Ctrl-C does (above, remote `tournament view`):
 *   577,657 -> 578,663 bytes, the same builds as there.
 *   Before (the core's path): 600 KB; the exact line `tournament list --json` alone had a
 *   script without commander (plain-json-list.js, 302 KB in all), which core-list.js replaced.
 * - the same through the core alone (TOURNEY_CORE_ONLY=1, as every other command runs): the
 *   core and noun-tournament.js with their caches, and the read-only path instead of the
 *   service (service.js with its cache, 767 KB): 600 KB; 621 KB at 04:10 on 2026-11-27 with
 *   the core's growth (above) and the read-only path's fields (store/tournament-fields-json.ts,
 *   `--json FIELDS` made by SQLite: service-read.js and its cache 108 -> 117 KB); budget
 *   640 KB; 659 KB since main.cjs's code cache (above: +18.2-18.5 KB, 652,160 in all at 23:30
 *   on 2026-11-27). 660 KB since a write's doubt outlives its retries (above, the embedded
 *   list): 674,616-674,624 -> 675,066-675,130 bytes, the same builds. Before the read-only
 *   path: 1,120 KB; before the split: 1.23 MB. 661 KB since the not-found hint (above, the
 *   embedded list): 675,043 -> 676,226 bytes, the same builds. 662 KB since SIGTERM and
 *   SIGHUP end a command as Ctrl-C does (above, remote `tournament view`): 676,251 -> 677,265.
 * - JSON and tab-separated output never read the table drawing (output-table.js with its
 *   cache, 111 KB; 52 KB of it was in the core and its cache before).
 * - the core with its cache, which every command but `--version` and the list reads (430 KB;
 *   441 KB with the table drawing inside it; 449.7-450.1 KB at 09:00 on 2026-11-27, the code
 *   cache's size moving by ~100 bytes between builds); 414 KB since src/cli/transfer (export,
 *   import, publish, pull: 29 KB of core.js by its source map, with its share of the cache),
 *   which `tournament` and `race` both use, is a script of its own, dist/noun-transfer.js, loaded
 *   by the commands that use it (build/noun-split.mjs FOLDERS); budget 450 KB. Before: 1.23 MB.
 * - remote `tournament list --json`: core-list.js with its cache, 387 KB (396 KB at 02:50);
 *   budget 400 KB; 410 KB since the thirteenth session (409.6-409.7 KB at 13:30 on 2026-11-27,
 *   one build 39 bytes over, another 2 under): config.json and credentials.json writes hold a
 *   lock file (config/file-lock.ts, bc930ba: +5.1 KB of core-list.js and its cache, loaded with
 *   the credentials every command reads), the match write commands' field check and the races
 *   client's read again after a bulk update; budget 420 KB; 439 KB since main.cjs's code cache
 *   (above: +18.2-18.5 KB, 441,050 in all at 23:30 on 2026-11-27), read with main.cjs; 440 KB
 *   since UTF-16 input (above): +525 bytes of core-list.js (0560413's tree was 450,345 bytes
 *   in a copy, 809 over 439 KB already). The lock could be loaded by the
 *   writers alone (credentials.ts writes synchronously: it would need an asynchronous write).
 *   441 KB since HEAD was over 439 KB (449,536): 0560413 (stored credentials bound to their
 *   origin) left 430 bytes (449,106), fe74bcc (tournament list --created-after/before sent on
 *   a remote profile) read 450,339, 216984e 450,463 (builds of each commit's tree at 03:05 on
 *   2026-11-28, one each; the --created-* filters are in core-list.js as the list takes them).
 *   444 KB since the same session's later fixes (the UTF-16 reader +525 bytes, `help`'s check
 *   +303, in core-list.js): 452,826 bytes at 82609df in a clean copy, where one build read
 *   450,493 and 452,826 in two runs of the test (the code cache's bytes move between runs).
 *   445 KB since a write's doubt outlives its retries (above, the embedded list): 454,620 ->
 *   455,334 bytes, the same builds (36 bytes were left under 444 KB). 446 KB since the
 *   not-found hint (above, the embedded list): 455,332 -> 456,038 bytes, the same builds.
 *   447 KB since SIGTERM and SIGHUP end a command as Ctrl-C does (above, remote `tournament
 *   view`): 457,064 bytes, the same builds as there.
 * Re-set at 9f7261f (07:00 on 2026-11-28), three builds of one clean copy, the largest of each:
 * embedded list 579,817, the core alone 678,272, remote view 556,673, remote list 458,210
 * bytes. The session's fixes after the raises above had each been measured in a tree without
 * the others' (626b031 the --json header hint, d4fe617 and 9f7261f the bulk add's refusals,
 * dc587fd, ...: +0.8-1.6 KB together), so HEAD was over four budgets and CI's fresh build
 * failed. Each budget now leaves 2.4-2.8 KB above those figures: the code caches move by up
 * to ~2 KB between builds of one tree (two runs of this test on one build: 450,493 and
 * 452,826 above), and a budget within that of its figure fails at random.
 * Re-set at 11df2f6 (10:35 on 2026-11-28, the twentieth session), three builds of one clean
 * copy, the largest of each: embedded list 587,628 (579,759 at the session's start, 5004130,
 * measured the same way), the core alone 690,842 (678,230), the core with its cache 467,585
 * (456,125), remote view 569,243 (556,623), remote list 466,029 (458,152). What grew the core
 * and core-list.js (helpers' figures, builds of clean copies with and without each): the
 * remote bulk add's outcome after a gateway's 502/504 and its leftovers named (30ebcfd, core.js
 * +1,222 bytes: client/bulk-add.ts is in the core through client/participants.ts), a POST
 * answered 502/504 told as of unknown outcome, a timeout on the whole answer, a byte order
 * mark dropped, loopback never proxied and CIDR NO_PROXY entries (7db4176, 8a0ae72, c86a7ed,
 * f1b5473: +2.4-2.5 KB with caches), SIGTERM/SIGHUP taking Ctrl-C's undo path (4092a9e, core.js
 * +747), --jq run page by page (9b4a90c, core.js +637, core-list.js +588), --quiet (ba8816f,
 * +901 with caches), ids kept as strings past 2^53 (2b404b7, ~250), slugs spelling out
 * letters NFKD cannot split (c6ef84a), --host and an empty profile name checked (e321ede,
 * 415d6d6). Each budget leaves 2.2-3.4 KB above its figure, for the code caches' drift. The
 * bulk-add client and the proxy rules belong in scripts of their own (the participants noun,
 * the proxy path); that split is left for a later session.
 * 680 KB (core alone), 461 KB (core with its cache), 561 KB (remote view) since a roster's check
 * before bulk-add counts a name's and a misc's length by the service's own rule
 * (model/text-length.ts, shared by the participants noun and `import`, so in the core): core.js
 * +400 bytes, 692,440 -> 694,200 bytes with the caches (core alone), 570,833 -> 572,593 (remote
 * view), one build of each tree on 2026-11-28 (the twenty-first session, s21-h).
 * Raise a budget only with the reason beside it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const KB = 1024;

describe.runIf(BUILT)("the bytes a command loads", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-budget-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const probe = join(dir, "probe.cjs");
  // Every file of dist/ the process reads (scripts, caches, vendor modules), with its size.
  writeFileSync(
    probe,
    `const fs = require("node:fs"); const seen = {};
    const note = (f) => { f = String(f); if (f.startsWith(${JSON.stringify(DIST)})) seen[f.slice(${DIST.length})] = fs.statSync(f).size; };
    for (const [o, k] of [[fs, "readFileSync"], [fs, "readFile"], [fs.promises, "readFile"]]) {
      const real = o[k]; o[k] = function (f, ...rest) { note(f); return real.call(this, f, ...rest); };
    }
    process.on("exit", () => process.stderr.write("\\nLOADED " + JSON.stringify(seen) + "\\n"));`,
  );
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };

  /** The dist/ files `args` reads, name -> bytes. */
  function loaded(args: readonly string[], extra: Record<string, string> = {}) {
    const r = spawnSync(process.execPath, ["-r", probe, BIN, ...args], {
      env: { ...env, ...extra },
      encoding: "utf8",
    });
    const line = /\nLOADED (.*)\n/.exec(r.stderr)?.[1];
    if (line === undefined) throw new Error(`no probe output: ${r.stderr}`);
    return JSON.parse(line) as Record<string, number>;
  }
  const total = (files: Record<string, number>) => Object.values(files).reduce((a, b) => a + b, 0);
  const nouns = (files: Record<string, number>) =>
    Object.keys(files).filter((f) => f.startsWith("noun-"));

  it("--version reads the entry point only (no code cache)", () => {
    const files = loaded(["--version"]);
    expect(Object.keys(files)).toEqual(["main.cjs"]);
    expect(total(files)).toBeLessThan(8.25 * KB);
  });

  it("an embedded tournament list, in every spelling, reads core-list.js and the read-only path", () => {
    // A database to read (with none, the service makes it): made by a command that writes.
    loaded(["tournament", "create", "--name", "Budget", "--type", "swiss"]);
    for (const line of [
      ["tournament", "list", "--json"],
      ["--json", "tournament", "list"],
      ["--json", "id,name", "tournaments", "ls", "--state", "pending"],
    ]) {
      const files = loaded(line);
      expect(Object.keys(files).sort(), line.join(" ")).toEqual([
        "cli.cjs",
        "core-list.js",
        "core-list.js.cache",
        "main.cjs",
        "main.cjs.cache",
        "service-read.js",
        "service-read.js.cache",
      ]);
      expect(total(files), line.join(" ")).toBeLessThan(577 * KB);
    }
  });

  it("an embedded tournament list loads no node:module (nor the ES module loader it brings)", () => {
    loaded(["tournament", "create", "--name", "Budget", "--type", "swiss"]);
    const builtins = join(dir, "builtins.cjs");
    writeFileSync(
      builtins,
      `process.on("exit", () => process.stderr.write("\\nBUILTINS " + JSON.stringify(process.moduleLoadList) + "\\n"));`,
    );
    for (const line of [
      ["tournament", "list", "--json"],
      ["--json", "id,name", "tournaments", "ls", "--state", "pending"],
    ]) {
      const r = spawnSync(process.execPath, ["-r", builtins, BIN, ...line], {
        env,
        encoding: "utf8",
      });
      expect(r.status, r.stderr).toBe(0);
      const list = JSON.parse(/\nBUILTINS (.*)\n/.exec(r.stderr)?.[1] ?? "[]") as string[];
      // The scripts in dist/ take the entry point's require (core-loader.ts nodeRequire), the
      // addon is found without require.resolve (store/native-binding.ts).
      expect(list, line.join(" ")).toContain("NativeModule vm");
      expect(list, line.join(" ")).not.toContain("NativeModule module");
      expect(list, line.join(" ")).not.toContain("NativeModule internal/modules/esm/loader");
    }
  });

  it("an embedded tournament list makes no URL (Node's first costs ~0.3 ms)", () => {
    loaded(["tournament", "create", "--name", "Budget", "--type", "swiss"]);
    const urls = join(dir, "urls.cjs");
    writeFileSync(
      urls,
      `const url = require("node:url"); const made = [];
      for (const k of ["pathToFileURL", "fileURLToPath"]) {
        const real = url[k]; url[k] = function (...a) { made.push(k); return real.apply(this, a); };
      }
      const Real = globalThis.URL;
      globalThis.URL = class extends Real { constructor(...a) { made.push("URL"); super(...a); } };
      process.on("exit", () => process.stderr.write("\\nURLS " + JSON.stringify(made) + "\\n"));`,
    );
    for (const line of [
      ["tournament", "list", "--json"],
      ["--json", "id,name", "tournaments", "ls", "--state", "pending"],
    ]) {
      const r = spawnSync(process.execPath, ["-r", urls, BIN, ...line], { env, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(/\nURLS (.*)\n/.exec(r.stderr)?.[1] ?? "null"), line.join(" ")).toEqual([]);
    }
  });

  it("no script the list loads makes a Unicode property RegExp as it loads", () => {
    // esbuild writes a `/\p{...}/u` literal as `new RegExp("\\p{...}", "u")`, made (ICU's set
    // looked up) where its module loads, used or not (model/strict-utf8.ts LONE_SURROGATE).
    for (const file of ["cli.cjs", "main.cjs", "core-list.js", "service-read.js"]) {
      const text = readFileSync(join(DIST, file), "utf8");
      expect(text.match(/new RegExp\("[^"]*\\\\p\{/g) ?? [], file).toEqual([]);
    }
  });

  it("through the core alone: the core, its noun's script and the read-only path", () => {
    loaded(["tournament", "create", "--name", "Budget", "--type", "swiss"]);
    const files = loaded(["--json", "tournament", "list"], { TOURNEY_CORE_ONLY: "1" });
    expect(nouns(files)).toEqual(["noun-tournament.js", "noun-tournament.js.cache"]);
    expect(files["service-read.js"]).toBeGreaterThan(0);
    expect(Object.keys(files).filter((f) => f.startsWith("service."))).toEqual([]);
    expect(total(files)).toBeLessThan(680 * KB);
    expect(Object.keys(files).filter((f) => f.startsWith("output-table"))).toEqual([]);
    expect((files["core.js"] ?? 0) + (files["core.js.cache"] ?? 0)).toBeLessThan(461 * KB);
  });

  it("export and import read the transfer script, other commands do not", () => {
    loaded(["tournament", "create", "--name", "Moved", "--url", "moved", "--type", "swiss"]);
    const out = join(dir, "moved.json");
    const exported = loaded(["tournament", "export", "moved", "--output", out]);
    expect(nouns(exported).sort()).toEqual([
      "noun-tournament.js",
      "noun-tournament.js.cache",
      "noun-transfer.js",
      "noun-transfer.js.cache",
    ]);
    const viewed = loaded(["tournament", "view", "moved", "--json"]);
    expect(nouns(viewed).sort()).toEqual(["noun-tournament.js", "noun-tournament.js.cache"]);
    const matches = loaded(["match", "list", "moved", "--json"]);
    expect(nouns(matches).filter((f) => f.startsWith("noun-transfer"))).toEqual([]);
  });

  it("a bulk add reads the bulk add client's script, a participants list does not", () => {
    loaded(["tournament", "create", "--name", "Roster", "--url", "roster", "--type", "swiss"]);
    const added = loaded(["participants", "bulk-add", "roster", "Ada", "Bea", "--json"]);
    expect(nouns(added).sort()).toEqual([
      "noun-bulk-add.js",
      "noun-bulk-add.js.cache",
      "noun-participants.js",
      "noun-participants.js.cache",
    ]);
    const listed = loaded(["participants", "list", "roster", "--json"]);
    expect(nouns(listed).sort()).toEqual(["noun-participants.js", "noun-participants.js.cache"]);
  });

  it("a remote command reads neither the service nor the HTTP stack for proxies", () => {
    // Nothing listens on port 9: the command fails at the network, after loading its code.
    const remote = ["--base-url", "http://127.0.0.1:9"];
    const view = loaded([...remote, "tournament", "view", "1", "--json"]);
    expect(nouns(view)).toEqual(["noun-tournament.js", "noun-tournament.js.cache"]);
    expect(Object.keys(view).filter((f) => /service|http|vendor/.test(f))).toEqual([]);
    expect(total(view)).toBeLessThan(561 * KB);
    const list = loaded([...remote, "tournament", "list", "--json"]);
    expect(Object.keys(list).sort()).toEqual([
      "cli.cjs",
      "core-list.js",
      "core-list.js.cache",
      "main.cjs",
      "main.cjs.cache",
    ]);
    expect(total(list)).toBeLessThan(458 * KB);
  });
});
