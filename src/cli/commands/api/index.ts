/**
 * `tourney api <path>`: the raw interface, a noun with one default action (request.ts),
 * for what no verb covers yet, in the style of `gh api`.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { type ApiFlags, parseApi, runApi } from "./request.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

const HELP = `
The path is under /v2.1 unless it names a version (/v2.1/..., /v1/...); the profile
says which service (embedded by default, or remote) and its credentials are sent. On a
remote profile a /v2.1 path with no extension gets .json, as the published description
writes every path (/me is sent as /v2.1/me.json); the embedded backend takes both.
A list is {data, meta, links} from tourney's services and a bare array where a service
answers as the description draws it: '(.data? // .)' reads either, as below.
Fields make a JSON body (POST unless -X says otherwise); with GET or --input they go
in the query string. --input is the body (POST unless -X says otherwise; not with GET). The body is printed on errors too; the exit code says which. A redirect is never
followed: its body (and with -i its headers) printed, it exits 1 naming the Location.
--paginate writes each page as it comes, as one document; --jq '.data[] | ...' runs on
each page as it comes, any other program once over the whole list (held until its end).

Examples:
  tourney api /tournaments.json --paginate --jq '(.data? // .) | length'
  tourney api tournaments -f 'data[type]=tournaments' -f 'data[attributes][name]=Cup' \\
    -F 'data[attributes][private]=true'
  tourney api -X PUT /tournaments/cup/change_state -f 'data[type]=TournamentState' \\
    -f 'data[attributes][state]=start'
  tourney api -i /me
  tourney api -X POST /tournaments/cup/participants/bulk_add --input roster.json`;

export function registerApi(program: Command, app: App): void {
  program
    .command("api")
    .description("send a request to the v2.1 interface and print the response (like gh api)")
    .argument("<path>", "path of the request, e.g. /tournaments.json or tournaments/12/matches")
    .option("-X, --method <method>", "HTTP method (default: GET, or POST with fields or --input)")
    .option(
      "-f, --raw-field <key=value>",
      "a string field (repeatable; key[sub]=v, key[]=v)",
      collect,
    )
    .option(
      "-F, --field <key=value>",
      "a typed field: true, false, null, integers, @file (@- is stdin) (repeatable)",
      collect,
    )
    .option("-H, --header <name:value>", "an HTTP request header (repeatable)", collect)
    .option("--input <file>", "the request body from a file, or - for stdin")
    .option("-i, --include", "print the response's status line and headers before the body")
    .option("--paginate", "follow every page of a list, joining their data (GET only)")
    .addHelpText("after", HELP)
    .action(async (path: string, flags: ApiFlags, command: Command) =>
      runApi(app.factory(command), parseApi(path, flags)),
    );
}
