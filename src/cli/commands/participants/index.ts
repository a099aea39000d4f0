/** `tourney participants <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerAdd } from "./add.js";
import { registerBulkAdd } from "./bulk-add.js";
import { registerCheckIn } from "./check-in.js";
import { registerClear } from "./clear.js";
import { registerDelete } from "./delete.js";
import { registerList } from "./list.js";
import { registerRandomize } from "./randomize.js";
import { registerRegister } from "./register.js";
import { registerUndoCheckIn } from "./undo-check-in.js";
import { registerUnregister } from "./unregister.js";
import { registerUpdate } from "./update.js";
import { registerView } from "./view.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerList },
  { words: ["view", "show"], register: registerView },
  { words: ["add"], register: registerAdd },
  { words: ["bulk-add"], register: registerBulkAdd },
  { words: ["update", "edit"], register: registerUpdate },
  { words: ["delete", "rm"], register: registerDelete },
  { words: ["clear"], register: registerClear },
  { words: ["randomize", "shuffle"], register: registerRandomize },
  { words: ["check-in"], register: registerCheckIn },
  { words: ["undo-check-in"], register: registerUndoCheckIn },
  { words: ["register"], register: registerRegister },
  { words: ["unregister"], register: registerUnregister },
];

export function registerParticipants(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("participants")
    .alias("participant")
    .description("add, list, seed, check in and remove the participants of a tournament");
  registerVerbs(noun, app, VERBS, verb);
}
