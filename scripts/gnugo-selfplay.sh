#!/usr/bin/env bash
# Play GNU Go against itself to make training games for the move patterns
# (see pattern/). Game N gives GNU Go the random seeds 2N and 2N+1, so the
# games differ and the same N always gives the same game.
# Usage: scripts/gnugo-selfplay.sh SIZE FIRST LAST [PARALLEL]
#   writes testdata/gnugo-selfplay/SIZExSIZE/gN.sgf for N = FIRST..LAST,
#   PARALLEL games at once (default 2), skipping games already there.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:?size} first=${2:?first game} last=${3:?last game} parallel=${4:-2}
gnugo=${GNUGO:-/usr/games/gnugo}
out="testdata/gnugo-selfplay/${size}x${size}"
mkdir -p "$out"
go build -o yunzi .
play() {
  local n=$1 tmp
  [ -e "$out/g$n.sgf" ] && return 0
  tmp=$(mktemp -d)
  ./yunzi match -size "$size" -komi 7.5 -games 1 -force -sgffile "$tmp/g" \
    -black "$gnugo --mode gtp --level 10 --chinese-rules -r $((2 * n))" \
    -white "$gnugo --mode gtp --level 10 --chinese-rules -r $((2 * n + 1))" >/dev/null 2>&1
  mv "$tmp/g-0.sgf" "$out/g$n.sgf"
  rm -rf "$tmp"
}
export -f play
export size out gnugo
seq "$first" "$last" | xargs -P "$parallel" -I{} bash -c 'play {}'
