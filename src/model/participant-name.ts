/**
 * When two participant names are the same name — the one rule the client (a
 * roster's repeats, names already present) and the service (its checks before
 * a write, the names it stores) both use:
 * - Unicode NFC first: "école" typed as one code point or as "e" plus a
 *   combining accent is one name, and the service stores the NFC form;
 * - surrounding white space does not count;
 * - ASCII letters compare without case ("ada" = "Ada"), other letters exactly
 *   ("École" ≠ "école"): the store's unique index compares `name COLLATE
 *   NOCASE`, which folds ASCII letters only, and the client must never fold
 *   more than the store does, or it would skip a name the service would take.
 */

/** A name as the service stores it: NFC, trimmed. */
export function normalParticipantName(name: string): string {
  return name.normalize("NFC").trim();
}

/** Lower case as SQLite's NOCASE folds: ASCII letters only. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The key two names share exactly when they are the same name. */
export function participantNameKey(name: string): string {
  return asciiLower(normalParticipantName(name));
}
