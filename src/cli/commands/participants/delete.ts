import type { Command } from "commander";
import type { App } from "../../app.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export function registerDelete(noun: Command, app: App): void {
  noun
    .command("delete")
    .alias("rm")
    .description("remove a participant (before the start; later it deactivates and forfeits)")
    .argument("<tournament>", "tournament id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .action(
      async (tournament: string, participant: string, _options: unknown, command: Command) => {
        const f = app.factory(command);
        const client = await f.client();
        const target = await resolveParticipant(client, tournament, participant);
        await f.confirm(`Remove participant ${target.id} "${String(target.attributes.name)}"?`);
        await client.participants.delete(tournament, target.id);
        const printer = f.printer();
        if (printer.mode === "json") printer.json({ id: Number(target.id), deleted: true });
        else printer.note(`Removed participant ${target.id}`);
      },
    );
}
