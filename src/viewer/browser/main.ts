/**
 * The bracket viewer in the browser (dist/viewer/viewer.js; issue 18): reads
 * the page's config (src/viewer/page.ts), fetches the bracket's data, draws it,
 * redraws on each event of the tournament's stream (live.ts) and answers the
 * control interface. On the error page it only tells the host why (issue 28).
 */
import { type BracketData, bracketData } from "../../bracket-model/data.js";
import type { ResourceObject } from "../../model/resource.js";
import { layoutBracket } from "../layout.js";
import { ACTIONS, type IntegrationEntry, type LoadReason } from "../protocol.js";
import {
  answerStatus,
  applyTheme,
  type Controlled,
  emit,
  firstLoadFailed,
  listen,
} from "./control.js";
import { type Followed, follow, LoadFailure, refusalReason, saidBy } from "./live.js";
import { followPaths } from "./path.js";
import { matchKey, renderSections, type Settings } from "./render.js";
import { retryAfterMs } from "./retry.js";
import { toolbar } from "./toolbar.js";
import { Viewport } from "./viewport.js";

interface Config {
  readonly title: string;
  readonly dataUrl: string;
  readonly eventsUrl: string;
}

interface Payload {
  readonly tournament: ResourceObject;
  readonly participants: readonly ResourceObject[];
  readonly matches: readonly ResourceObject[];
  readonly stations?: readonly ResourceObject[] | null;
  readonly standings?: readonly ResourceObject[] | null;
}

function readConfig(): Config {
  const text = document.getElementById("tourney-viewer-config")?.textContent ?? "";
  return JSON.parse(text) as Config;
}

/** Station names by the id of the match each holds. */
function stationsOf(payload: Payload): Map<number, string> {
  const byId = new Map<string, string>();
  const out = new Map<number, string>();
  for (const s of payload.stations ?? []) {
    const name = String(s.attributes.name ?? s.id);
    byId.set(String(s.id), name);
    const match = s.attributes.match_id;
    if (typeof match === "number") out.set(match, name);
  }
  for (const m of payload.matches) {
    const station = m.attributes.station_id;
    if (station !== null && station !== undefined && byId.has(String(station)))
      out.set(Number(m.id), byId.get(String(station))!);
  }
  return out;
}

class Viewer implements Controlled, Followed {
  private data: BracketData | null = null;
  private stations = new Map<number, string>();
  private readonly settingsNow: Settings = { seeds: true, scores: true, compact: false };
  private range: { from?: number | undefined; to?: number | undefined } = {};
  private integration = new Map<number, IntegrationEntry>();
  private boxes = new Map<string, HTMLElement>();
  /** The data last drawn, as fetched: an unchanged answer is not drawn again. */
  private lastText: string | null = null;
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
      zoomChanged: (scale) => emit("zoomChanged", { scale }),
      scrolled: (x, y, scale) => emit("scrolled", { x, y, scale }),
    });
    content.addEventListener("click", (e) => this.clicked(e));
    followPaths(content);
    content.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") this.clicked(e);
    });
  }

  /** Fetches the data; draws it when it changed. Answers whether it did. */
  async load(): Promise<boolean> {
    let response: Response;
    try {
      response = await fetch(this.config.dataUrl, {
        // Revalidated each time: serve answers 304 while nothing changed.
        cache: "no-cache",
        headers: { accept: "application/json" },
      });
    } catch (e) {
      throw new LoadFailure("network", `the bracket's data could not be fetched (${String(e)})`);
    }
    if (response.status === 404)
      throw new LoadFailure(await refusalReason(response), "there is no bracket at this address");
    if (!response.ok) {
      const said = await saidBy(response);
      // A 429 or 503 says when to ask again (Retry-After): live.ts waits that long at least.
      const wait = retryAfterMs(response.headers.get("retry-after"));
      throw new LoadFailure(
        "network",
        `the bracket's data answered ${response.status}${said}`,
        wait,
      );
    }
    const text = await response.text();
    const date = Date.parse(response.headers.get("date") ?? "");
    this.firstTime ??= Number.isNaN(date) ? undefined : date;
    if (text === this.lastText) return false;
    const payload = JSON.parse(text) as Payload;
    this.data = bracketData({
      tournament: payload.tournament,
      participants: payload.participants,
      matches: payload.matches,
      standings: payload.standings ?? undefined,
    });
    this.stations = stationsOf(payload);
    this.lastText = text;
    this.draw();
    return true;
  }

  /** Lays out and draws the bracket again, keeping the zoom and the place scrolled to. */
  draw(): void {
    if (this.data === null) return;
    const started = performance.now();
    const { x, y } = this.viewport.topLeft();
    const sections = layoutBracket(this.data, { compact: this.settingsNow.compact, ...this.range });
    this.boxes = renderSections(this.viewport.content, sections, {
      settings: this.settingsNow,
      seeds: this.data.seeds,
      stations: this.stations,
      integration: this.integration,
    });
    // refresh() reads the content's size: the layout is done when it returns.
    this.viewport.refresh();
    if (this.viewport.chosen) this.viewport.scrollTo(x, y);
    // How long the last drawing took, for the tests and the curious (1,024 players: issue 18).
    document.documentElement.dataset.drawMs = String(Math.round(performance.now() - started));
    const complete = this.data.matches.filter((m) => m.state === "complete").length;
    const state = this.data.state.replace(/_/g, " ");
    this.setStatus(`${state} · ${complete} of ${this.data.matches.length} matches complete`);
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
  matchMiddle(identifier: string, group: number | undefined) {
    const keys = group === undefined ? [matchKey(null, identifier)] : [matchKey(group, identifier)];
    // Without a group: the final stage's match, else the first group's that has it.
    if (group === undefined)
      keys.push(...[...this.boxes.keys()].filter((k) => k.endsWith(`:${identifier}`)));
    const box = keys.map((k) => this.boxes.get(k)).find((b) => b !== undefined);
    return box === undefined ? undefined : this.viewport.middleOf(box);
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
  window.addEventListener("resize", () => viewer.viewport.refresh());
  follow(viewer, config.eventsUrl, config.dataUrl);
}

start();
