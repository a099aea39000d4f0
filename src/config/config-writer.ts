/**
 * Writes config.json through `conf`, loaded lazily: only the commands that change the
 * configuration (`config set`, `profile add|use|remove`) pay for conf and ajv.
 */
import { causeOf, FolderError, makeFolder } from "../folders/make-folder.js";
import { readConfigFile } from "./config-file.js";
import { ConfigPlaceError } from "./errors.js";
import { withFileLock } from "./file-lock.js";
import { configFilePath, type TourneyPaths } from "./paths.js";
import type { ConfigDocument } from "./settings.js";

function serialize(document: ConfigDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Replaces config.json with `change` of its current content, holding config.json.lock
 * (file-lock.ts): the file is read inside the lock, so that a change made meanwhile by another
 * process is kept, not overwritten. `change` may throw (nothing is written then).
 */
export async function updateConfigFile(
  paths: TourneyPaths,
  change: (document: ConfigDocument) => ConfigDocument,
): Promise<void> {
  const file = configFilePath(paths);
  // The directory also holds credentials.json: create it private.
  try {
    makeFolder(paths.configDir, 0o700);
  } catch (error) {
    if (!(error instanceof FolderError)) throw error;
    throw new ConfigPlaceError(file, `cannot write the configuration ${file}: ${error.message}`, {
      cause: error,
    });
  }
  // Loaded before the lock is taken, so that the lock is held for milliseconds only.
  const { default: Conf } = await import("conf");
  try {
    await withFileLock(file, () => {
      const next = change(readConfigFile(paths));
      const conf = new Conf<ConfigDocument>({
        cwd: paths.configDir,
        configName: "config",
        projectSuffix: "",
        serialize,
        // Each profile's base_url says where its key is sent: no one else may change it,
        // whatever the umask (issue 24, item 10: under umask 000 it was made 0666).
        configFileMode: 0o600,
      });
      conf.store = next;
    });
  } catch (error) {
    // conf writes a temporary file beside config.json and renames it, and the lock is a file
    // beside it too: the folder must be writable.
    const cause = causeOf(error);
    if (cause === undefined) throw error;
    const message = `cannot write the configuration ${file}: its folder ${paths.configDir} cannot be written (${cause})`;
    throw new ConfigPlaceError(file, message, { cause: error });
  }
}
