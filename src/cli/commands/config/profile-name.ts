/** Which profile `config` and `auth` commands act on: --profile, TOURNEY_PROFILE, else the active one. */
import type { ConfigStore } from "../../../config/store.js";
import type { Factory } from "../../factory.js";

export function targetProfile(f: Factory, store: ConfigStore): string {
  return f.globals.profile ?? (f.env.TOURNEY_PROFILE || undefined) ?? store.activeProfile();
}
