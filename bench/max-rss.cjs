// Preloaded (`node -r bench/max-rss.cjs ...`) by bench/scale.mjs: at exit, the process's peak
// resident set size on stderr, as a line the bench reads ("max-rss-kib N").
process.on("exit", () => {
  require("node:fs").writeSync(2, `\nmax-rss-kib ${process.resourceUsage().maxRSS}\n`);
});
