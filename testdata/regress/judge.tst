# Yunzi's dead-stone suite: finished games from matches, each scored the
# way GNU Go, the referee, scored it. Run with:
#   yunzi regress './yunzi --playouts 2000' testdata/regress/judge.tst

# 19x19, bottom right: White's chain O1-S4 and Black's R1-T1 share their
# only liberties Q1 and T2, a seki to the playouts. Black T2 and White's
# capture at Q1 leave the bent four in the corner: White is dead.
loadsgf sgf/judge-bent-four-corner.sgf
10 final_score
#? [B\+21\.5]

# 9x9, top right: the same shape, Black G9-J9 against White's chain with
# the liberties F9 and J8.
loadsgf sgf/judge-bent-four-corner-9x9.sgf
20 final_score
#? [B\+19\.5]

# 13x13, left side: Black's sacrifice at A11 kills the white chains that
# shared their last liberties with it.
loadsgf sgf/judge-sacrifice-13x13.sgf
30 final_score
#? [B\+59\.5]

# 19x19, top left: a real seki. White's chain and Black's A18-B17 share B16
# and A19; either filling gives White a living four (B16: a bent four away
# from the corner; A19: a zigzag).
loadsgf sgf/judge-seki-corner.sgf
40 final_score
#? [B\+9\.5]

# 19x19, bottom left: Black's chain A1-D3 has an eye at B2 and shares D1
# with White's chain around it: a seki with one eye, which neither side
# can break by filling D1.
loadsgf sgf/judge-seki-side.sgf
50 final_score
#? [B\+24\.5]

# 19x19, top left, White has just passed: Black's A16-B18 (an eye at A17,
# and A19) and White's C17-D18 (C19 and D19) are in a race that the next
# move decides; White's capture of D17 at E17 wins it for White, Black's
# E17 for Black. The count alone, calling it a seki, would answer the pass
# with a pass (Yunzi lost the game so, W+2.5 by GNU Go's count); Black
# must play on.
loadsgf sgf/judge-unsettled-race.sgf 251
60 genmove b
#? [!(?i)pass]
