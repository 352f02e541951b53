#!/usr/bin/env bash
# Learn the move-pattern gammas Yunzi plays with (pattern/gammas.txt) from
# the GNU Go self-play games that scripts/gnugo-selfplay.sh made in
# testdata/gnugo-selfplay/19x19. First every tenth game is held out to
# report how well the model predicts GNU Go's moves in games it never saw;
# then the table is learned from all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
games=testdata/gnugo-selfplay/19x19
go build -o yunzi .
echo "held-out check:" >&2
./yunzi learn-patterns --test-every 10 "$games" > /dev/null
echo "the table, from every game:" >&2
./yunzi learn-patterns --test-every 0 "$games" > pattern/gammas.txt.new
mv pattern/gammas.txt.new pattern/gammas.txt
