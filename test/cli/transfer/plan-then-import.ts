/**
 * A document planned (`publish --dry-run`'s plan) and then imported into the target of a
 * transfer pair, with the requests other than reads the import sent: what the stop tests
 * compare (import-plan-stop, import-roster-stop).
 */
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport } from "../../../src/cli/transfer/importer.js";
import type { Transport } from "../../../src/client/transport.js";
import type { TournamentExport } from "../../../src/model/tournament-export.js";
import type { TransferPair } from "../../helpers/transfer-pair.js";

export async function planThenImport(pair: TransferPair, doc: TournamentExport) {
  const writes: string[] = [];
  const t = pair.target.make({
    transport: (shared): Transport => ({
      send: (request) => {
        if (request.method !== "GET") writes.push(`${request.method} ${request.path}`);
        return shared.send(request);
      },
      close: () => shared.close(),
    }),
  });
  const client = await t.factory.client();
  const plan = await planImport(client, doc);
  const error = await importExport(client, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { plan, error, writes };
}
