/**
 * Account passwords, stored as a slow hash: scrypt from node:crypto, its cost
 * and salt kept with the hash (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, base64url)
 * so a later cost still verifies older hashes. N = 2^15, r = 8, p = 1: 32 MiB and
 * about 95 ms on the 2 shared cores this was measured on (2^16: 250 ms, 2^17: 700 ms).
 *
 * A sign-in checks its password off the event loop (issue 24, item 5: 100 wrong
 * passwords took 16 s of synchronous hashing, stalling every other request): the
 * asynchronous `crypto.scrypt` runs in libuv's thread pool, at most
 * HASHES_AT_ONCE at a time, so the rest of the pool (4 threads by default) stays
 * free for the file and gzip work of other requests. Setting a password
 * (`tourney serve user add|password`, a command of its own) hashes synchronously.
 * Sign-in is throttled besides (oauth/limits.ts), so guessing is slow twice over.
 */

/** node:crypto, loaded on first use: the embedded CLI never hashes a password. */
const crypto = () => process.getBuiltinModule("node:crypto");

const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
/** scrypt needs 128 * N * r bytes; Node refuses past maxmem (32 MiB by default, just short). */
const MAX_MEM = 128 * 1024 * 1024;
/** Password checks running at once in the thread pool; the others wait their turn. */
const HASHES_AT_ONCE = 2;

/** Passwords shorter than this are refused when set. */
export const MIN_PASSWORD_LENGTH = 8;

interface Cost {
  readonly log2n: number;
  readonly r: number;
  readonly p: number;
}

function options({ log2n, r, p }: Cost) {
  return { N: 2 ** log2n, r, p, maxmem: MAX_MEM };
}

export function hashPassword(password: string): string {
  const salt = crypto().randomBytes(16);
  const cost = { log2n: LOG2_N, r: R, p: P };
  const hash = crypto().scryptSync(password.normalize("NFC"), salt, KEY_BYTES, options(cost));
  return ["scrypt", LOG2_N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

let running = 0;
const waiting: (() => void)[] = [];

/** scrypt in the thread pool, HASHES_AT_ONCE at a time. */
async function deriveOffLoop(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((turn) => waiting.push(turn));
  else running++;
  try {
    return await new Promise<Buffer>((done, fail) =>
      crypto().scrypt(password.normalize("NFC"), salt, KEY_BYTES, options(cost), (error, key) =>
        error === null ? done(key) : fail(error),
      ),
    );
  } finally {
    // The turn passes straight to the next in line (running stays counted), or ends.
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  }
}

/** Whether `password` matches `stored`; a malformed stored hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [log2n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!(log2n >= 10 && log2n <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return false;
  const expected = Buffer.from(parts[5]!, "base64url");
  const actual = await deriveOffLoop(password, Buffer.from(parts[4]!, "base64url"), {
    log2n,
    r,
    p,
  });
  return expected.length === actual.length && crypto().timingSafeEqual(expected, actual);
}

/** A stored-shaped hash at today's cost that no password matches (its key is all zeros). */
const DECOY = ["scrypt", LOG2_N, R, P, "c2FsdHNhbHRzYWx0c2FsdA", "A".repeat(43)].join("$");

/**
 * Spends the time a real check takes, for an unknown user or one without a
 * password: how long a sign-in takes does not tell which usernames exist.
 */
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(password, DECOY);
  return false;
}
