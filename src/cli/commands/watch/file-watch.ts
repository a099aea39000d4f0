/**
 * An embedded watch over a database file replaced or removed while it runs (a backup moved
 * over it): its connection stays on the old file and it would never see a later report
 * (an outside review). The path is looked at once a second (folders/file-identity.ts, not
 * on each look at the tournament); once it names another file, or none, the watch ends
 * with an error, exit 1 (docs/watching.md).
 */
import { watchFileIdentity } from "../../../folders/file-identity.js";
import { CommandError, HintedError } from "../../errors.js";

export interface WatchedFile {
  /** Aborts when the file is found replaced: the poll loop's signal. */
  readonly signal: AbortSignal;
  /** Stops looking; throws the watch's error if the file was found replaced. */
  end(): void;
}

/** Call once the embedded service has opened `dbPath` (the subject was read). */
export function watchedFile(dbPath: string): WatchedFile {
  const stop = new AbortController();
  const file = watchFileIdentity(dbPath, () => stop.abort());
  return {
    signal: stop.signal,
    end: () => {
      file.stop();
      const why = file.replaced();
      if (why === undefined) return;
      throw new HintedError(
        new CommandError(
          `the database file ${why}; this watch read the old file and would see no later change`,
        ),
        "run `tourney watch` again to watch the file now there",
      );
    },
  };
}
