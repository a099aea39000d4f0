import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CredentialStore } from "../../src/auth/credentials.js";
import { ConfigError } from "../../src/config/errors.js";
import { resolvePaths, type TourneyPaths } from "../../src/config/paths.js";
import { type ResolveFlags, resolveProfile } from "../../src/config/resolve.js";

let home: string;
let paths: TourneyPaths;

beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "tourney-resolve-"));
  paths = resolvePaths({}, home);
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

function writeConfig(document: unknown): void {
  mkdirSync(paths.configDir, { recursive: true });
  writeFileSync(path.join(paths.configDir, "config.json"), JSON.stringify(document));
}

function resolve(flags: ResolveFlags = {}, env: Record<string, string> = {}) {
  return resolveProfile({ flags, env, paths, credentials: new CredentialStore(paths.configDir) });
}

describe("resolveProfile defaults", () => {
  it("without any file gives the embedded local profile with its db under dataDir", () => {
    expect(resolve()).toEqual({
      name: "local",
      backend: "embedded",
      dbPath: path.join(home, ".local", "share", "tourney", "tourney.db"),
      timeoutSeconds: 30,
      credentials: {},
      credentialSource: "none",
    });
  });

  it("honours XDG_DATA_HOME for the local database", () => {
    const xdg = path.join(home, "xdg-data");
    const xdgPaths = resolvePaths({ XDG_DATA_HOME: xdg }, home);
    const resolved = resolveProfile({
      flags: {},
      env: {},
      paths: xdgPaths,
      credentials: new CredentialStore(xdgPaths.configDir),
    });
    expect(resolved.dbPath).toBe(path.join(xdg, "tourney", "tourney.db"));
  });

  it("gives another embedded profile its own database file unless db_path is set", () => {
    writeConfig({
      profiles: {
        lan: { backend: "embedded" },
        club: { backend: "embedded", db_path: "/srv/c.db" },
      },
    });
    expect(resolve({ profile: "lan" }).dbPath).toBe(path.join(paths.dataDir, "tourney-lan.db"));
    expect(resolve({ profile: "club" }).dbPath).toBe("/srv/c.db");
  });

  it("takes the profile's timeout", () => {
    writeConfig({ profiles: { local: { timeout: 7.5 } } });
    expect(resolve().timeoutSeconds).toBe(7.5);
  });
});

describe("resolveProfile precedence: flag > environment > profile > default", () => {
  beforeEach(() => {
    writeConfig({
      active_profile: "staging",
      profiles: {
        prod: { backend: "remote", base_url: "https://prod.example.com" },
        staging: { backend: "remote", base_url: "https://staging.example.com", timeout: 5 },
      },
    });
    const credentials = new CredentialStore(paths.configDir);
    credentials.setApiKey("prod", "stored-prod-key");
    credentials.setToken("staging", { accessToken: "stored-staging-token" });
  });

  it.each([
    { case: "profile from active_profile", flags: {}, env: {}, name: "staging" },
    {
      case: "TOURNEY_PROFILE over active_profile",
      flags: {},
      env: { TOURNEY_PROFILE: "prod" },
      name: "prod",
    },
    {
      case: "--profile over TOURNEY_PROFILE",
      flags: { profile: "local" },
      env: { TOURNEY_PROFILE: "prod" },
      name: "local",
    },
    {
      case: "empty TOURNEY_PROFILE ignored",
      flags: {},
      env: { TOURNEY_PROFILE: "" },
      name: "staging",
    },
  ])("$case", ({ flags, env, name }) => {
    expect(resolve(flags, env).name).toBe(name);
  });

  it.each([
    { case: "base URL from the profile", flags: {}, env: {}, url: "https://staging.example.com" },
    {
      case: "TOURNEY_BASE_URL over the profile",
      flags: {},
      env: { TOURNEY_BASE_URL: "http://env.example.com" },
      url: "http://env.example.com",
    },
    {
      case: "--base-url over TOURNEY_BASE_URL",
      flags: { baseUrl: "https://flag.example.com" },
      env: { TOURNEY_BASE_URL: "http://env.example.com" },
      url: "https://flag.example.com",
    },
  ])("$case", ({ flags, env, url }) => {
    const resolved = resolve(flags, env);
    expect(resolved.baseUrl).toBe(url);
    expect(resolved.backend).toBe("remote");
    expect(resolved.timeoutSeconds).toBe(5);
  });

  it("a base URL from the environment turns local into a remote backend", () => {
    const resolved = resolve({ profile: "local" }, { TOURNEY_BASE_URL: "https://x.example.com" });
    expect(resolved).toMatchObject({
      name: "local",
      backend: "remote",
      baseUrl: "https://x.example.com",
    });
  });

  it.each([
    {
      case: "stored API key",
      flags: { profile: "prod" },
      env: {},
      credentials: { apiKey: "stored-prod-key" },
      source: "stored",
    },
    {
      case: "stored token",
      flags: {},
      env: {},
      credentials: { token: "stored-staging-token" },
      source: "stored",
    },
    {
      case: "TOURNEY_API_KEY replaces the stored token",
      flags: {},
      env: { TOURNEY_API_KEY: "env-key" },
      credentials: { apiKey: "env-key" },
      source: "TOURNEY_API_KEY",
    },
    {
      case: "TOURNEY_TOKEN replaces the stored API key",
      flags: { profile: "prod" },
      env: { TOURNEY_TOKEN: "env-token" },
      credentials: { token: "env-token" },
      source: "TOURNEY_TOKEN",
    },
    {
      case: "both environment credentials",
      flags: { profile: "prod" },
      env: { TOURNEY_TOKEN: "t", TOURNEY_API_KEY: "k" },
      credentials: { token: "t", apiKey: "k" },
      source: "TOURNEY_TOKEN",
    },
    {
      case: "no credentials for local",
      flags: { profile: "local" },
      env: {},
      credentials: {},
      source: "none",
    },
  ])("credentials: $case", ({ flags, env, credentials, source }) => {
    expect(resolve(flags, env).credentials).toEqual(credentials);
    expect(resolve(flags, env).credentialSource).toBe(source);
  });
});

describe("resolveProfile errors", () => {
  it("names an unknown profile and how to create it", () => {
    expect(() => resolve({ profile: "ghost" })).toThrow(ConfigError);
    expect(() => resolve({ profile: "ghost" })).toThrow(
      /profile 'ghost'.*does not exist; `tourney profile list` shows the profiles, `tourney profile add ghost --base-url URL` creates one/,
    );
    expect(() => resolve({}, { TOURNEY_PROFILE: "ghost" })).toThrow(/TOURNEY_PROFILE/);
  });

  it("does not take Object.prototype names for profiles", () => {
    writeConfig({ profiles: {} });
    expect(() => resolve({ profile: "constructor" })).toThrow(/does not exist/);
  });

  it("refuses a remote profile without a base URL", () => {
    writeConfig({ profiles: { half: { backend: "remote" } } });
    expect(() => resolve({ profile: "half" })).toThrow(/remote backend but has no base URL/);
    expect(resolve({ profile: "half", baseUrl: "https://ok.example.com" }).backend).toBe("remote");
  });

  it("refuses a bad base URL from a flag or the environment, naming its source", () => {
    expect(() => resolve({ baseUrl: "ftp://x" })).toThrow(/--base-url.*http:\/\/ or https:\/\//);
    expect(() => resolve({}, { TOURNEY_BASE_URL: "not a url" })).toThrow(/TOURNEY_BASE_URL/);
  });

  it("reports a corrupt config file with its path and how to fix it", () => {
    mkdirSync(paths.configDir, { recursive: true });
    const file = path.join(paths.configDir, "config.json");
    writeFileSync(file, '{"active_profile": "prod",');
    let caught: unknown;
    try {
      resolve();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).file).toBe(file);
    expect((caught as ConfigError).message).toContain(file);
    expect((caught as ConfigError).message).toMatch(
      /not valid JSON.*fix it in an editor, or delete it/,
    );
  });

  it.each([
    { case: "not an object", document: [1, 2] },
    { case: "an unknown top-level key", document: { colour: "red" } },
    { case: "an unknown profile key", document: { profiles: { p: { colour: "red" } } } },
    { case: "a bad timeout", document: { profiles: { p: { timeout: -1 } } } },
    { case: "a timeout as a string", document: { profiles: { p: { timeout: "30" } } } },
    { case: "a bad backend", document: { profiles: { p: { backend: "cloud" } } } },
    { case: "a bad profile name", document: { profiles: { "Bad Name": {} } } },
  ])("reports a config file with $case", ({ document }) => {
    writeConfig(document);
    expect(() => resolve()).toThrow(ConfigError);
    expect(() => resolve()).toThrow(/config\.json/);
  });
});
