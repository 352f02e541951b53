#!/usr/bin/env bash
# Play Yunzi against GNU Go with `yunzi match`.
# Usage: scripts/match-gnugo.sh [PRESET] [GAMES] [extra yunzi match options...]
#   9x9             9x9, Yunzi 1 s a move, GNU Go level 10 (default)
#   19x19           19x19, Yunzi 2 s a move
#   19x19-playouts  19x19, Yunzi 11,000 playouts a move, whatever the time:
#                   a budget in playouts rather than time, so that results
#                   compare across machines of different speeds, as GNU
#                   Go's level fixes its own strength at any speed (see
#                   docs/TUNING.md for how 11,000 was chosen).
#   byoyomi         9x9, 10 s main time + 3 periods of 1 s (Japanese byo-yomi), enforced
#   9x9-handicap    9x9, Yunzi White at 1 s a move giving GNU Go (Black)
#                   $HANDICAP stones (default 3) at komi 0.5, colours fixed
#   19x19-handicap  the same on 19x19 at 2 s a move
# Results go to match-out/PRESET-DATE.dat and .sgf files; the summary to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-9x9}
games=${2:-10}
shift $(( $# > 2 ? 2 : $# )) || true
gnugo=${GNUGO:-/usr/games/gnugo}
gnugo_cmd="$gnugo --mode gtp --level 10 --chinese-rules"
go build -o yunzi .
# A handicap preset is its board's even preset with the colours fixed.
base=$preset handicap=0
case "$preset" in
  9x9-handicap|19x19-handicap) base=${preset%-handicap}; handicap=${HANDICAP:-3} ;;
esac
case "$base" in
  9x9)     size=9;  yunzi_cmd="./yunzi --time 1s --playouts 0 --threads 1"; timing=() ;;
  19x19)   size=19; yunzi_cmd="./yunzi --time 2s --playouts 0 --threads 1"; timing=() ;;
  19x19-playouts) size=19; yunzi_cmd="./yunzi --time 0 --playouts 11000 --threads 1"; timing=() ;;
  byoyomi) size=9;  yunzi_cmd="./yunzi --threads 1";           timing=(-time 10s -byoyomi 3x1s) ;;
  *) echo "unknown preset $preset (9x9, 19x19, 19x19-playouts, byoyomi, 9x9-handicap, 19x19-handicap)" >&2; exit 2 ;;
esac
if (( handicap > 0 )); then
  # Handicap games keep the colours: GNU Go takes the stones.
  pairing=(-black "$gnugo_cmd" -white "$yunzi_cmd" -komi 0.5 -handicap "$handicap")
else
  pairing=(-black "$yunzi_cmd" -white "$gnugo_cmd" -komi 7.5 -alternate)
fi
mkdir -p match-out
prefix="match-out/$preset-$(date +%Y%m%d-%H%M%S)"
exec ./yunzi match "${pairing[@]}" -referee "$gnugo_cmd" \
  -size "$size" -games "$games" -sgffile "$prefix" "${timing[@]}" "$@"
