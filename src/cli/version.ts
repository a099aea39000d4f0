declare const __TOURNEY_VERSION__: string | undefined;

/** Set by the bundler from package.json; "dev" when running from source (tests). */
export const VERSION: string =
  typeof __TOURNEY_VERSION__ === "string" ? __TOURNEY_VERSION__ : "0.0.0-dev";
