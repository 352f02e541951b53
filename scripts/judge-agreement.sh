#!/usr/bin/env bash
# Compare Yunzi's dead-stone judgement with the referee's on finished games:
# every SGF whose game ended in scoring (the match runner's "(scored)"
# comment) is loaded at its end, and two things are compared:
#   - final_score with the SGF's result, which the referee (GNU Go) gave;
#   - final_status_list dead with GNU Go's own list for the position.
# Usage: scripts/judge-agreement.sh GAME.sgf|FOLDER ...
# Prints one line per disagreement and the two counts.
# YUNZI overrides the engine command (default: a fresh build, seed 1), for
# instance to judge with a network: YUNZI="./yunzi --seed 1 --model FILE".
# GNUGO overrides GNU Go's path (default /usr/games/gnugo).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${YUNZI:-}" ]]; then
  go build -o yunzi .
  YUNZI="$PWD/yunzi --seed 1"
fi
gnugo=${GNUGO:-/usr/games/gnugo}
# vertices prints the vertices of a GTP answer, sorted, on one line.
vertices() { tr -s ' \n' '\n' | grep -E '^[A-HJ-Z][0-9]+$' | sort | tr '\n' ' ' || true; }
games=0 scores=0 deads=0
while IFS= read -r -d '' f; do
  grep -q "(scored)" "$f" || continue
  path=$(realpath "$f")
  referee=$(grep -o 'RE\[[^]]*\]' "$f" | head -1 | sed 's/RE\[\(.*\)\]/\1/')
  answers=$(printf 'loadsgf %s\nfinal_score\nfinal_status_list dead\n' "$path" | $YUNZI --log-level error 2>/dev/null)
  ours=$(grep '^= [BW0]' <<<"$answers" | head -1 | cut -c3- || true)
  ours_dead=$(sed -n '/^= [BW0]/,$p' <<<"$answers" | tail -n +2 | vertices)
  theirs_dead=$(printf 'loadsgf %s\nfinal_status_list dead\n' "$path" | $gnugo --mode gtp --chinese-rules | vertices)
  games=$((games + 1))
  if [[ "$ours" == "$referee" ]]; then
    scores=$((scores + 1))
  else
    echo "$f score: referee $referee, Yunzi ${ours:-(no answer)}"
  fi
  if [[ "$ours_dead" == "$theirs_dead" ]]; then
    deads=$((deads + 1))
  else
    echo "$f dead stones: GNU Go [$theirs_dead], Yunzi [$ours_dead]"
  fi
done < <(find "$@" -name '*.sgf' -print0 | sort -z)
echo "same score on $scores and same dead stones on $deads of $games finished games"
