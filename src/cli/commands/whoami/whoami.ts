/** `tourney whoami`: the user the service knows the credentials as (`GET /me`). */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import type { Column } from "../../output/printer.js";
import { flatten } from "../../output/records.js";
import { verbHelp } from "../verb-help.js";

export const USER_FIELDS: readonly Column[] = [
  { header: "username", value: "username" },
  { header: "email", value: "email" },
  { header: "image url", value: "image_url" },
];

export async function runWhoami(f: Factory): Promise<void> {
  const client = await f.client();
  await f.printer().record(flatten(await client.user.me()), USER_FIELDS);
}

export function registerWhoami(program: Command, app: App): void {
  program
    .command("whoami")
    .description("show the user the service knows your credentials as")
    .addHelpText(
      "after",
      "\nFields: username, email, image url. --json prints the service's record (id plus attributes).",
    )
    .addHelpText("after", verbHelp({ examples: ["", "--profile lan"] }))
    .action(async (_flags: unknown, command: Command) => runWhoami(app.factory(command)));
}
