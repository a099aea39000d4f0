#!/usr/bin/env bash
# A report with and without stations on auto-assign (issue 27): two round robins of N players on a
# fresh HOME, one with four stations on auto-assign, both started; `match report <t> <id>` twice each,
# each a fresh process, timed with the load average beside it.
# Usage: bench/station-report.sh <bin/tourney> <players>   (run it for the "before" build, then this one)
BIN=$1; N=$2
H=$(mktemp -d); export HOME=$H TOURNEY_CONFIG_DIR=$H/cfg TOURNEY_DATA_DIR=$H/data
T() { node $BIN "$@" --no-input; }
names=$(seq -f "p%g" 1 $N)
T tournament create --name A --type "round robin" --url rra >/dev/null
T tournament create --name B --type "round robin" --url rrb --set station_options.auto_assign=true >/dev/null
for u in rra rrb; do T participants bulk-add $u $names >/dev/null; done
for s in 1 2 3 4; do T station create rrb "Table $s" >/dev/null; done
T tournament start rra >/dev/null; T tournament start rrb >/dev/null
for u in rra rrb; do
  ids=$(T match list $u --state open --json id -q '.[].id' 2>/dev/null | head -2)
  for id in $ids; do p=$(T match view $u $id --json player1_id -q '.player1_id'); s=$(date +%s.%N); T match report $u $id --winner $p >/dev/null; e=$(date +%s.%N); echo "$u report $id: $(echo "$e - $s" | bc) s (load $(cut -d' ' -f1 /proc/loadavg))"; done
done
T station list rrb
rm -rf $H
