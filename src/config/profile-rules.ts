/**
 * How one setting changes a profile's stored settings, and the combinations refused:
 * `local` is always embedded, and a base URL always means the remote backend.
 */
import { ConfigError } from "./errors.js";
import {
  type Backend,
  DEFAULT_PROFILE,
  type ProfileKey,
  type ProfileSettings,
} from "./settings.js";

export function applySetting(
  profile: string,
  settings: ProfileSettings,
  key: ProfileKey,
  value: Backend | string | number,
): ProfileSettings {
  if (
    profile === DEFAULT_PROFILE &&
    (key === "base_url" || (key === "backend" && value === "remote"))
  ) {
    throw new ConfigError(
      `profile '${DEFAULT_PROFILE}' always uses the embedded backend; for a remote service ` +
        "create a profile: `tourney profile add NAME --base-url URL`",
      { key },
    );
  }
  switch (key) {
    case "base_url":
      // A base URL means the remote backend: keep the stored backend consistent with it.
      return { ...settings, base_url: value as string, backend: "remote" };
    case "backend":
      if (value === "embedded" && settings.base_url !== undefined) {
        throw new ConfigError(
          `profile '${profile}' has a base_url, which means the remote backend; ` +
            "remove base_url first to make it embedded",
          { key },
        );
      }
      return { ...settings, backend: value as Backend };
    case "db_path":
      return { ...settings, db_path: value as string };
    case "timeout":
      return { ...settings, timeout: value as number };
    case "community":
      return { ...settings, community: value as string };
    case "auth_url":
    case "device_url":
      return { ...settings, [key]: value as string };
  }
}

export function removeSetting(settings: ProfileSettings, key: ProfileKey): ProfileSettings {
  const next = { ...settings };
  delete next[key];
  return next;
}
