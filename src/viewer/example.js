// The embedding example's script (example.html): the bracket of ?t=<tournament>
// in an iframe, steered through TourneyViewer (embed.js), its events logged.
// Served by `tourney serve` at /viewer/example.js.
const params = new URLSearchParams(location.search);
const t = params.get("t");
const share = params.get("share");
const frame = document.getElementById("bracket");
const log = document.getElementById("log");
const write = (text) => {
  log.textContent = `${text}\n${log.textContent}`.slice(0, 20000);
};
if (!t)
  write("Open this page with ?t=<tournament id or url> (and &share=<token> for a private one).");
// Relative to this page (serve's /viewer/example.html): it holds under a proxy's path prefix.
const src = `../tournaments/${encodeURIComponent(t ?? "")}/bracket${share ? `?share=${encodeURIComponent(share)}` : ""}`;
frame.src = src;
// Attach at once, before the viewer loads: actions wait for its "ready".
const viewer = TourneyViewer.attach(frame);
window.viewer = viewer;
window.viewerEvents = [];
for (const name of [
  "ready",
  "matchClicked",
  "participantClicked",
  "zoomChanged",
  "scrolled",
  "bracketUpdated",
  "error",
])
  viewer.on(name, (e) => {
    window.viewerEvents.push(e);
    write(JSON.stringify(e));
  });
const $ = (id) => document.getElementById(id);
const value = (id) => $(id).value;
$("zoom-match").onclick = () =>
  viewer.zoomToMatchIdentifier(value("identifier"), Number(value("scale")));
$("scroll-match").onclick = () => viewer.scrollToMatchIdentifier(value("identifier"));
$("top-left").onclick = () => viewer.scrollToCoordinates(0, 0);
for (const b of document.querySelectorAll("[data-scale]"))
  b.onclick = () => viewer.setZoomScale(Number(b.dataset.scale));
for (const b of document.querySelectorAll("[data-theme]"))
  b.onclick = () => viewer.loadTheme(b.dataset.theme);
$("custom-theme").onclick = () =>
  viewer.loadTheme({ "--tv-accent": "#e91e63", "--tv-bg": "#fff8e1" });
$("filter").onclick = () => viewer.filterRounds(Number(value("from")), Number(value("to")));
$("all-rounds").onclick = () => viewer.filterRounds();
for (const id of ["seeds", "scores", "compact"])
  $(id).onchange = () => viewer.setBracketSettings({ [id]: $(id).checked });
const countries = ["NO", "SE", "FI", "DK", "IS", "DE", "FR", "NL"];
$("countries").onclick = async () => {
  // The participants' ids, from the same data the viewer draws.
  const data = await (await fetch(src.replace(/\/bracket/, "/bracket/data.json"))).json();
  const participants = {};
  data.participants.forEach((p, i) => {
    participants[p.id] = { country: countries[i % countries.length] };
  });
  viewer.loadIntegrationData(participants);
};
