#!/usr/bin/env bash
# Learn move-pattern gammas (the form of pattern/gammas.txt).
#
#   scripts/learn-patterns.sh [tom9d [OUT]]  from 9-dan amateur games: the
#                                            embedded table (default OUT:
#                                            pattern/gammas.txt)
#   scripts/learn-patterns.sh gnugo [OUT]    the earlier table, from GNU Go's
#                                            games (default OUT:
#                                            match-out/gammas-gnugo.txt)
#
# gnugo: from 19x19 games: GNU Go's self-play (testdata/gnugo-selfplay/19x19,
# made by scripts/gnugo-selfplay.sh), GNU Go's side of its games against
# Yunzi (testdata/gnugo-vs-yunzi/19x19), and the games of 50 moves or more
# among the public regression suites' records (../shared/regress/gnugo/games).
# First every tenth game is held out to report how well the model predicts
# moves in games it never saw; then the table is learned from all of them.
#
# tom9d: from the games between 9-dan amateurs of ../shared/data/tom9d (one
# SGF collection a year, see its README; TOM9D names another folder). Every
# SAMPLE'th game (default 15) of 2003-2010 is learned from: all of them would
# take tens of gigabytes of features. The whole of 2011 is held out, and
# every 13th game of it is measured, first by the learning itself (on
# stderr), then by --evaluate for the embedded table and the new one on the
# same positions, per phase of the game.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-tom9d}
if [[ $mode != gnugo && $mode != tom9d ]]; then
	echo "usage: $0 [tom9d [OUT] | gnugo [OUT]]" >&2
	exit 2
fi
go build -o yunzi .
case $mode in
gnugo)
	shared=../shared/regress/gnugo/games
	games=(testdata/gnugo-selfplay/19x19/*.sgf testdata/gnugo-vs-yunzi/19x19/*.sgf)
	while IFS= read -r f; do
		if [ "$(grep -o ';[BW]\[' "$f" | wc -l)" -ge 50 ]; then
			games+=("$f")
		fi
	done < <(grep -rl --include='*.sgf' 'SZ\[19\]' "$shared" | sort)
	learn=(./yunzi learn-patterns --iterations 20 --min-count 4 --skip-player Yunzi)
	echo "held-out check:" >&2
	"${learn[@]}" --test-every 10 "${games[@]}" > /dev/null
	echo "the table, from every game:" >&2
	out=${2:-match-out/gammas-gnugo.txt}
	mkdir -p "$(dirname "$out")"
	"${learn[@]}" --test-every 0 "${games[@]}" > "$out.new"
	mv "$out.new" "$out"
	;;
tom9d)
	out=${2:-pattern/gammas.txt}
	data=${TOM9D:-../shared/data/tom9d}
	mkdir -p "$(dirname "$out")"
	./yunzi learn-patterns --iterations 20 --min-count 10 --sample "${SAMPLE:-15}" \
		--test "$data/tom9d-2011.sgf" --test-sample 13 \
		"$data"/tom9d-200[3-9].sgf "$data/tom9d-2010.sgf" > "$out.new"
	mv "$out.new" "$out"
	./yunzi learn-patterns --evaluate --sample 13 --table "$out" "$data/tom9d-2011.sgf"
	;;
esac
