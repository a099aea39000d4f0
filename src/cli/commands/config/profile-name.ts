/** Which profile `config` and `auth` commands act on: --profile, TOURNEY_PROFILE, else the active one. */
import { fromEnv } from "../../../config/resolve.js";
import type { ConfigStore } from "../../../config/store.js";
import type { Factory } from "../../factory.js";

export function targetProfile(f: Factory, store: ConfigStore): string {
  return f.globals.profile ?? fromEnv(f.env, "TOURNEY_PROFILE") ?? store.activeProfile();
}
