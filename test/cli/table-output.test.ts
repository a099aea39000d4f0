/**
 * Tables as gh draws them (issue 16, item 2): borderless and aligned, fitted to the
 * terminal's width with `…`, states coloured unless NO_COLOR / TERM=dumb / --no-color,
 * times relative to an injected clock at a terminal, ISO 8601 when piped or in JSON.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { relativeTime } from "../../src/cli/output/cell-look.js";
import { displayWidth, truncate } from "../../src/cli/output/display-width.js";
import { drawTable, fitWidths, wrap } from "../../src/cli/output/table.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const T0 = new Date("2025-03-01T12:00:00.000Z");
const at = (ms: number) => () => new Date(T0.getTime() + ms);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LONG = "The Extraordinarily Long Spring Invitational of the North";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

async function twoTournaments(): Promise<void> {
  ok(await sb.run(["tournament", "create", "--name", "Cup"], { now: at(0) }));
  ok(
    await sb.run(["tournament", "create", "--name", LONG, "--url", "long", "--type", "swiss"], {
      now: at(0),
    }),
  );
}

describe("a list at a terminal", () => {
  it("is borderless, aligned, with times relative to the clock", async () => {
    await twoTournaments();
    const r = ok(
      await sb.run(["tournament", "list"], {
        tty: true,
        now: at(3 * DAY + HOUR),
        env: { COLUMNS: "250", NO_COLOR: "1" },
      }),
    );
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^ID +NAME +URL +TYPE +STATE +PARTICIPANTS +CREATED$/);
    expect(lines[1]).toMatch(/^1 +Cup +cup +single elimination +pending +0 +3 days ago$/);
    expect(lines[2]).toContain(LONG);
    // Each column starts where its header does.
    const row = lines[2]!;
    expect(row.indexOf(LONG)).toBe(lines[0]!.indexOf("NAME"));
    expect(row.indexOf("long ")).toBe(lines[0]!.indexOf("URL"));
    expect(row.indexOf("swiss")).toBe(lines[0]!.indexOf("TYPE"));
    expect(row.indexOf("pending")).toBe(lines[0]!.indexOf("STATE"));
    expect(r.stdout).not.toMatch(/[┌│─]/);
    expect(r.stdout).not.toContain("\u001b[");
  });

  it("fits the terminal's width: the long name is cut with …, nothing wraps", async () => {
    await twoTournaments();
    const r = ok(
      await sb.run(["tournament", "list"], {
        tty: true,
        now: at(0),
        env: { COLUMNS: "90", NO_COLOR: "1" },
      }),
    );
    const lines = r.stdout.trimEnd().split("\n");
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(90);
    expect(lines[2]).toMatch(/The Extraordinarily[^ ]* [^…]*…/);
    expect(lines[2]).not.toContain("of the North");
    expect(lines[1]).toMatch(/just now$/);
  });

  it("cuts with ~ where the terminal shows ASCII only: TERM=dumb, or a locale not UTF-8", async () => {
    await twoTournaments();
    const list = async (env: Record<string, string>) =>
      ok(
        await sb.run(["tournament", "list"], {
          tty: true,
          now: at(0),
          env: { COLUMNS: "90", NO_COLOR: "1", ...env },
        }),
      ).stdout;
    for (const env of [{ LANG: "C" }, { LC_ALL: "POSIX", LANG: "en_US.UTF-8" }, { TERM: "dumb" }]) {
      const out = await list(env);
      expect(out, JSON.stringify(env)).toMatch(/The Extraordinarily[^ ]* [^~]*~/);
      expect(out, JSON.stringify(env)).not.toMatch(/[^\p{ASCII}]/u);
    }
    // The first locale variable set decides: LC_ALL over LC_CTYPE over LANG.
    for (const env of [{ LANG: "C.UTF-8" }, { LC_CTYPE: "en_GB.utf8", LANG: "C" }])
      expect(await list(env), JSON.stringify(env)).toContain("…");
  });

  it("colours the state, unless NO_COLOR, TERM=dumb or --no-color", async () => {
    await twoTournaments();
    const coloured = ok(
      await sb.run(["tournament", "list"], { tty: true, env: { COLUMNS: "250" } }),
    );
    expect(coloured.stdout).toContain("\u001b[33mpending\u001b[0m");
    for (const off of [
      { env: { NO_COLOR: "1" }, args: [] },
      { env: { TERM: "dumb" }, args: [] },
      { env: {}, args: ["--no-color"] },
    ]) {
      const plain = ok(
        await sb.run(["tournament", "list", ...off.args], {
          tty: true,
          env: { COLUMNS: "250", ...off.env },
        }),
      );
      expect(plain.stdout).toContain("pending");
      expect(plain.stdout).not.toContain("\u001b[");
    }
  });

  it("a record: relative times at a terminal; ISO when piped and in JSON", async () => {
    const starts = new Date(T0.getTime() + 2 * HOUR + 60_000).toISOString();
    ok(
      await sb.run(["tournament", "create", "--name", "Cup", "--starts-at", starts], {
        now: at(0),
      }),
    );
    const tty = ok(
      await sb.run(["tournament", "view", "cup"], {
        tty: true,
        now: at(0),
        env: { NO_COLOR: "1" },
      }),
    );
    expect(tty.stdout).toMatch(/^starts at +in 2 hours$/m);
    expect(tty.stdout).toMatch(/^created +just now$/m);
    const piped = ok(await sb.run(["tournament", "view", "cup"], { now: at(0) }));
    expect(piped.stdout).toMatch(/^starts at\t2025-03-01T14:01:00/m);
    const json = ok(await sb.run(["tournament", "view", "cup", "--json"], { now: at(0) })).json();
    expect(json.starts_at).toMatch(/^2025-03-01T14:01:00/);
    const list = ok(await sb.run(["tournament", "list"], { now: at(3 * DAY) }));
    expect(list.stdout.split("\t")[6]).toMatch(/^2025-03-01T12:00:00/);
  });
});

describe("the pieces", () => {
  it("relativeTime", () => {
    expect(relativeTime("2025-03-01T14:30:00Z", T0)).toBe("in 2 hours");
    expect(relativeTime("2025-02-26T11:00:00.000Z", T0)).toBe("3 days ago");
    expect(relativeTime("2025-03-01T12:00:20+00:00", T0)).toBe("just now");
    expect(relativeTime("2024-03-01T12:00:00Z", T0)).toBe("1 year ago");
    expect(relativeTime("2025-03-01", T0)).toBeUndefined();
    expect(relativeTime("Cup", T0)).toBeUndefined();
  });

  it("fitWidths cuts the widest columns first, keeps narrow ones", () => {
    expect(fitWidths([2, 40, 10], 100)).toEqual([2, 40, 10]);
    expect(fitWidths([2, 40, 10], 30)).toEqual([2, 14, 10]);
    expect(fitWidths([2, 40, 30], 40)).toEqual([2, 17, 17]);
  });

  it("measures wide characters and cuts with …", () => {
    expect(displayWidth("東京")).toBe(4);
    expect(truncate("東京タワー", 5)).toBe("東京…");
    expect(truncate("Ada", 5)).toBe("Ada");
    const table = drawTable(["name", "state"], [[{ text: "東京タワー" }, { text: "open" }]], {
      width: undefined,
      color: false,
    });
    expect(table).toBe("NAME        STATE\n東京タワー  open");
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
  });
});
