#!/usr/bin/env bash
# Plays a 64-player double elimination to completion from the command line:
# create, bulk-add, start, then report every open match (the higher seed wins)
# until none is left, finalize, and print the final standings and the time.
#
# Uses the built binary (bin/tourney; `npm run build` first) on the embedded
# backend, in a temporary config and data directory. Needs bash and node only.
#
#   bench/play-64.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$root/bin/tourney"
if [[ ! -f "$root/dist/cli.cjs" ]]; then
  echo "dist/cli.cjs is missing: run \`npm run build\` first" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TOURNEY_CONFIG_DIR="$work/config" TOURNEY_DATA_DIR="$work/data"
unset TOURNEY_PROFILE TOURNEY_BASE_URL TOURNEY_API_KEY TOURNEY_TOKEN
export TOURNEY_PROMPT_DISABLED=1

now() { node -e 'process.stdout.write(String(Date.now()))'; }
tourney() { "$bin" "$@" </dev/null; }

started="$(now)"
runs=0

tournament="$(tourney tournament create --name "Play 64" --type "double elimination" --json |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))')"
runs=$((runs + 1))

# "Player N" is bulk-added N-th, so its seed is N.
for n in $(seq 1 64); do echo "Player $n"; done | "$bin" participants bulk-add "$tournament" >/dev/null
tourney tournament start "$tournament" >/dev/null
runs=$((runs + 2))

reported=0
rounds=0
while :; do
  # Piped, `match list` prints tab-separated rows: id, identifier, round, group,
  # state, player 1, player 2, scores, winner, underway. `read` would merge the
  # empty group column with its neighbours (a tab is IFS whitespace): cut first.
  open="$(tourney match list "$tournament" --state open | cut -f1,6,7)"
  runs=$((runs + 1))
  [[ -z "$open" ]] && break
  rounds=$((rounds + 1))
  if ((rounds > 200)); then
    echo "still open matches after 200 passes: giving up" >&2
    exit 1
  fi
  while IFS=$'\t' read -r id player1 player2; do
    seed1="${player1#Player }"
    seed2="${player2#Player }"
    # Scores are written from player 1's side.
    if ((seed1 < seed2)); then
      winner="$player1" scores="3-1"
    else
      winner="$player2" scores="1-3"
    fi
    tourney match report "$tournament" "$id" --winner "$winner" --scores "$scores" >/dev/null
    reported=$((reported + 1))
    runs=$((runs + 1))
  done <<<"$open"
done

state="$(tourney tournament view "$tournament" --json |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).state))')"
runs=$((runs + 1))
if [[ "$state" != "awaiting_review" ]]; then
  echo "no open match left but the tournament is $state, not awaiting_review" >&2
  exit 1
fi
tourney tournament finalize "$tournament" >/dev/null
runs=$((runs + 1))

echo "Final standings:"
tourney tournament standings "$tournament"
runs=$((runs + 1))
finished="$(now)"

elapsed_ms=$((finished - started))
printf '\n64-player double elimination: %d matches reported in %d passes, %d CLI runs, %d.%03d s (%d ms per run)\n' \
  "$reported" "$rounds" "$runs" $((elapsed_ms / 1000)) $((elapsed_ms % 1000)) $((elapsed_ms / runs))
