/** `tourney attachment <verb>`: a match's attachments (links, notes, files); one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { addCommunityOption } from "../community-option.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerAttachmentAdd } from "./add.js";
import { registerAttachmentDelete } from "./delete.js";
import { registerAttachmentList } from "./list.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerAttachmentList },
  { words: ["add"], register: registerAttachmentAdd },
  { words: ["delete", "rm"], register: registerAttachmentDelete },
];

export function registerAttachment(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("attachment")
    .alias("attachments")
    .description("list, add and delete the attachments of a match (links, notes, files)");
  registerVerbs(noun, app, VERBS, verb);
  addCommunityOption(noun);
}
