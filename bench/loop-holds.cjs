// Preloaded into a served process by bench/standings-load.mjs (NODE_OPTIONS=--require): its
// event loop's longest hold. A timer every ms (unref'd) notes, between two of its turns, the
// wall time and the process's CPU time (user + system, process.cpuUsage): on a machine whose
// cores are shared out (a load of 10 on 2 cores) the wall time between two turns grows by the
// time serve waited for a core, the CPU time does not (it counts serve's other threads too,
// the GC's helpers: an upper bound). Each SIGUSR2 appends the longest of both since the last
// one ("wall cpu", ms) as a line to the file LOOP_HOLDS_FILE names, then starts again: the
// bench signals at the phases it times.
const { appendFileSync } = require("node:fs");

const file = process.env.LOOP_HOLDS_FILE;
if (file !== undefined) {
  let wall = performance.now();
  let cpu = process.cpuUsage();
  let longest = { wall: 0, cpu: 0 };
  setInterval(() => {
    const nowWall = performance.now();
    const nowCpu = process.cpuUsage();
    const usedCpu = (nowCpu.user - cpu.user + nowCpu.system - cpu.system) / 1000;
    longest = { wall: Math.max(longest.wall, nowWall - wall), cpu: Math.max(longest.cpu, usedCpu) };
    wall = nowWall;
    cpu = nowCpu;
  }, 1).unref();
  process.on("SIGUSR2", () => {
    appendFileSync(file, `${longest.wall.toFixed(1)} ${longest.cpu.toFixed(1)}\n`);
    longest = { wall: 0, cpu: 0 };
  });
}
