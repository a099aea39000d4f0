/**
 * TOURNEY_DEBUG shows the real exception behind a failure of the embedded
 * service (a 500 to the client), as `serve` does; without it the message stays
 * short and carries no stack.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sandbox: Sandbox;
afterEach(() => sandbox.cleanup());

describe("TOURNEY_DEBUG on the embedded backend", () => {
  it("prints the exception behind a 500, and nothing of it without the variable", async () => {
    sandbox = createSandbox();
    const created = await sandbox.run([
      "tournament",
      "create",
      "--name",
      "Broken",
      "--type",
      "swiss",
    ]);
    expect(created.code).toBe(0);
    // A store damaged from outside: settings that are not JSON.
    const db = new Database(join(sandbox.env.TOURNEY_DATA_DIR ?? "", "tourney.db"));
    db.prepare("UPDATE tournaments SET settings = '{' WHERE url = 'broken'").run();
    db.close();

    const quiet = await sandbox.run(["tournament", "view", "broken"]);
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toMatch(/internal error/);
    expect(quiet.stderr).not.toMatch(/SyntaxError|at /);

    const loud = await sandbox.run(["tournament", "view", "broken"], {
      env: { ...sandbox.env, TOURNEY_DEBUG: "1" },
    });
    expect(loud.code).toBe(1);
    expect(loud.stderr).toMatch(/internal error: SyntaxError/);
    expect(loud.stderr).toMatch(/\n\s+at /);
  });
});
