import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CredentialStore } from "../../src/auth/credentials.js";
import { ConfigError, ConfigPlaceError } from "../../src/config/errors.js";

let root: string;
let configDir: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "tourney-cred-"));
  configDir = path.join(root, "config", "tourney");
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function mode(file: string): number {
  return statSync(file).mode & 0o777;
}

describe("CredentialStore", () => {
  it("returns undefined when nothing is stored", () => {
    expect(new CredentialStore(configDir).get("prod")).toBeUndefined();
  });

  it("a file where its folder should be: ConfigPlaceError naming that file (exit 1, not 2)", () => {
    const blocked = path.join(root, "config");
    writeFileSync(blocked, "");
    let error: unknown;
    try {
      new CredentialStore(configDir).get("prod");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigPlaceError);
    expect((error as ConfigPlaceError).inTheWay).toBe(blocked);
    expect((error as Error).message).toBe(
      `cannot read the credentials ${configDir}/credentials.json: ${blocked} is a file, not a folder`,
    );
  });

  it.runIf(process.getuid?.() !== 0)(
    "a file it may not read: ConfigPlaceError, permission denied",
    () => {
      const store = new CredentialStore(configDir);
      store.setApiKey("prod", "k-123");
      chmodSync(path.join(configDir, "credentials.json"), 0o000);
      expect(() => store.get("prod")).toThrow(
        new ConfigPlaceError(
          "",
          `cannot read the credentials ${configDir}/credentials.json: permission denied`,
        ),
      );
    },
  );

  it("writes credentials.json with mode 0600 in a 0700 directory", () => {
    const previous = process.umask(0o000);
    try {
      new CredentialStore(configDir).setApiKey("prod", "k-123");
    } finally {
      process.umask(previous);
    }
    const file = path.join(configDir, "credentials.json");
    expect(mode(file)).toBe(0o600);
    expect(mode(configDir)).toBe(0o700);
  });

  it("tightens a file that was left readable by others", () => {
    const store = new CredentialStore(configDir);
    store.setApiKey("prod", "k-1");
    writeFileSync(store.path, readFileSync(store.path), { mode: 0o644 });
    store.setApiKey("prod", "k-2");
    expect(mode(store.path)).toBe(0o600);
  });

  it("keeps API keys and tokens per profile, across instances", () => {
    const store = new CredentialStore(configDir);
    store.setApiKey("prod", "key-prod");
    store.setToken("staging", {
      accessToken: "tok",
      refreshToken: "ref",
      expiresAt: "2030-01-01T00:00:00Z",
    });
    const fresh = new CredentialStore(configDir);
    expect(fresh.get("prod")).toEqual({ apiKey: "key-prod" });
    expect(fresh.get("staging")).toEqual({
      token: "tok",
      refreshToken: "ref",
      expiresAt: "2030-01-01T00:00:00Z",
    });
    expect(fresh.has("prod")).toBe(true);
    expect(fresh.has("other")).toBe(false);
  });

  it("stores snake_case entries under profiles", () => {
    const store = new CredentialStore(configDir);
    store.setApiKey("prod", "key-prod");
    store.setToken("prod", { accessToken: "tok", refreshToken: "ref" });
    expect(JSON.parse(readFileSync(store.path, "utf8"))).toEqual({
      profiles: { prod: { api_key: "key-prod", token: "tok", refresh_token: "ref" } },
    });
  });

  it("a new token replaces the old refresh token and expiry but keeps the API key", () => {
    const store = new CredentialStore(configDir);
    store.setApiKey("p", "key");
    store.setToken("p", {
      accessToken: "t1",
      refreshToken: "r1",
      expiresAt: "2030-01-01T00:00:00Z",
    });
    store.setToken("p", { accessToken: "t2" });
    expect(store.get("p")).toEqual({ apiKey: "key", token: "t2" });
  });

  it("removes a profile's credentials and leaves no temporary files", () => {
    const store = new CredentialStore(configDir);
    store.setApiKey("a", "ka");
    store.setApiKey("b", "kb");
    expect(store.remove("a")).toBe(true);
    expect(store.remove("a")).toBe(false);
    expect(store.get("a")).toBeUndefined();
    expect(store.get("b")).toEqual({ apiKey: "kb" });
    expect(readdirSync(configDir)).toEqual(["credentials.json"]);
  });

  it("does not treat Object.prototype names as profiles", () => {
    const store = new CredentialStore(configDir);
    store.setApiKey("prod", "k");
    expect(store.get("constructor")).toBeUndefined();
    expect(store.get("__proto__")).toBeUndefined();
  });

  it("never quotes a secret when the file is corrupt", () => {
    const store = new CredentialStore(configDir);
    store.setApiKey("prod", "sk_live_supersecret");
    const text = readFileSync(store.path, "utf8").replace("}", "");
    writeFileSync(store.path, text);
    let caught: unknown;
    try {
      store.get("prod");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.message).toContain(store.path);
    expect(error.message).not.toContain("supersecret");
    expect(String(error.cause ?? "")).not.toContain("supersecret");
  });

  it("refuses empty secrets without echoing them", () => {
    const store = new CredentialStore(configDir);
    expect(() => store.setApiKey("p", "  ")).toThrow(ConfigError);
    expect(() => store.setToken("p", { accessToken: "abc\ndef" })).toThrow(/access token/);
    expect(() => store.setToken("p", { accessToken: "abc\ndef" })).not.toThrow(/abc/);
    expect(store.get("p")).toBeUndefined();
  });
});
