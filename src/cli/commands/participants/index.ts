/** `tourney participants <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { addCommunityOption } from "../community-option.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerAdd } from "./add.js";
import { registerBulkAdd } from "./bulk-add.js";
import { registerCheckIn } from "./check-in.js";
import { registerClear } from "./clear.js";
import { registerDelete } from "./delete.js";
import { registerList } from "./list.js";
import { type OwnerKind, TOURNAMENT_OWNER } from "./participant-owner.js";
import { registerRandomize } from "./randomize.js";
import { registerRegister } from "./register.js";
import { registerUndoCheckIn } from "./undo-check-in.js";
import { registerUnregister } from "./unregister.js";
import { registerUpdate } from "./update.js";
import { registerView } from "./view.js";

type OwnedRegister = (noun: Command, app: App, kind: OwnerKind) => void;

/** The verbs a race's participants have as well as a tournament's. */
const OWNED: readonly { readonly words: readonly string[]; readonly register: OwnedRegister }[] = [
  { words: ["list", "ls"], register: registerList },
  { words: ["view", "show"], register: registerView },
  { words: ["add"], register: registerAdd },
  { words: ["bulk-add"], register: registerBulkAdd },
  { words: ["update", "edit"], register: registerUpdate },
  { words: ["delete", "rm"], register: registerDelete },
  { words: ["clear"], register: registerClear },
  { words: ["randomize", "shuffle"], register: registerRandomize },
];

/** Those verbs, serving the participants of `kind` (`tourney race participants` uses them). */
export function ownedVerbs(kind: OwnerKind): Verb[] {
  return OWNED.map((verb) => ({
    words: verb.words,
    register: (noun: Command, app: App) => verb.register(noun, app, kind),
  }));
}

const VERBS: readonly Verb[] = [
  ...ownedVerbs(TOURNAMENT_OWNER),
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
  addCommunityOption(noun);
}
