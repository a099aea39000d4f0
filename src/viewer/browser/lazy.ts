/**
 * A huge bracket's boxes made as they come near the window (docs/viewer.md, an outside
 * review: an 8,192-player single elimination's 8,191 boxes took 11 s to draw). The area keeps
 * its size, its lines and its rounds' headings; each round's boxes go, once made, into an
 * empty holder after its heading (reading order kept), and stay. A box not yet made is found
 * by the control interface (`materialize`) and made for printing (`all`).
 */
import type { Box } from "../layout.js";
import type { Place } from "./match-name.js";

interface Item {
  readonly key: string;
  box: Box;
  readonly place: Place;
  readonly holder: HTMLElement;
  readonly index: number;
  element?: HTMLElement;
}

/** The content's rectangle to have boxes in, in the area's own pixels (scale 1). */
export interface Window {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export class LazyArea {
  private readonly items: Item[] = [];
  private readonly byKey = new Map<string, Item>();

  constructor(
    readonly area: HTMLElement,
    private readonly width: number,
    private readonly make: (box: Box, place: Place) => HTMLElement,
    /** Told of each box made, by key (the drawing's map of boxes). */
    private readonly made: (key: string, element: HTMLElement) => void,
  ) {}

  add(holder: HTMLElement, key: string, box: Box, place: Place): void {
    const item: Item = { key, box, place, holder, index: this.items.length };
    this.items.push(item);
    this.byKey.set(key, item);
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  /** Makes the boxes inside `w` not made yet; answers how many it made. */
  reveal(w: Window): number {
    let count = 0;
    for (const item of this.items) {
      const b = item.box;
      if (item.element !== undefined) continue;
      if (b.x > w.right || b.x + this.width < w.left || b.y > w.bottom || b.y + b.height < w.top)
        continue;
      this.build(item);
      count++;
    }
    return count;
  }

  /** Every box (printing). */
  all(): void {
    for (const item of this.items) if (item.element === undefined) this.build(item);
  }

  /** The box of `key`, made if it was not. */
  materialize(key: string): HTMLElement | undefined {
    const item = this.byKey.get(key);
    if (item === undefined) return undefined;
    return item.element ?? this.build(item);
  }

  /** A box's new content: kept for when it is made, or made again now when it was made. */
  update(key: string, box: Box): HTMLElement | undefined {
    const item = this.byKey.get(key);
    if (item === undefined) return undefined;
    item.box = box;
    const old = item.element;
    if (old === undefined) return undefined;
    item.element = this.make(box, item.place);
    item.element.dataset.lazyIndex = String(item.index);
    old.replaceWith(item.element);
    return item.element;
  }

  private build(item: Item): HTMLElement {
    const element = this.make(item.box, item.place);
    item.element = element;
    // Before the next box of its round already made: the holder stays in reading order.
    let next: Element | null = null;
    for (const other of item.holder.children)
      if (Number((other as HTMLElement).dataset.lazyIndex) > item.index) {
        next = other;
        break;
      }
    element.dataset.lazyIndex = String(item.index);
    item.holder.insertBefore(element, next);
    this.made(item.key, element);
    return element;
  }
}

/** The window's rectangle in `area`'s own pixels, and a screen more on each side. */
export function windowIn(area: HTMLElement, viewport: HTMLElement, scale: number): Window {
  const a = area.getBoundingClientRect();
  const v = viewport.getBoundingClientRect();
  const mx = v.width / scale;
  const my = v.height / scale;
  return {
    left: (v.left - a.left) / scale - mx,
    top: (v.top - a.top) / scale - my,
    right: (v.right - a.left) / scale + mx,
    bottom: (v.bottom - a.top) / scale + my,
  };
}
