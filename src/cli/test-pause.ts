/**
 * A seam for tests of commands run at once: with `TOURNEY_TEST_PAUSE=POINT:FILE` in the
 * environment, a command reaching POINT (`bulk-add-read`: a bulk add has read the names
 * present; `bulk-add-chunk`: a bulk add has had the answer to a request, the first one it
 * holds at; `import-read`: an import has looked its tournament up) creates FILE.waiting and
 * waits until FILE exists (or `stop` is aborted: Ctrl-C), polling, so that signals are handled
 * meanwhile: a test orders two processes' steps, or signals one at a known point, by files,
 * never by the clock. Unset (or naming another point): nothing.
 */
export async function pauseAt(
  point: string,
  env: NodeJS.ProcessEnv = process.env,
  stop?: AbortSignal,
): Promise<void> {
  const spec = env.TOURNEY_TEST_PAUSE;
  if (spec === undefined || !spec.startsWith(`${point}:`)) return;
  const file = spec.slice(point.length + 1);
  const fs = process.getBuiltinModule("node:fs");
  fs.writeFileSync(`${file}.waiting`, String(process.pid));
  while (!fs.existsSync(file) && stop?.aborted !== true)
    await new Promise((resolve) => setTimeout(resolve, 10));
}
