/** `tourney community <verb>`: the communities of the current user; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerCommunityList } from "./list.js";

const VERBS: readonly Verb[] = [{ words: ["list", "ls"], register: registerCommunityList }];

export function registerCommunity(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("community")
    .alias("communities")
    .description("list your communities (a tournament command takes one with --community)");
  registerVerbs(noun, app, VERBS, verb);
}
