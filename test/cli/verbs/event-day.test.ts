/**
 * The event-day verbs' parse steps (no I/O): stations, their queues, match
 * attachments (the file read and checked before any request), and where the
 * community scope comes from.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseAttachmentAdd } from "../../../src/cli/commands/attachment/add.js";
import {
  contentTypeOf,
  readAttachmentFile,
} from "../../../src/cli/commands/attachment/attachment-file.js";
import { parseAttachmentDelete } from "../../../src/cli/commands/attachment/delete.js";
import { addCommunityOption } from "../../../src/cli/commands/community-option.js";
import { stationsByMatch } from "../../../src/cli/commands/match/match-columns.js";
import { parseStationCreate } from "../../../src/cli/commands/station/create.js";
import { parseQueueAdd } from "../../../src/cli/commands/station/queue/add.js";
import { parseQueueMove } from "../../../src/cli/commands/station/queue/move.js";
import { findStation } from "../../../src/cli/commands/station/station-ref.js";
import { parseStationUpdate } from "../../../src/cli/commands/station/update.js";
import { UnknownReferenceError, UsageError } from "../../../src/cli/errors.js";
import { MAX_ATTACHMENT_BYTES } from "../../../src/model/limits.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

const target = { tournament: "cup", station: "Table 1", match: "A" };

describe("station verbs: parsing", () => {
  it("create takes a name and optional stream URL and details", () => {
    expect(
      parseStationCreate("cup", "  Table 1 ", {
        streamUrl: "https://twitch.tv/x",
        details: "left",
      }),
    ).toEqual({
      tournament: "cup",
      attributes: { name: "Table 1", stream_url: "https://twitch.tv/x", details: "left" },
    });
    expect(() => parseStationCreate("cup", " ", {})).toThrow(UsageError);
  });

  it("update needs a change; an empty --stream-url or --details clears it", () => {
    expect(parseStationUpdate("cup", "3", { streamUrl: "", details: "" }).attributes).toEqual({
      stream_url: null,
      details: null,
    });
    expect(parseStationUpdate("cup", "3", { name: "Court 2" }).attributes).toEqual({
      name: "Court 2",
    });
    expect(() => parseStationUpdate("cup", "3", {})).toThrow(/nothing to change/);
    expect(() => parseStationUpdate("cup", "3", { name: "  " })).toThrow(/--name needs/);
  });

  it("queue add takes an optional --position from 1; move a position from 1", () => {
    expect(parseQueueAdd(target, {})).toEqual(target);
    expect(parseQueueAdd(target, { position: "2" })).toEqual({ ...target, position: 2 });
    expect(() => parseQueueAdd(target, { position: "0" })).toThrow(/--position is a position/);
    expect(() => parseQueueAdd(target, { position: "first" })).toThrow(UsageError);
    expect(parseQueueMove(target, "1")).toEqual({ ...target, position: 1 });
    expect(() => parseQueueMove(target, "-1")).toThrow(/<position> is a position/);
  });

  it("finds a station by id or by name (case and blanks forgiven), else names the known ones", () => {
    const stations = [
      { id: "4", type: "station", attributes: { name: "Table 1", match_id: 17 } },
      { id: "5", type: "station", attributes: { name: "Table 2", match_id: null } },
    ];
    expect(findStation(stations, "cup", "5").id).toBe("5");
    expect(findStation(stations, "cup", " table 1").id).toBe("4");
    expect(() => findStation(stations, "cup", "Table 9")).toThrow(UnknownReferenceError);
    expect(() => findStation(stations, "cup", "Table 9")).toThrow(
      'no station "Table 9" in tournament cup: its stations are "Table 1", "Table 2"',
    );
    expect(() => findStation([], "cup", "x")).toThrow(/it has no stations/);
    expect([...stationsByMatch(stations)]).toEqual([[17, "Table 1"]]);
  });
});

describe("attachment verbs: parsing", () => {
  it("add needs --url, --description or --file; a URL is http(s); not a link and a file", () => {
    expect(
      parseAttachmentAdd("cup", "A", { url: "https://youtu.be/x", description: "VOD" }),
    ).toEqual({ tournament: "cup", match: "A", url: "https://youtu.be/x", description: "VOD" });
    expect(parseAttachmentAdd("cup", "A", { description: " notes " })).toEqual({
      tournament: "cup",
      match: "A",
      description: "notes",
    });
    expect(() => parseAttachmentAdd("cup", "A", {})).toThrow(
      /needs --url, --description or --file/,
    );
    expect(() => parseAttachmentAdd("cup", "A", { url: "youtu.be/x" })).toThrow(
      /--url needs an http/,
    );
    expect(() =>
      parseAttachmentAdd("cup", "A", { url: "https://a.example", file: "x.png" }),
    ).toThrow(/not both/);
  });

  it("delete names the attachment by its id", () => {
    expect(parseAttachmentDelete("cup", "A", "12")).toEqual({
      tournament: "cup",
      match: "A",
      attachment: "12",
    });
    expect(() => parseAttachmentDelete("cup", "A", "vod")).toThrow(UsageError);
  });
});

describe("attachment files", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "tourney-attach-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a file up to 250 KB as base64 with its name and content type", () => {
    const path = join(dir, "sheet.PNG");
    writeFileSync(path, Buffer.alloc(MAX_ATTACHMENT_BYTES, 7));
    const asset = readAttachmentFile(path);
    expect(asset.file_name).toBe("sheet.PNG");
    expect(asset.content_type).toBe("image/png");
    expect(Buffer.from(asset.data, "base64").equals(Buffer.alloc(MAX_ATTACHMENT_BYTES, 7))).toBe(
      true,
    );
    expect(contentTypeOf("notes")).toBe("application/octet-stream");
  });

  it("refuses a file one byte over 250 KB, a missing file and a directory", () => {
    const path = join(dir, "big.bin");
    writeFileSync(path, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1));
    expect(() => readAttachmentFile(path)).toThrow(
      `--file ${path} is 256,001 bytes; an attachment file is at most 256,000 bytes (250 KB): nothing was uploaded`,
    );
    expect(() => readAttachmentFile(join(dir, "nope.png"))).toThrow(/no such file/);
    expect(() => readAttachmentFile(dir)).toThrow(/not a file/);
  });
});

describe("the community scope", () => {
  let h: FactoryHarness;
  beforeEach(() => {
    h = createFactoryHarness();
  });
  afterEach(() => h.cleanup());

  it("is --community, then TOURNEY_COMMUNITY, then the profile's setting", async () => {
    expect(h.make().factory.community()).toBeUndefined();
    const env = { TOURNEY_COMMUNITY: "fromenv" };
    expect(h.make({ env }).factory.community()).toBe("fromenv");
    expect(h.make({ env, globals: { community: "flag" } }).factory.community()).toBe("flag");
    const setting = h.make();
    await setting.factory.configStore().set("local", "community", "nerdfest");
    expect(h.make().factory.community()).toBe("nerdfest");
    expect(h.make({ env }).factory.community()).toBe("fromenv");
    expect(() => h.make({ globals: { community: " " } }).factory.community()).toThrow(
      "--community needs a community identifier",
    );
  });

  it("goes on every verb of a noun, and on the verbs of its groups", () => {
    const noun = new Command("station");
    noun.command("list");
    noun.command("queue").command("add");
    addCommunityOption(noun);
    const flags = (c: Command) => c.options.map((o) => o.long);
    expect(flags(noun.commands[0]!)).toEqual(["--community"]);
    expect(flags(noun.commands[1]!.commands[0]!)).toEqual(["--community"]);
    expect(flags(noun.commands[1]!)).toEqual([]);
  });
});
