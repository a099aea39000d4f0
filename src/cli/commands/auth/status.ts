import type { Command } from "commander";
import type { App } from "../../app.js";
import { flatten } from "../../output/records.js";

export function registerStatus(noun: Command, app: App): void {
  noun
    .command("status")
    .description("which profile, backend and credentials a command would use")
    .option("--check", "also ask the service who we are (one request)")
    .action(async (options: { check?: boolean }, command: Command) => {
      const f = app.factory(command);
      const profile = f.profile();
      const credentials = profile.credentials.token
        ? "token"
        : profile.credentials.apiKey
          ? "api key"
          : "none";
      const record: Record<string, unknown> & { id: string } = {
        id: profile.name,
        profile: profile.name,
        backend: profile.backend,
        location: profile.baseUrl ?? profile.dbPath,
        credentials,
      };
      if (options.check) {
        const me = await (await f.client()).user.me();
        record.user = flatten(me).username ?? me.id;
      }
      const fields = [
        "profile",
        "backend",
        "location",
        "credentials",
        ...(options.check ? ["user"] : []),
      ];
      await f.printer().record(
        record,
        fields.map((k) => ({ header: k, value: k })),
      );
    });
}
