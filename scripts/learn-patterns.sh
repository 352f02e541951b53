#!/usr/bin/env bash
# Learn the move-pattern gammas Yunzi plays with (pattern/gammas.txt) from
# 19x19 games: GNU Go's self-play (testdata/gnugo-selfplay/19x19, made by
# scripts/gnugo-selfplay.sh), GNU Go's side of its games against Yunzi
# (testdata/gnugo-vs-yunzi/19x19), and the games of 50 moves or more among
# the public regression suites' records (../shared/regress/gnugo/games).
# First every tenth game is held out to report how well the model predicts
# moves in games it never saw; then the table is learned from all of them.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=../shared/regress/gnugo/games
games=(testdata/gnugo-selfplay/19x19/*.sgf testdata/gnugo-vs-yunzi/19x19/*.sgf)
while IFS= read -r f; do
	if [ "$(grep -o ';[BW]\[' "$f" | wc -l)" -ge 50 ]; then
		games+=("$f")
	fi
done < <(grep -rl --include='*.sgf' 'SZ\[19\]' "$shared" | sort)
learn=(./yunzi learn-patterns --iterations 20 --min-count 4 --skip-player Yunzi)
go build -o yunzi .
echo "held-out check:" >&2
"${learn[@]}" --test-every 10 "${games[@]}" > /dev/null
echo "the table, from every game:" >&2
"${learn[@]}" --test-every 0 "${games[@]}" > pattern/gammas.txt.new
mv pattern/gammas.txt.new pattern/gammas.txt
