/**
 * A seam for tests of commands run at once: with `TOURNEY_TEST_PAUSE=POINT:FILE` in the
 * environment, a command reaching POINT (`bulk-add-read`: a bulk add has read the names
 * present; `import-read`: an import has looked its tournament up) creates FILE.waiting and
 * waits until FILE exists, polling, so that signals are handled meanwhile: a test orders two
 * processes' steps, or signals one at a known point, by files, never by the clock. Unset (or
 * naming another point): nothing.
 */
export async function pauseAt(point: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const spec = env.TOURNEY_TEST_PAUSE;
  if (spec === undefined || !spec.startsWith(`${point}:`)) return;
  const file = spec.slice(point.length + 1);
  const fs = process.getBuiltinModule("node:fs");
  fs.writeFileSync(`${file}.waiting`, String(process.pid));
  while (!fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
}
