# Middle-game reading: real 19x19 positions from games classic Yunzi lost,
# where one move (or a few) decides a fight. The answers are KataGo's g170
# b6c96 network's, searched to about 2,000 visits, where every other move
# loses at least 8 points (3 in the last test). A trailing "*" marks the
# ones Yunzi still gets wrong at the suites' budget (2,000 playouts, one
# thread, seed 1).

# Top left, White to move (Yunzi's game against the network, move 30).
# White's C14-C15 and D16-D17 have two liberties each; White E18 lets
# Black cut at D15, after which both chains are short of liberties against
# Black's C16-C17 and the corner falls (about 8 points).
loadsgf sgf/middle-cut-corner-19x19.sgf
10 reg_genmove w
#? [!E18]*

# The same corner after White E18: Black's cut at D15 gains about 14
# points over any other move.
loadsgf sgf/middle-cut-corner-19x19.sgf
play w E18
20 reg_genmove b
#? [D15]*

# Right side, White to move (a game against GNU Go at 3 min sudden death,
# move 244): White's S10-S11-T11, with Black's T10 inside, lives by R11 or
# Q10 (White about 20 points ahead); after any other move Black R11 or
# T12 kills it (R12 leaves Black 7 ahead, T12 even). Yunzi left it for
# five moves and lost the game.
loadsgf sgf/middle-right-side-19x19.sgf
30 reg_genmove w
#? [R11|Q10]*

# Left side, White to move (Yunzi giving GNU Go four stones, move 179):
# Black's 14 stones A10-E11, D12-F12 and E9-E14 (liberties C10, D10,
# F11, F13, F14) race White's D9-D7 group (four liberties, two shared)
# and C13-D15 (five, F14 shared). Taking Black's outside liberties (F11, F13, F14), or T12 on
# the right, keeps White about 16 points behind; every other move loses
# 3 points or more, and the game's L17 lost 17 (Black then won the race).
loadsgf sgf/middle-left-race-19x19.sgf
40 reg_genmove w
#? [F11|F13|F14|T12]*
