import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolvePaths } from "../../src/config/paths.js";

const home = "/home/ana";

describe("resolvePaths", () => {
  it.each([
    {
      name: "defaults under the home directory",
      env: {},
      configDir: "/home/ana/.config/tourney",
      dataDir: "/home/ana/.local/share/tourney",
    },
    {
      name: "XDG variables",
      env: { XDG_CONFIG_HOME: "/xdg/config", XDG_DATA_HOME: "/xdg/data" },
      configDir: "/xdg/config/tourney",
      dataDir: "/xdg/data/tourney",
    },
    {
      name: "TOURNEY_* over XDG",
      env: {
        XDG_CONFIG_HOME: "/xdg/config",
        XDG_DATA_HOME: "/xdg/data",
        TOURNEY_CONFIG_DIR: "/t/conf",
        TOURNEY_DATA_DIR: "/t/data",
      },
      configDir: "/t/conf",
      dataDir: "/t/data",
    },
    {
      name: "empty values count as unset",
      env: { XDG_CONFIG_HOME: "", TOURNEY_CONFIG_DIR: "", TOURNEY_DATA_DIR: "" },
      configDir: "/home/ana/.config/tourney",
      dataDir: "/home/ana/.local/share/tourney",
    },
    {
      name: "relative XDG values are ignored, as the XDG spec says",
      env: { XDG_CONFIG_HOME: "relative/conf", XDG_DATA_HOME: "data" },
      configDir: "/home/ana/.config/tourney",
      dataDir: "/home/ana/.local/share/tourney",
    },
  ])("$name", ({ env, configDir, dataDir }) => {
    expect(resolvePaths(env, home)).toEqual({ configDir, dataDir });
  });

  it("makes a relative TOURNEY_CONFIG_DIR absolute", () => {
    const { configDir } = resolvePaths({ TOURNEY_CONFIG_DIR: "conf" }, home);
    expect(path.isAbsolute(configDir)).toBe(true);
    expect(configDir.endsWith(`${path.sep}conf`)).toBe(true);
  });

  it("reads nothing from the process environment", () => {
    process.env.XDG_CONFIG_HOME = "/from/process";
    try {
      expect(resolvePaths({}, home).configDir).toBe("/home/ana/.config/tourney");
    } finally {
      delete process.env.XDG_CONFIG_HOME;
    }
  });
});
