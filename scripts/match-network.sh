#!/usr/bin/env bash
# Play Yunzi with a network (--model) against Yunzi without one, at equal
# time, one search thread each, colours alternating, GNU Go as referee.
# Usage: scripts/match-network.sh MODEL [PRESET] [GAMES] [extra yunzi match options...]
#   9x9    1 s a move each (default)
#   13x13  1.5 s a move each
#   19x19  2 s a move each
#   gnugo-9x9, gnugo-19x19, gnugo-19x19-level1: the network player against
#          GNU Go level 10 (level 1 for the last) at 1 s or 2 s a move
# YUNZI names a prebuilt binary (default: a fresh build of this tree).
# Results go to match-out/net-PRESET-DATE.dat and .sgf files; the summary to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
model=${1:?usage: scripts/match-network.sh MODEL [PRESET] [GAMES] [options...]}
preset=${2:-9x9}
games=${3:-10}
shift $(( $# > 3 ? 3 : $# )) || true
gnugo=${GNUGO:-/usr/games/gnugo}
referee="$gnugo --mode gtp --level 10 --chinese-rules"
if [[ -z "${YUNZI:-}" ]]; then
  go build -o yunzi .
  YUNZI="$PWD/yunzi"
fi
model=$(realpath "$model")
case "$preset" in
  9x9)   size=9;  move=1s ;;
  13x13) size=13; move=1.5s ;;
  19x19) size=19; move=2s ;;
  gnugo-9x9)   size=9;  move=1s; level=10 ;;
  gnugo-19x19) size=19; move=2s; level=10 ;;
  gnugo-19x19-level1) size=19; move=2s; level=1 ;;
  *) echo "unknown preset $preset (9x9, 13x13, 19x19, gnugo-9x9, gnugo-19x19, gnugo-19x19-level1)" >&2; exit 2 ;;
esac
net="$YUNZI --model $model --time $move --playouts 0 --threads 1"
if [[ -n "${level:-}" ]]; then
  other="$gnugo --mode gtp --level $level --chinese-rules"
else
  other="$YUNZI --time $move --playouts 0 --threads 1"
fi
mkdir -p match-out
prefix="match-out/net-$preset-$(date +%Y%m%d-%H%M%S)"
exec "$YUNZI" match -black "$net" -white "$other" -alternate -komi 7.5 \
  -referee "$referee" -size "$size" -games "$games" -sgffile "$prefix" "$@"
