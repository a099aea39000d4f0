/** One participant of a roster, as read (roster.ts) and sent (bulk-add-run.ts). */
export interface RosterEntry {
  name: string;
  seed?: number;
  misc?: string;
  /** Where the entry came from, for messages: "line 26", "argument 3". */
  where: string;
}
