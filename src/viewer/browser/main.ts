/**
 * The bracket viewer in the browser (dist/viewer/viewer.js; issue 18): reads
 * the page's config (src/viewer/page.ts), fetches the bracket's data, draws it,
 * redraws on each event of the tournament's stream (live.ts) and answers the
 * control interface. On the error page it only tells the host why (issue 28).
 */
import { type BracketData, bracketData } from "../../bracket-model/data.js";
import { layoutBracket, stageKey } from "../layout.js";
import { ACTIONS, type IntegrationEntry, type LoadReason } from "../protocol.js";
import {
  answerStatus,
  applyTheme,
  type Controlled,
  emit,
  firstLoadFailed,
  listen,
} from "./control.js";
import { Drawing } from "./draw.js";
import { eventMatch, matchEvent } from "./event-match.js";
import { type Followed, follow } from "./live.js";
import { followPaths, remark } from "./path.js";
import { fetchData, type Payload, stationsOf } from "./payload.js";
import { matchKey, type Settings } from "./render.js";
import { toolbar } from "./toolbar.js";
import { Viewport } from "./viewport.js";

/** A phone's window (viewer.css's breakpoint): a round drawn alone keeps to one column. */
const PHONE = "(max-width: 600px)";

interface Config {
  readonly title: string;
  readonly dataUrl: string;
  readonly eventsUrl: string;
}

function readConfig(): Config {
  const text = document.getElementById("tourney-viewer-config")?.textContent ?? "";
  return JSON.parse(text) as Config;
}

class Viewer implements Controlled, Followed {
  private data: BracketData | null = null;
  private stations = new Map<number, string>();
  private readonly settingsNow: Settings = { seeds: true, scores: true, compact: false };
  private range: { from?: number | undefined; to?: number | undefined } = {};
  private integration = new Map<number, IntegrationEntry>();
  /** The round the reader picked of each stage drawn a round at a time (round-picker.ts). */
  private readonly shownRounds = new Map<string, number>();
  readonly drawing: Drawing;
  /** The data last drawn, as fetched (without an ETag): an unchanged answer is not drawn again. */
  private lastText: string | null = null;
  private lastEtag: string | null = null;
  /** The data as last fetched; `data` may hold matches events told since (event-match.ts). */
  private fetched: BracketData | null = null;
  /** The server's time of the last data fetched (its Date header). */
  private fetchedAt: number | undefined;
  private readonly status: HTMLElement;
  private statusText = "";
  private firstTime: number | undefined;
  private liveNote = "";
  readonly viewport: Viewport;

  constructor(private readonly config: Config) {
    const element = document.getElementById("tourney-viewer")!;
    this.status = document.querySelector(".tv-status") ?? document.createElement("p");
    const sizer = document.createElement("div");
    sizer.className = "tv-sizer";
    const content = document.createElement("div");
    content.className = "tv-content";
    sizer.append(content);
    element.replaceChildren(sizer);
    this.viewport = new Viewport(element, sizer, content, {
      zoomChanged: (scale) => {
        this.reveal();
        emit("zoomChanged", { scale });
      },
      scrolled: (x, y, scale) => emit("scrolled", { x, y, scale }),
    });
    this.drawing = new Drawing(content, (stage, round) => {
      this.shownRounds.set(stage, round);
      this.draw();
    });
    content.addEventListener("click", (e) => this.clicked(e));
    followPaths(content);
    content.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") this.clicked(e);
    });
  }

  /** Fetches the data; draws it when it changed. Answers whether it did. */
  async load(): Promise<boolean> {
    const response = await fetchData(this.config.dataUrl);
    const date = Date.parse(response.headers.get("date") ?? "");
    this.firstTime ??= Number.isNaN(date) ? undefined : date;
    if (!Number.isNaN(date)) this.fetchedAt = date;
    // The version drawn (its ETag) is not read again (a 500-player round robin's is 106 MB);
    // with an ETag, parsed as it is read (no string kept to compare); without, compared.
    const etag = response.headers.get("etag");
    if (etag !== null && etag === this.lastEtag) {
      void response.body?.cancel();
      return this.undoEvents();
    }
    const text = etag === null ? await response.text() : null;
    if (text !== null && text === this.lastText) return this.undoEvents();
    const payload = (text === null ? await response.json() : JSON.parse(text)) as Payload;
    this.data = bracketData({
      tournament: payload.tournament,
      participants: payload.participants,
      matches: payload.matches,
      standings: payload.standings ?? undefined,
    });
    this.fetched = this.data;
    this.stations = stationsOf(payload);
    this.lastEtag = etag;
    this.lastText = text;
    this.draw(false);
    return true;
  }

  /** The data unchanged: what events drew before it (event-match.ts) is drawn as it says. */
  private undoEvents(): boolean {
    if (this.data === this.fetched) return false;
    this.data = this.fetched;
    this.draw(false);
    return true;
  }

  /** A match's stream event: its box drawn at once as the event says (event-match.ts). */
  event(text: string): void {
    const e = matchEvent(text);
    if (e === undefined || this.data === null) return;
    // Older than the data (the stream replays from a little before it): the data has it.
    if (this.fetchedAt !== undefined && Date.parse(e.at) < this.fetchedAt) return;
    const i = this.data.matches.findIndex((m) => m.id === Number(e.match.id));
    const next = i < 0 ? undefined : eventMatch(this.data.matches[i]!, e);
    if (next === undefined) return;
    const matches = [...this.data.matches];
    matches[i] = next;
    this.data = { ...this.data, matches };
    this.drawing.patchMatch(next);
    document.documentElement.dataset.drawn = "event";
  }

  /**
   * Lays out the bracket and draws it, keeping the zoom and the place scrolled to: the whole
   * (`whole`: a setting, a round picked), or, new data of the same structure, only what changed.
   */
  draw(whole = true): void {
    if (this.data === null) return;
    const started = performance.now();
    const { x, y } = this.viewport.topLeft();
    const sections = layoutBracket(this.data, {
      compact: this.settingsNow.compact,
      ...this.range,
      shownRounds: this.shownRounds,
      roundColumns: matchMedia(PHONE).matches ? 1 : 4,
    });
    const drawn = this.drawing.show(sections, this.context(this.data), whole);
    const root = document.documentElement;
    root.dataset.drawn = drawn;
    if (drawn === "whole") {
      // refresh() reads the content's size: the layout is done when it returns.
      this.viewport.refresh();
      if (this.viewport.chosen) this.viewport.scrollTo(x, y);
      this.reveal();
    } else remark(this.viewport.content);
    // How long the last drawing took, for the tests and the curious (1,024 players: issue 18).
    root.dataset.drawMs = String(Math.round(performance.now() - started));
    const complete = this.data.matches.filter((m) => m.state === "complete").length;
    const state = this.data.state.replace(/_/g, " ");
    this.setStatus(`${state} · ${complete} of ${this.data.matches.length} matches complete`);
  }

  private context(data: BracketData) {
    const { seeds } = data;
    return {
      settings: this.settingsNow,
      seeds,
      stations: this.stations,
      integration: this.integration,
    };
  }

  /** Makes the boxes near the window of a bracket too large to draw at once (draw.ts). */
  reveal(): void {
    this.drawing.reveal(this.viewport.element, this.viewport.scale);
  }

  setStatus(text: string): void {
    this.statusText = text;
    this.showStatus();
  }

  setLiveNote(note: string): void {
    this.liveNote = note;
    this.showStatus();
  }

  /** The status line, in the page's aria-live region: what is shown, and the live updates' note. */
  private showStatus(): void {
    const text = this.liveNote === "" ? this.statusText : `${this.statusText} · ${this.liveNote}`;
    if (this.status.textContent !== text) this.status.textContent = text;
  }

  dataTime(): number | undefined {
    return this.firstTime;
  }

  loaded(): void {
    document.documentElement.dataset.ready = "true";
    emit("ready", { actions: ACTIONS, matches: this.summary().matches });
  }

  summary() {
    const matches = this.data?.matches ?? [];
    return {
      matches: matches.length,
      complete: matches.filter((m) => m.state === "complete").length,
      state: this.data?.state ?? "",
    };
  }

  private clicked(e: Event): void {
    const target = e.target as HTMLElement;
    const row = target.closest<HTMLElement>(".tv-standings tr[data-participant]");
    if (row !== null) {
      const id = Number(row.dataset.participant);
      const name = this.data?.names.get(id) ?? "";
      emit("participantClicked", { participantId: id, name, matchId: null, identifier: null });
      return;
    }
    const box = target.closest<HTMLElement>(".tv-match");
    const match = this.data?.matches.find((m) => String(m.id) === box?.dataset.matchId);
    if (match === undefined) return;
    const slot = target.closest<HTMLElement>(".tv-slot")?.dataset.participant;
    const player = match.slots.find((s) => s.id !== null && String(s.id) === slot);
    if (player?.id != null)
      emit("participantClicked", {
        participantId: player.id,
        name: player.name,
        matchId: match.id,
        identifier: match.identifier,
      });
    emit("matchClicked", {
      matchId: match.id,
      identifier: match.identifier,
      group: match.group,
      round: match.round,
      bracket: match.bracket,
      state: match.state,
      players: match.slots.map((s) => ({ id: s.id, name: s.name })),
    });
  }

  scrollTo(x: number, y: number): void {
    this.viewport.scrollTo(x, y);
  }
  zoom(scale: number): void {
    this.viewport.zoom(scale);
  }
  zoomTo(x: number, y: number, scale: number): void {
    this.viewport.zoomTo(x, y, scale);
  }
  scale(): number {
    return this.viewport.scale;
  }
  matchMiddle(identifier: string, group: number | undefined): { x: number; y: number } | undefined {
    const keys = group === undefined ? [matchKey(null, identifier)] : [matchKey(group, identifier)];
    // Without a group: the final stage's match, else the first group's that has it.
    if (group === undefined)
      keys.push(...this.drawing.keys().filter((k) => k.endsWith(`:${identifier}`)));
    const box = keys.map((k) => this.drawing.find(k)).find((b) => b !== undefined);
    if (box !== undefined) return this.viewport.middleOf(box);
    // In a round not shown (a large stage drawn a round at a time): that round, then the match.
    const m = this.data?.matches.find(
      (x) => x.identifier === identifier && (group === undefined || x.group === group),
    );
    if (m === undefined || this.shownRounds.get(stageKey(m.group)) === m.round) return undefined;
    this.shownRounds.set(stageKey(m.group), m.round);
    this.draw();
    return this.matchMiddle(identifier, m.group ?? undefined);
  }
  filterRounds(from: number | undefined, to: number | undefined): string | undefined {
    const rounds = (this.data?.matches ?? []).map((m) => Math.abs(m.round));
    const last = Math.max(0, ...rounds);
    const shown = rounds.some(
      (r) => (from === undefined || r >= from) && (to === undefined || r <= to),
    );
    if (!shown && rounds.length > 0)
      return `no round ${from ?? 1}${to === undefined || to === from ? "" : ` to ${to}`}: the last round is ${last}`;
    this.range = { from, to };
    this.draw();
    return undefined;
  }
  integrate(participants: ReadonlyMap<number, IntegrationEntry>): void {
    for (const [id, entry] of participants) this.integration.set(id, entry);
    this.draw();
  }
  settings(change: Partial<Settings>): void {
    Object.assign(this.settingsNow, change);
    this.draw();
  }
}

/** The error page (viewer/page.ts's viewerErrorPage): its reason, when this is it. */
function errorConfig(): { reason: LoadReason; message: string } | undefined {
  const text = document.getElementById("tourney-viewer-error")?.textContent;
  return text ? (JSON.parse(text) as { reason: LoadReason; message: string }) : undefined;
}

function start(): void {
  const refused = errorConfig();
  if (refused !== undefined) {
    // No bracket to show: the host hears why (issue 28), and no `ready` follows; a host
    // attaching later hears it when it asks (getStatus).
    document.documentElement.dataset.loadFailed = refused.reason;
    answerStatus();
    firstLoadFailed(refused.reason, refused.message);
    return;
  }
  const dark = window.matchMedia?.("(prefers-color-scheme: dark)").matches;
  applyTheme(dark ? "dark" : "light");
  const config = readConfig();
  const viewer = new Viewer(config);
  if (window.parent !== window) document.documentElement.dataset.embedded = "true";
  toolbar(viewer.viewport);
  listen(viewer);
  window.addEventListener("resize", () => {
    viewer.viewport.refresh();
    viewer.reveal();
  });
  let revealing = false;
  viewer.viewport.element.addEventListener("scroll", () => {
    if (revealing) return;
    revealing = true;
    requestAnimationFrame(() => {
      revealing = false;
      viewer.reveal();
    });
  });
  window.addEventListener("beforeprint", () => viewer.drawing.revealAll());
  follow(viewer, config.eventsUrl, config.dataUrl);
}

start();
