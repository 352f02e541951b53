#!/usr/bin/env bash
# Run Yunzi's own regression suites (testdata/regress/*.tst) with `yunzi regress`.
# Usage: scripts/regress.sh [--shared] [extra yunzi regress options...]
#   --shared  also run the public suites in ../shared/regress/gnugo (slow; they need a strong engine)
# Exit status: 0 all as expected, 1 unexpected failures, 2 the engine died.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=0
if [[ "${1:-}" == "--shared" ]]; then shared=1; shift; fi
go build -o yunzi .
engine="$PWD/yunzi --time ${YUNZI_REGRESS_TIME:-1s} --threads 1"
status=0
./yunzi regress "$@" "$engine" testdata/regress/*.tst || status=$?
if [[ $shared == 1 ]]; then
  ./yunzi regress "$@" "$engine" ../shared/regress/gnugo/*.tst || true
fi
exit $status
