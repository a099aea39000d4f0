// A group stage set up and played through a service opened in process (bench/group-playout.mjs,
// bench/standings-load.mjs): `call` is service-bundle.mjs serviceCall's.
const T = "/v2.1/tournaments";

/** The body of a change of tournament state. */
export const stateBody = (state) => ({ data: { type: "TournamentState", attributes: { state } } });

/** `count` names P1... added to tournament `id`, 1,000 a request. */
export async function addPlayers(call, id, count) {
  for (let from = 0; from < count; from += 1000) {
    const participants = Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({
      name: `P${from + i + 1}`,
    }));
    await call("POST", `${T}/${id}/participants/bulk_add`, {
      data: { type: "Participants", attributes: { participants } },
    });
  }
}

/**
 * A single elimination with a group stage of `players` players in `stage` groups of 4, 2
 * advancing, made and its group stage started; resolves its id.
 */
export async function startedGroupStage(call, players, stage) {
  const attributes = {
    name: "Groups",
    tournament_type: "single elimination",
    group_stage_enabled: true,
    group_stage_options: {
      stage_type: stage,
      group_size: 4,
      participant_count_to_advance_per_group: 2,
    },
  };
  const id = (await call("POST", T, { data: { type: "tournament", attributes } })).data.id;
  await addPlayers(call, id, players);
  await call("PUT", `${T}/${id}/change_state`, stateBody("start_group_stage"));
  return id;
}

/**
 * Reports every open match of tournament `id` (player 1 winning) until none is open, or
 * `most` of them; resolves how many.
 */
export async function playOpen(call, id, most = Number.POSITIVE_INFINITY) {
  let reports = 0;
  const open = async () => (await call("GET", `${T}/${id}/matches?state=open&per_page=1000`)).data;
  for (let ms = await open(); ms.length > 0 && reports < most; ms = await open()) {
    for (const m of ms.slice(0, most - reports)) {
      const entry = (p, won) => ({
        participant_id: String(p),
        score_set: won ? "2" : "1",
        advancing: won,
      });
      const match = [entry(m.attributes.player1_id, true), entry(m.attributes.player2_id, false)];
      await call("PUT", `${T}/${id}/matches/${m.id}`, {
        data: { type: "Match", attributes: { match } },
      });
      reports++;
    }
  }
  return reports;
}
