/** `race publish --to`: the race kind of transfer (other-profile.ts). */
import type { RaceExport } from "../../model/race-export.js";
import type { TransferKind } from "./other-profile.js";
import { readRaceExport } from "./race-export-reader.js";
import {
  emptyRaceSummary,
  importRace,
  type RaceImportSummary,
  raceSummaryLine,
} from "./race-importer.js";
import { planRaceImport } from "./race-plan.js";

export const RACES: TransferKind<RaceExport, RaceImportSummary> = {
  read: (client, ref) => readRaceExport(client, ref),
  plan: planRaceImport,
  import: importRace,
  line: raceSummaryLine,
  emptySummary: emptyRaceSummary,
};
