/**
 * The deprecated v1 interface (issue 17), served beside v2.1 by `tourney serve`:
 * its routes authenticate themselves (`api_key`, transport.ts), so the v2.1
 * header check skips paths under /v1.
 */
import type { ServiceContext } from "../context.js";
import type { Router } from "../router.js";
import { registerV1AttachmentRoutes } from "./attachments.js";
import { registerV1MatchRoutes } from "./matches.js";
import { registerV1ParticipantRoutes } from "./participants.js";
import { registerV1TournamentRoutes } from "./tournaments.js";
import { V1_PREFIX } from "./transport.js";

export function registerV1Routes(router: Router, service: ServiceContext): void {
  router.authenticatesUnder(V1_PREFIX);
  registerV1TournamentRoutes(router, service);
  registerV1ParticipantRoutes(router, service);
  registerV1MatchRoutes(router, service);
  registerV1AttachmentRoutes(router, service);
}
