/**
 * Zoom and scroll of the bracket: the content is laid out at scale 1 and
 * scaled with a CSS transform inside a sizer as large as the scaled content,
 * in a scrolling viewport. Coordinates are the content's own CSS pixels
 * (scale 1, from its top-left corner), whatever the zoom.
 */
import { MAX_SCALE, MIN_SCALE } from "../protocol.js";

export interface ViewportEvents {
  zoomChanged(scale: number): void;
  scrolled(x: number, y: number, scale: number): void;
}

/** The largest scale the page fits itself to: a small bracket on a projector. */
const MAX_FIT = 1.5;
/**
 * The smallest: a wider bracket is shrunk until its smallest text (12 px at scale 1:
 * viewer.css) is 10 px, names 14 px at 11.7, and scrolls the rest; the reader's Fit
 * button still goes further. It was half the size: on a 1280 px desktop a 64-player
 * double elimination loaded with its round labels at 6 px and names at 7 (fit.test.ts).
 */
const MIN_FIT = 10 / 12;
/** A phone's window (the breakpoint of viewer.css's phone layout): no shrinking there. */
const PHONE = "(max-width: 600px)";

export class Viewport {
  scale = 1;
  /** Set once the host or the reader chose a zoom: the page stops fitting itself. */
  chosen = false;
  private scrollTimer: ReturnType<typeof setTimeout> | undefined;
  /** A zoomChanged waiting for the next animation frame (a burst of zooms says it once). */
  private announcing = false;
  private announced = 1;

  constructor(
    readonly element: HTMLElement,
    readonly sizer: HTMLElement,
    readonly content: HTMLElement,
    private readonly events: ViewportEvents,
  ) {
    element.addEventListener("scroll", () => {
      clearTimeout(this.scrollTimer);
      this.scrollTimer = setTimeout(() => {
        const { x, y } = this.topLeft();
        this.events.scrolled(x, y, this.scale);
      }, 120);
    });
  }

  /** The content's size at scale 1. */
  contentSize(): { width: number; height: number } {
    return { width: this.content.offsetWidth, height: this.content.offsetHeight };
  }

  /** After the content changed: the sizer follows it, and an unchosen zoom fits it again. */
  refresh(): void {
    if (!this.chosen) this.fit();
    else this.apply(this.scale);
  }

  /**
   * Fits the content (docs/viewer.md): a bracket wider than the viewport shrinks to
   * the width (not below MIN_FIT, text at 10 px; taller ones scroll down), one smaller grows to fill it
   * (up to MAX_FIT: a projector). On a phone a wide bracket stays at its own size and
   * scrolls sideways, as brackets-viewer.js does (issue 28: shrunk to a phone's width,
   * names fell to 4-7 px); the reader's "Fit" button still shrinks it on demand.
   */
  fit(): void {
    const { width, height } = this.contentSize();
    if (width === 0 || height === 0) {
      this.apply(1, false);
      return;
    }
    const across = this.element.clientWidth / width;
    const down = this.element.clientHeight / height;
    let scale = Math.max(1, Math.min(MAX_FIT, across, down));
    if (across < 1) scale = matchMedia(PHONE).matches ? 1 : Math.max(MIN_FIT, across);
    this.apply(Math.floor(scale * 1000) / 1000, false);
  }

  private apply(scale: number, announce = true): void {
    const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
    const changed = s !== this.scale;
    this.scale = s;
    this.content.style.transform = `scale(${s})`;
    const { width, height } = this.contentSize();
    this.sizer.style.width = `${Math.ceil(width * s)}px`;
    this.sizer.style.height = `${Math.ceil(height * s)}px`;
    if (changed && announce) this.announce();
    // The page's own fits are not news to the host.
    if (!announce) this.announced = s;
  }

  /** zoomChanged, at most once an animation frame, with the scale then. */
  private announce(): void {
    if (this.announcing) return;
    this.announcing = true;
    requestAnimationFrame(() => {
      this.announcing = false;
      if (this.scale === this.announced) return;
      this.announced = this.scale;
      this.events.zoomChanged(this.scale);
    });
  }

  /** A scroll position within what the element can scroll to (huge or negative: the edge). */
  private clamp(left: number, top: number): { left: number; top: number } {
    const e = this.element;
    const within = (v: number, max: number) =>
      Number.isFinite(v) ? Math.min(Math.max(0, v), max) : v > 0 ? max : 0;
    return {
      left: within(left, Math.max(0, e.scrollWidth - e.clientWidth)),
      top: within(top, Math.max(0, e.scrollHeight - e.clientHeight)),
    };
  }

  /** The content point at the viewport's top-left corner. */
  topLeft(): { x: number; y: number } {
    return {
      x: this.element.scrollLeft / this.scale,
      y: this.element.scrollTop / this.scale,
    };
  }

  private center(): { x: number; y: number } {
    return {
      x: (this.element.scrollLeft + this.element.clientWidth / 2) / this.scale,
      y: (this.element.scrollTop + this.element.clientHeight / 2) / this.scale,
    };
  }

  /** Scrolls so the content point (x, y) is at the viewport's top-left corner (as far as it goes). */
  scrollTo(x: number, y: number): void {
    this.element.scrollTo({ ...this.clamp(x * this.scale, y * this.scale), behavior: "instant" });
  }

  /** Scrolls so the content point (x, y) is in the middle of the viewport (as far as it goes). */
  centerOn(x: number, y: number): void {
    const left = x * this.scale - this.element.clientWidth / 2;
    const top = y * this.scale - this.element.clientHeight / 2;
    this.element.scrollTo({ ...this.clamp(left, top), behavior: "instant" });
  }

  /** Zooms, keeping the point in the middle of the viewport where it is. */
  zoom(scale: number): void {
    const { x, y } = this.center();
    this.chosen = true;
    this.apply(scale);
    this.centerOn(x, y);
  }

  /** The reader's "Fit": the whole width in view, shrunk as far as it takes (not grown). */
  fitWidth(): void {
    const { width } = this.contentSize();
    if (width === 0) return;
    this.chosen = true;
    this.apply(Math.max(MIN_SCALE, Math.min(1, this.element.clientWidth / width)));
  }

  /** Back to the page's own choice (its natural size, or grown to fill a projector). */
  reset(): void {
    this.chosen = false;
    const before = this.scale;
    this.fit();
    if (this.scale !== before) this.announce();
  }

  /** Zooms, then centres (x, y). */
  zoomTo(x: number, y: number, scale: number): void {
    this.chosen = true;
    this.apply(scale);
    this.centerOn(x, y);
  }

  /** The middle of an element of the content, in content coordinates. */
  middleOf(element: HTMLElement): { x: number; y: number } {
    const box = element.getBoundingClientRect();
    const origin = this.content.getBoundingClientRect();
    return {
      x: (box.left + box.width / 2 - origin.left) / this.scale,
      y: (box.top + box.height / 2 - origin.top) / this.scale,
    };
  }
}
