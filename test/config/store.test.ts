import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CredentialStore } from "../../src/auth/credentials.js";
import { ConfigError } from "../../src/config/errors.js";
import { resolvePaths, type TourneyPaths } from "../../src/config/paths.js";
import { resolveProfile } from "../../src/config/resolve.js";
import { ConfigStore } from "../../src/config/store.js";

let home: string;
let paths: TourneyPaths;
let store: ConfigStore<CredentialStore>;

beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "tourney-store-"));
  paths = resolvePaths({ XDG_CONFIG_HOME: path.join(home, "xdg") }, home);
  store = new ConfigStore(paths, new CredentialStore(paths.configDir));
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

function onDisk(): unknown {
  return JSON.parse(readFileSync(path.join(paths.configDir, "config.json"), "utf8"));
}

function freshResolve(profile?: string) {
  const flags = profile === undefined ? {} : { profile };
  return resolveProfile({
    flags,
    env: {},
    paths: resolvePaths({ XDG_CONFIG_HOME: path.join(home, "xdg") }, home),
    credentials: store.credentials,
  });
}

describe("profiles", () => {
  it("lists only local when nothing is configured, and writes nothing", () => {
    expect(store.listProfiles()).toEqual([
      {
        name: "local",
        backend: "embedded",
        dbPath: path.join(paths.dataDir, "tourney.db"),
        active: true,
        hasCredentials: false,
      },
    ]);
    expect(existsSync(paths.configDir)).toBe(false);
  });

  it("add, use and remove round-trip through config.json in XDG_CONFIG_HOME", async () => {
    await store.addProfile("prod", { baseUrl: "https://prod.example.com", timeout: 10 });
    await store.useProfile("prod");
    expect(path.dirname(store.paths.configDir)).toBe(path.join(home, "xdg"));
    expect(onDisk()).toEqual({
      active_profile: "prod",
      profiles: { prod: { backend: "remote", base_url: "https://prod.example.com", timeout: 10 } },
    });
    expect(freshResolve()).toMatchObject({
      name: "prod",
      backend: "remote",
      baseUrl: "https://prod.example.com",
      timeoutSeconds: 10,
    });

    store.credentials.setApiKey("prod", "secret-key");
    expect(
      store
        .listProfiles()
        .map(({ name, active, hasCredentials }) => [name, active, hasCredentials]),
    ).toEqual([
      ["local", false, false],
      ["prod", true, true],
    ]);

    await store.removeProfile("prod");
    expect(onDisk()).toEqual({ profiles: {} });
    expect(new CredentialStore(paths.configDir).get("prod")).toBeUndefined();
    expect(freshResolve().name).toBe("local");
    expect(() => freshResolve("prod")).toThrow(/does not exist/);
  });

  it("never puts a secret in the profile list", async () => {
    await store.addProfile("prod", { baseUrl: "https://prod.example.com" });
    store.credentials.setToken("prod", { accessToken: "tok-secret", refreshToken: "ref-secret" });
    expect(JSON.stringify(store.listProfiles())).not.toMatch(/secret/);
  });

  it("adds an embedded profile with an absolute db path", async () => {
    await store.addProfile("lan", { dbPath: "lan.db" });
    const [, lan] = store.listProfiles();
    expect(lan).toMatchObject({ name: "lan", backend: "embedded", dbPath: path.resolve("lan.db") });
  });

  it("does not let a new profile inherit credentials left under its name", async () => {
    store.credentials.setApiKey("prod", "orphan");
    await store.addProfile("prod", { baseUrl: "https://prod.example.com" });
    expect(store.credentials.get("prod")).toBeUndefined();
  });

  it.each([
    { case: "a bad name", name: "Prod", input: {}, message: /invalid profile name 'Prod'/ },
    { case: "local", name: "local", input: {}, message: /built-in/ },
    {
      case: "remote without URL",
      name: "p",
      input: { backend: "remote" as const },
      message: /needs a base URL/,
    },
    {
      case: "embedded with URL",
      name: "p",
      input: { backend: "embedded" as const, baseUrl: "https://x.example.com" },
      message: /base URL means the remote backend/,
    },
    {
      case: "an ftp URL",
      name: "p",
      input: { baseUrl: "ftp://x.example.com" },
      message: /base_url.*http/,
    },
    {
      case: "a zero timeout",
      name: "p",
      input: { timeout: 0 },
      message: /timeout.*positive number/,
    },
  ])("addProfile refuses $case", async ({ name, input, message }) => {
    await expect(store.addProfile(name, input)).rejects.toThrow(ConfigError);
    await expect(store.addProfile(name, input)).rejects.toThrow(message);
    expect(existsSync(path.join(paths.configDir, "config.json"))).toBe(false);
  });

  it("refuses an existing name, removing local, and unknown profiles", async () => {
    await store.addProfile("prod", { baseUrl: "https://prod.example.com" });
    await expect(store.addProfile("prod", { baseUrl: "https://b.example.com" })).rejects.toThrow(
      /already exists/,
    );
    await expect(store.removeProfile("local")).rejects.toThrow(/cannot be removed/);
    await expect(store.removeProfile("ghost")).rejects.toThrow(/'ghost' does not exist/);
    await expect(store.useProfile("ghost")).rejects.toThrow(/'ghost' does not exist/);
  });

  it("removing another profile keeps the active one", async () => {
    await store.addProfile("a", {});
    await store.addProfile("b", {});
    await store.useProfile("a");
    await store.removeProfile("b");
    expect(store.activeProfile()).toBe("a");
  });
});

describe("settings", () => {
  it("get returns defaults, then stored values parsed per key", async () => {
    expect(store.get("local", "timeout")).toBe(30);
    expect(store.get("local", "backend")).toBe("embedded");
    expect(store.get("local", "base_url")).toBeUndefined();
    expect(store.get("local", "active_profile")).toBe("local");
    await store.set("local", "timeout", "12.5");
    await store.set("local", "db_path", "/srv/t.db");
    expect(store.get("local", "timeout")).toBe(12.5);
    expect(onDisk()).toEqual({ profiles: { local: { timeout: 12.5, db_path: "/srv/t.db" } } });
    expect(freshResolve()).toMatchObject({ timeoutSeconds: 12.5, dbPath: "/srv/t.db" });
  });

  it("list shows every key with its source", async () => {
    await store.addProfile("prod", { baseUrl: "https://prod.example.com" });
    await store.set("prod", "timeout", "5");
    await store.set("prod", "community", "nerdfest");
    await store.set("prod", "auth_url", "https://auth.example.com");
    expect(store.list("prod")).toEqual([
      { key: "active_profile", value: "local", source: "default" },
      { key: "backend", value: "remote", source: "set" },
      { key: "base_url", value: "https://prod.example.com", source: "set" },
      { key: "db_path", value: path.join(paths.dataDir, "tourney-prod.db"), source: "default" },
      { key: "timeout", value: 5, source: "set" },
      { key: "community", value: "nerdfest", source: "set" },
      { key: "auth_url", value: "https://auth.example.com", source: "set" },
      { key: "device_url", value: undefined, source: "default" },
    ]);
    expect(freshResolve("prod").community).toBe("nerdfest");
  });

  it("setting base_url makes the profile remote; active_profile acts as use", async () => {
    await store.addProfile("lan", {});
    await store.set("lan", "base_url", "http://10.0.0.2:8080");
    await store.set("lan", "active_profile", "lan");
    expect(freshResolve()).toMatchObject({
      name: "lan",
      backend: "remote",
      baseUrl: "http://10.0.0.2:8080",
    });
  });

  it("unset brings the default back", async () => {
    await store.set("local", "timeout", "9");
    await store.unset("local", "timeout");
    expect(store.get("local", "timeout")).toBe(30);
    expect(onDisk()).toEqual({ profiles: {} });
  });

  it.each([
    {
      key: "colour",
      value: "red",
      message:
        /unknown configuration key 'colour'; the keys are: active_profile, backend, base_url, db_path, timeout, community/,
    },
    {
      key: "timeout",
      value: "-3",
      message: /invalid value for timeout: '-3'; accepted values: a positive number/,
    },
    { key: "timeout", value: "soon", message: /timeout/ },
    { key: "timeout", value: "", message: /timeout/ },
    {
      key: "backend",
      value: "cloud",
      message: /invalid value for backend: 'cloud'; accepted values: embedded, remote/,
    },
    { key: "base_url", value: "example.com", message: /base_url.*http:\/\/ or https:\/\// },
    {
      key: "base_url",
      value: "https://user:pw@x.example.com",
      message: /must not contain a user name or password/,
    },
    { key: "active_profile", value: "ghost", message: /'ghost' does not exist/ },
  ])("set refuses $key=$value", async ({ key, value, message }) => {
    await store.addProfile("p", {});
    const before = readFileSync(path.join(paths.configDir, "config.json"), "utf8");
    const attempt = store.set("p", key, value);
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(store.set("p", key, value)).rejects.toThrow(message);
    expect(readFileSync(path.join(paths.configDir, "config.json"), "utf8")).toBe(before);
  });

  it("never echoes a password given in a base URL", async () => {
    await expect(store.set("local", "base_url", "https://u:hunter2@x.example.com")).rejects.toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
    );
  });

  it("keeps local embedded", async () => {
    await expect(store.set("local", "base_url", "https://x.example.com")).rejects.toThrow(
      /always uses the embedded/,
    );
    await expect(store.set("local", "backend", "remote")).rejects.toThrow(
      /always uses the embedded/,
    );
  });

  it("refuses to make a profile with a base_url embedded", async () => {
    await store.addProfile("prod", { baseUrl: "https://prod.example.com" });
    await expect(store.set("prod", "backend", "embedded")).rejects.toThrow(/remove base_url first/);
  });

  it("get and set on an unknown profile say how to create it", async () => {
    expect(() => store.get("ghost", "timeout")).toThrow(/tourney profile add ghost/);
    await expect(store.set("ghost", "timeout", "3")).rejects.toThrow(/tourney profile add ghost/);
  });
});
