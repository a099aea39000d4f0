/**
 * Writes config.json through `conf`, loaded lazily: only the commands that change the
 * configuration (`config set`, `profile add|use|remove`) pay for conf and ajv.
 */
import { causeOf, FolderError, makeFolder } from "../folders/make-folder.js";
import { ConfigPlaceError } from "./errors.js";
import { configFilePath, type TourneyPaths } from "./paths.js";
import type { ConfigDocument } from "./settings.js";

function serialize(document: ConfigDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Replaces the whole of config.json with `document` (conf writes atomically). */
export async function writeConfigFile(
  paths: TourneyPaths,
  document: ConfigDocument,
): Promise<void> {
  // The directory also holds credentials.json: create it private.
  try {
    makeFolder(paths.configDir, 0o700);
  } catch (error) {
    if (!(error instanceof FolderError)) throw error;
    const file = configFilePath(paths);
    throw new ConfigPlaceError(file, `cannot write the configuration ${file}: ${error.message}`, {
      cause: error,
    });
  }
  const { default: Conf } = await import("conf");
  const conf = new Conf<ConfigDocument>({
    cwd: paths.configDir,
    configName: "config",
    projectSuffix: "",
    serialize,
    // Each profile's base_url says where its key is sent: no one else may change it,
    // whatever the umask (issue 24, item 10: under umask 000 it was made 0666).
    configFileMode: 0o600,
  });
  try {
    conf.store = document;
  } catch (error) {
    // conf writes a temporary file beside config.json and renames it: the folder must be writable.
    const cause = causeOf(error);
    if (cause === undefined) throw error;
    const file = configFilePath(paths);
    const message = `cannot write the configuration ${file}: its folder ${paths.configDir} cannot be written (${cause})`;
    throw new ConfigPlaceError(file, message, { cause: error });
  }
}
