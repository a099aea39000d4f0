import { describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { json, record, routeTransport } from "./stub-transport.js";

/** The participant the published description draws as its example, placeholders and all. */
const drawn = record(76, "participant", {
  name: "Player 1's Name",
  group_id: "(If this is a group stage match, there will be a group id here.)",
  tournament_id: 21,
  username: "(The participant's associated the service username, if present.)",
  timestamps: { created_at: "string", updated_at: "2023-04-21T14:29:06.374Z" },
});

function clientTelling(notes: string[], body: unknown) {
  const transport = routeTransport(() => json(200, body));
  return createApiClient({ transport, onUnreadable: (note) => notes.push(note) });
}

describe("values a remote service sends that cannot be read", () => {
  it("reads a placeholder id or date as unset and names the field, once per field", async () => {
    const notes: string[] = [];
    const client = clientTelling(notes, [drawn, { ...drawn, id: "77" }]);
    const list = await client.participants.list(1);
    expect(list.data.map((p) => p.attributes.group_id)).toEqual([null, null]);
    expect(list.data[0]?.attributes).toMatchObject({
      tournament_id: 21,
      username: "(The participant's associated the service username, if present.)",
      timestamps: { created_at: null, updated_at: "2023-04-21T14:29:06.374Z" },
    });
    expect(notes).toEqual([
      'participant 76: group_id "(If this is a group stage match, there… is not an id; read as unset',
      'participant 76: timestamps.created_at "string" is not a date; read as unset',
    ]);
  });

  it("reads camelCase race dates and the publisher's date format", async () => {
    const notes: string[] = [];
    const race = record("gp", "Race", {
      timestamps: { startsAt: "string", createdAt: "2025-07-27 13:23:03 +0000" },
    });
    const client = clientTelling(notes, { data: race });
    const read = await client.races.get("gp");
    expect(read.attributes.timestamps).toEqual({
      startsAt: null,
      createdAt: "2025-07-27 13:23:03 +0000",
    });
    expect(notes).toEqual(['Race gp: timestamps.startsAt "string" is not a date; read as unset']);
  });

  it("takes records as sent without a listener (the embedded backend)", async () => {
    const transport = routeTransport(() => json(200, { data: drawn }));
    const client = createApiClient({ transport });
    const read = await client.participants.get(1, 76);
    expect(read.attributes.group_id).toBe(drawn.attributes.group_id);
  });
});
