/** curl (the real client, a separate process) against a served address: status, headers, body. */
import { execFile } from "node:child_process";

export interface CurlResult {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Runs `curl -sS -i ...args` and splits its answer. */
export function curl(args: readonly string[]): Promise<CurlResult> {
  return new Promise((resolve, reject) => {
    execFile("curl", ["-sS", "-i", ...args], { timeout: 20_000 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`curl ${args.join(" ")}: ${stderr || error.message}`));
        return;
      }
      const end = stdout.indexOf("\r\n\r\n");
      const head = stdout.slice(0, end).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(head[0]!.split(" ")[1]),
        headers,
        body: stdout.slice(end + 4),
      });
    });
  });
}
