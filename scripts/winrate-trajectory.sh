#!/usr/bin/env bash
# Yunzi's own view of a game: its win rate for one side every EVERY moves,
# from a search of the position with that side to move. A lost game where
# the win rate stays high until late was misjudged, not outplayed.
# Usage: scripts/winrate-trajectory.sh GAME.sgf [COLOUR] [EVERY]
# COLOUR (b or w) defaults to the side whose player name starts with
# "Yunzi" (PB/PW); EVERY defaults to 10. Prints "MOVE:WINRATE" pairs, the
# move being the number of moves played before the search.
# YUNZI overrides the engine command (default: a fresh build, seed 1,
# 8000 playouts, one thread).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${YUNZI:-}" ]]; then
  go build -o yunzi .
  YUNZI="$PWD/yunzi --seed 1 --playouts 8000 --threads 1"
fi
sgf=$(realpath "$1")
colour=${2:-}
every=${3:-10}
if [[ -z "$colour" ]]; then
  if grep -q 'PB\[Yunzi' "$sgf"; then colour=b; elif grep -q 'PW\[Yunzi' "$sgf"; then colour=w; else
    echo "no player named Yunzi in $sgf: give the colour" >&2
    exit 2
  fi
fi
moves=$(grep -o ';[BW]\[' "$sgf" | wc -l)
line=""
for ((m = every; m < moves; m += every)); do
  # Black is to move after an even number of moves (no handicap setup).
  n=$m
  if [[ $colour == b && $((n % 2)) == 1 || $colour == w && $((n % 2)) == 0 ]]; then
    n=$((n + 1))
  fi
  rate=$(printf 'loadsgf %s %d\ngenmove %s\n' "$sgf" $((n + 1)) "$colour" |
    $YUNZI --resign-threshold 0 --log-level info 2>&1 >/dev/null | grep -o 'winrate=[0-9.]*' | cut -d= -f2)
  line="$line $n:${rate:-?}"
done
echo "$(basename "$sgf") $colour$line"
