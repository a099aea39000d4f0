/**
 * Accepting attachments once a tournament is underway (an outside review): `attachment add`
 * on a started tournament was refused with "set match_options.accept_attachments to true
 * first", and that update was then refused too ("match_options cannot change while the
 * tournament is underway"). Accepting attachments changes no result: it may change in any
 * state, the refusal names the command, and `--accept-attachments` sets it on create and
 * update. The placement matches (the rest of match_options) stay frozen after the start.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const LINK = ["--url", "https://vod.example/a"];

it("an underway tournament takes --accept-attachments, as the refusal's hint says", async () => {
  await createWith(sb, ["--name", "Cup"], ["Ann", "Bob", "Cy", "Dee"]);
  ok(await sb.run(["tournament", "start", "cup"]));
  const refused = await sb.run(["attachment", "add", "cup", "A", ...LINK]);
  expect(refused.code).toBe(5);
  expect(refused.stderr).toContain("tournament cup does not accept attachments");
  expect(refused.stderr).toContain(
    "hint: `tourney tournament update cup --accept-attachments` lets its matches take them",
  );
  const updated = ok(await sb.run(["tournament", "update", "cup", "--accept-attachments"]));
  expect(updated.stderr).not.toContain("error");
  const added = ok(await sb.run(["attachment", "add", "cup", "A", ...LINK, "--json"])).json();
  expect(added.url).toBe("https://vod.example/a");
  // --set reaches it too, back to false, in any state
  const set = ["--set", "match_options.accept_attachments=false"];
  ok(await sb.run(["tournament", "update", "cup", ...set]));
  expect((await sb.run(["attachment", "add", "cup", "A", ...LINK])).code).toBe(5);
});

it("the placement matches stay frozen after the start, named in the refusal", async () => {
  await createWith(sb, ["--name", "Cup"], ["Ann", "Bob", "Cy", "Dee"]);
  ok(await sb.run(["tournament", "start", "cup"]));
  const r = await sb.run(["tournament", "update", "cup", "--third-place", "--accept-attachments"]);
  expect(r.code).toBe(5);
  expect(r.stderr).toContain(
    "match_options.consolation_matches_target_rank cannot change while the tournament is underway",
  );
  // nothing of the refused update was written
  expect((await sb.run(["attachment", "add", "cup", "A", ...LINK])).code).toBe(5);
});

it("tournament create --accept-attachments: a match takes one once started", async () => {
  await createWith(sb, ["--name", "Cup", "--accept-attachments"], ["Ann", "Bob"]);
  ok(await sb.run(["tournament", "start", "cup"]));
  ok(await sb.run(["attachment", "add", "cup", "A", ...LINK]));
});
