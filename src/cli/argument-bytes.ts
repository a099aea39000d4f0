/**
 * The bytes of this process's arguments as it got them, before Node decoded them as UTF-8
 * (argv-utf8.ts tells a U+FFFD typed from one Node put for bytes that are not UTF-8). The
 * entry point hands it to the core (CliDeps.argumentBytes); read only when an argument
 * holds U+FFFD.
 */

/** The bytes of the last `count` arguments of this process, if the system tells them. */
export function processArgumentBytes(count: number): readonly Uint8Array[] | undefined {
  if (process.platform !== "linux") return undefined;
  let bytes: Buffer;
  try {
    bytes = process.getBuiltinModule("node:fs").readFileSync("/proc/self/cmdline");
  } catch {
    return undefined;
  }
  const entries: Buffer[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(0, start);
    const stop = end === -1 ? bytes.length : end;
    entries.push(bytes.subarray(start, stop));
    start = stop + 1;
  }
  return entries.length < count ? undefined : entries.slice(entries.length - count);
}
