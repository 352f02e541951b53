#!/usr/bin/env bash
# How one engine used its clock in timed `yunzi match` games: per game, its
# moves, how the game ended, the main time left at its end (share of the
# main time), and its mean time a move in the opening, the middle game and
# the endgame (the engine's own phases: before a tenth of the board's
# points in moves, before 42% of them, after), then the same over all games.
# Usage: scripts/clock-profile.sh PATTERN GAME.sgf...
# PATTERN picks the engine: the colour whose "Black command:" or "White
# command:" line in the record's root comment contains it (the first such
# colour). The times are the records' own: each move's comment ("1.23 s")
# and the BL/WL time left after it; the main time is the "Time:" line's.
set -euo pipefail
pattern=${1:?usage: scripts/clock-profile.sh PATTERN GAME.sgf...}
shift
[[ $# -gt 0 ]] || { echo "usage: scripts/clock-profile.sh PATTERN GAME.sgf..." >&2; exit 2; }
awk -v pattern="$pattern" '
function flush(   name, p) {
  if (file == "") return
  name = file; sub(/.*\//, "", name)
  if (colour == "" || main <= 0) {
    printf "%s: no engine matching the pattern, or no main time\n", name
  } else {
    printf "%-34s %s %3d moves  %-12s left %5.1f%%", name, colour, own, ending, 100 * left / main
    for (p = 0; p < 3; p++) {
      printf "  %s %5.2f s", phase[p], n[p] ? spent[p] / n[p] : 0
      allSpent[p] += spent[p]; allN[p] += n[p]
    }
    printf "\n"
    games++; allLeft += left / main
  }
  colour = ""; main = 0; own = 0; ending = "?"; left = 0; size = 19; move = 0
  for (p = 0; p < 3; p++) { spent[p] = 0; n[p] = 0 }
}
BEGIN { phase[0] = "opening"; phase[1] = "middle"; phase[2] = "endgame"; RS = ";" }
FNR == 1 { flush(); file = FILENAME }
{
  rec = $0
  if (match(rec, /SZ\[[0-9]+\]/)) size = substr(rec, RSTART + 3, RLENGTH - 4) + 0
  if (index(rec, "Black command:") && colour == "") {
    if (match(rec, /Black command:[^\n]*/) && index(substr(rec, RSTART, RLENGTH), pattern)) colour = "B"
    else if (match(rec, /White command:[^\n]*/) && index(substr(rec, RSTART, RLENGTH), pattern)) colour = "W"
  }
  if (match(rec, /Time: [0-9.]+(ms|s|m|h)/)) {
    t = substr(rec, RSTART + 6, RLENGTH - 6)
    unit = t; sub(/[0-9.]+/, "", unit); v = t + 0
    main = unit == "ms" ? v / 1000 : unit == "m" ? v * 60 : unit == "h" ? v * 3600 : v
  }
  if (match(rec, /End: [a-z ]+/)) ending = substr(rec, RSTART + 5, RLENGTH - 5)
  if (rec !~ /^[BW]\[/) next
  move++
  if (substr(rec, 1, 1) != colour) next
  own++
  if (match(rec, /C\[[0-9.]+ s/)) {
    d = substr(rec, RSTART + 2, RLENGTH - 4) + 0
    p = move < size * size / 10 ? 0 : move < 0.42 * size * size ? 1 : 2
    spent[p] += d; n[p]++
  }
  if (match(rec, /[BW]L\[[0-9.]+\]/)) left = substr(rec, RSTART + 3, RLENGTH - 4) + 0
}
END {
  flush()
  if (games > 0) {
    printf "%d games: left %.1f%% on average;", games, 100 * allLeft / games
    for (p = 0; p < 3; p++) printf " %s %.2f s a move (%d moves);", phase[p], allN[p] ? allSpent[p] / allN[p] : 0, allN[p]
    printf "\n"
  }
}' "$@"
