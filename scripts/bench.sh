#!/usr/bin/env bash
# Measure Yunzi's speed: `yunzi bench` (light, full-search and apart playouts per
# second by size, position and threads, median of runs) and the Go
# benchmarks of the hot paths.
# Usage: scripts/bench.sh [--json] [extra yunzi bench options...]
# Run it on a quiet machine: figures from a loaded one mean little.
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o yunzi .
./yunzi bench --threads "1,$(nproc)" "$@"
if [[ " $* " != *" --json "* ]]; then
  go test -run '^$' -bench 'Playout|PlayUndo|IsLegal' -benchmem -count 5 ./rules
  go test -run '^$' -bench . -benchtime 3x ./search
fi
