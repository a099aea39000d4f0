/**
 * When two participant names are the same name: the service keeps names unique
 * per tournament as its index compares them (trimmed; SQLite's NOCASE, which
 * folds ASCII letters only, so "ada" = "Ada" but "École" ≠ "école").
 * The client uses it to find a roster's repeats and names already present; it
 * must never fold more than the service does, or a name would be skipped that
 * the service would have taken.
 */
export function participantNameKey(name: string): string {
  return name.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
}
