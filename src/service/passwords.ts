/**
 * Account passwords, stored as a slow hash: scrypt from node:crypto, its cost
 * and salt kept with the hash (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, base64url)
 * so a later cost still verifies older hashes. N = 2^15, r = 8, p = 1: 32 MiB and
 * about 95 ms on the 2 shared cores this was measured on (2^16: 250 ms, 2^17: 700 ms,
 * while the served service, synchronous, waits): sign-in is rate-limited besides
 * (oauth/limits.ts), so guessing is slow twice over.
 */

/** node:crypto, loaded on first use: the embedded CLI never hashes a password. */
const crypto = () => process.getBuiltinModule("node:crypto");

const LOG2_N = 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
/** scrypt needs 128 * N * r bytes; Node refuses past maxmem (32 MiB by default, just short). */
const MAX_MEM = 128 * 1024 * 1024;

/** Passwords shorter than this are refused when set. */
export const MIN_PASSWORD_LENGTH = 8;

function derive(password: string, salt: Buffer, log2n: number, r: number, p: number): Buffer {
  return crypto().scryptSync(password.normalize("NFC"), salt, KEY_BYTES, {
    N: 2 ** log2n,
    r,
    p,
    maxmem: MAX_MEM,
  });
}

export function hashPassword(password: string): string {
  const salt = crypto().randomBytes(16);
  const hash = derive(password, salt, LOG2_N, R, P);
  return ["scrypt", LOG2_N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** Whether `password` matches `stored`; a malformed stored hash matches nothing. */
export function verifyPassword(password: string, stored: string): boolean {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [log2n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!(log2n >= 10 && log2n <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return false;
  const expected = Buffer.from(parts[5]!, "base64url");
  const actual = derive(password, Buffer.from(parts[4]!, "base64url"), log2n, r, p);
  return expected.length === actual.length && crypto().timingSafeEqual(expected, actual);
}

let decoy: string | undefined;

/**
 * Spends the time a real check takes, for an unknown user or one without a
 * password: how long a sign-in takes does not tell which usernames exist.
 */
export function verifyNothing(password: string): false {
  decoy ??= hashPassword("tourney decoy password");
  verifyPassword(password, decoy);
  return false;
}
