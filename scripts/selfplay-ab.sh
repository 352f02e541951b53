#!/usr/bin/env bash
# A/B self-play: the working tree's engine (A) against a git revision's
# (B), colours alternating, one thread each, scored by the runner's count.
# Usage: scripts/selfplay-ab.sh [REV] [GAMES] [SIZE] [TIME] [extra yunzi match options...]
#   REV    the baseline revision (default HEAD: measure uncommitted changes)
#   GAMES  games to play (default 100); Ctrl-C stops after the games in
#          progress and still prints the summary
#   SIZE   board size (default 13)
#   TIME   time per move of each engine (default 300ms)
# Two games run at once. The engines and results go to match-out/ab-DATE/.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
games=${2:-100}
size=${3:-13}
per_move=${4:-300ms}
shift $(( $# > 4 ? 4 : $# )) || true
out="match-out/ab-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
go build -o "$out/yunzi-a" .
base=$(mktemp -d)
trap 'git worktree remove --force "$base" >/dev/null 2>&1 || true' EXIT
git worktree add --detach "$base" "$rev" >/dev/null
(cd "$base" && go build -o "$OLDPWD/$out/yunzi-b" .)
echo "A: the working tree; B: $(git rev-parse --short "$rev"); results in $out" >&2
engine() { echo "$PWD/$out/$1 --time $per_move --playouts 0 --threads 1"; }
"$out/yunzi-a" match -black "$(engine yunzi-a)" -white "$(engine yunzi-b)" \
  -size "$size" -komi 7.5 -games "$games" -alternate -parallel 2 -sgffile "$out/ab" "$@"
