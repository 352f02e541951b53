#!/usr/bin/env bash
# Yunzi's life-and-death judgement in the middle of a game against GNU
# Go's: after MOVE moves, the stones Yunzi's final_status_list calls dead
# against those of the dragons GNU Go's dragon_status calls dead (its owl
# reading; dragons it calls critical are left out of both). Where a game
# was lost with Yunzi sure of winning, this shows which group it misread.
# Usage: scripts/judge-midgame.sh GAME.sgf MOVE ...
# Prints, per position, the stones only Yunzi calls dead and those only
# GNU Go does, each with its colour.
# YUNZI overrides the engine command (default: a fresh build, seed 1,
# 8000 playouts, one thread); GNUGO the referee (/usr/games/gnugo).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${YUNZI:-}" ]]; then
  go build -o yunzi .
  YUNZI="$PWD/yunzi --seed 1 --playouts 8000 --threads 1"
fi
GNUGO=${GNUGO:-/usr/games/gnugo --mode gtp --chinese-rules}
sgf=$(realpath "$1")
shift

# answers runs GTP commands on GNU Go after loading the position and
# prints the words of the answers, one per line.
answers() { printf 'loadsgf %s %d\n%b' "$sgf" $((move + 1)) "$1" | $GNUGO 2>/dev/null | tail -n +3 | tr -d '=' | tr ' ' '\n' | grep . || true; }

# dragonStones prints the stones of GNU Go's dragons with the given status.
dragonStones() {
  local commands=""
  for d in $(echo "$statuses" | sed -n "s/^=* *\([A-T][0-9]*\): $1.*/\1/p"); do commands+="dragon_stones $d\n"; done
  [[ -z "$commands" ]] || answers "$commands" | sort
}

# withColours prints each stone of its arguments with its colour.
withColours() {
  local commands=""
  for p in "$@"; do commands+="color $p\n"; done
  [[ -z "$commands" ]] && return
  paste -d' ' <(printf '%s\n' "$@") <(answers "$commands") | sed 's/ black/(B)/; s/ white/(W)/' | tr '\n' ' '
}

for move in "$@"; do
  statuses=$(printf 'loadsgf %s %d\ndragon_status\n' "$sgf" $((move + 1)) | $GNUGO 2>/dev/null)
  critical=$(dragonStones critical)
  gnugo=$(dragonStones dead)
  yunzi=$(printf 'loadsgf %s %d\nfinal_status_list dead\n' "$sgf" $((move + 1)) | $YUNZI --log-level error 2>/dev/null |
    tr -d '=' | tr ' ' '\n' | grep . | sort | comm -23 - <(echo "$critical") || true)
  onlyYunzi=$(comm -23 <(echo "$yunzi") <(echo "$gnugo") | grep . || true)
  onlyGnugo=$(comm -13 <(echo "$yunzi") <(echo "$gnugo") | grep . || true)
  echo "$(basename "$sgf") after $move moves"
  echo "  dead for Yunzi only: $(withColours $onlyYunzi)"
  echo "  dead for GNU Go only: $(withColours $onlyGnugo)"
done
