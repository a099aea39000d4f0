/**
 * The characters brackets are drawn with: box-drawing at a terminal, plain
 * ASCII when piped or under TERM=dumb.
 */

export interface Glyphs {
  readonly h: string;
  readonly v: string;
  readonly topLeft: string;
  readonly topRight: string;
  readonly bottomLeft: string;
  readonly bottomRight: string;
  /** ├ */
  readonly teeRight: string;
  /** ┤ */
  readonly teeLeft: string;
  /** ┬ */
  readonly teeDown: string;
  /** ┴ */
  readonly teeUp: string;
  readonly cross: string;
  /** Marks an open match ("▸ open"). */
  readonly open: string;
  /** A match not ready to play yet. */
  readonly pending: string;
  readonly ellipsis: string;
  /** Between the title's name, type and state ("Cup · swiss · underway"). */
  readonly separator: string;
}

export const BOX: Glyphs = {
  h: "─",
  v: "│",
  topLeft: "┌",
  topRight: "┐",
  bottomLeft: "└",
  bottomRight: "┘",
  teeRight: "├",
  teeLeft: "┤",
  teeDown: "┬",
  teeUp: "┴",
  cross: "┼",
  open: "▸",
  pending: "·",
  ellipsis: "…",
  separator: "·",
};

export const ASCII: Glyphs = {
  h: "-",
  v: "|",
  topLeft: "+",
  topRight: "+",
  bottomLeft: "+",
  bottomRight: "+",
  teeRight: "+",
  teeLeft: "+",
  teeDown: "+",
  teeUp: "+",
  cross: "+",
  open: ">",
  pending: ".",
  ellipsis: "~",
  separator: "-",
};
