#!/usr/bin/env bash
# Compare Yunzi's dead-stone judgement with the referee's on finished games:
# every SGF whose game ended in scoring (the match runner's "(scored)"
# comment) is loaded at its end and scored with final_score, and the answer
# is compared with the SGF's result, which the referee (GNU Go) gave.
# Usage: scripts/judge-agreement.sh GAME.sgf|FOLDER ...
# Prints one line per disagreement (file, referee, Yunzi) and the count.
# YUNZI overrides the engine command (default: a fresh build, seed 1).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${YUNZI:-}" ]]; then
  go build -o yunzi .
  YUNZI="$PWD/yunzi --seed 1"
fi
games=0
agree=0
while IFS= read -r -d '' f; do
  grep -q "(scored)" "$f" || continue
  referee=$(grep -o 'RE\[[^]]*\]' "$f" | head -1 | sed 's/RE\[\(.*\)\]/\1/')
  ours=$(printf 'loadsgf %s\nfinal_score\n' "$(realpath "$f")" | $YUNZI --log-level error 2>/dev/null |
    grep '^= .' | tail -1 | cut -c3-)
  games=$((games + 1))
  if [[ "$ours" == "$referee" ]]; then
    agree=$((agree + 1))
  else
    echo "$f $referee ${ours:-(no answer)}"
  fi
done < <(find "$@" -name '*.sgf' -print0 | sort -z)
echo "agree on $agree of $games finished games"
