#!/usr/bin/env node
// What the match records of a list cost (issue 27): the service of this checkout and of
// --against DIR's, bundled as bench/engine.mjs bundles them, each with a started --size
// double elimination in memory, answer GET .../matches?per_page=1000 for every page of the
// tournament's matches, --lists times, the two taking turns list by list in one process. Each
// list's URL is new (a query parameter of its own), so the reply memo never answers: every
// list makes its records (matchResource, the slot origins, the station). The first tenth of
// each side's lists are left out (the JIT warming). Printed: the median ms a list for each
// side and their ratio.
// Usage: node bench/match-list-records.mjs --against DIR [--size 1024] [--lists 200]
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  bundleService,
  doubleEliminationWith,
  serviceCall,
  startTournament,
} from "./service-bundle.mjs";

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    size: { type: "string", default: "1024" },
    lists: { type: "string", default: "200" },
  },
});
if (args.against === undefined) throw new Error("--against DIR (a checkout of an earlier commit)");
const size = Number(args.size);
const lists = Number(args.lists);
const root = fileURLToPath(new URL("..", import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const sides = [];
for (const [name, checkout] of [
  ["this checkout", root],
  [`--against ${args.against}`, args.against],
]) {
  const tourney = await import(await bundleService(`match-list-${sides.length}.mjs`, checkout));
  const service = await tourney.openService({ dbPath: ":memory:" });
  const call = serviceCall(service);
  const { id } = await doubleEliminationWith(call, size);
  await startTournament(call, id);
  const pages = Math.ceil((await call("GET", `/v2.1/tournaments/${id}/matches`)).meta.count / 1000);
  sides.push({ name, service, call, id, pages, times: [] });
}

for (let i = 0; i < lists; i++) {
  const order = i % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) {
    const t0 = process.hrtime.bigint();
    for (let page = 1; page <= side.pages; page++)
      await side.call(
        "GET",
        `/v2.1/tournaments/${side.id}/matches?per_page=1000&page=${page}&list=${i}`,
      );
    side.times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
}
for (const side of sides) side.service.close();

const kept = (side) => median(side.times.slice(Math.floor(lists / 10)));
console.log(
  `bench/match-list-records: all matches of a started ${size}-player double elimination (${sides[0].pages} pages of 1000), ${lists} lists a side taking turns (Node ${process.version}, load ${loadavg()[0].toFixed(2)})`,
);
for (const side of sides)
  console.log(`  ${side.name}: ${kept(side).toFixed(3)} ms a list (median)`);
console.log(`  this / against: ${(kept(sides[0]) / kept(sides[1])).toFixed(3)}`);
