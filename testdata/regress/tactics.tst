# Yunzi's own tactics suite: positions where one move decides the game.
# Each is set up with play commands; komi is chosen so that the move
# decides the result. Run: yunzi regress './yunzi --playouts 2000' tactics.tst

# Capture the cutting stones: White D5-D4 is in atari at D3; capturing wins (28 to 21 with komi 4.5), letting them connect loses.
boardsize 7
clear_board
play b D6
play b A5
play b B5
play b C5
play w D5
play b E5
play b F5
play b G5
play b A4
play b B4
play b C4
play w D4
play b E4
play b F4
play b G4
play w A3
play w B3
play w C3
play w E3
play w F3
play w G3
komi 4.5
10 reg_genmove b
#? [D3]

# Save the chain in atari: the colours swapped, Black must connect at D3 (komi -5.5 makes it decide the game).
boardsize 7
clear_board
play w D6
play w A5
play w B5
play w C5
play b D5
play w E5
play w F5
play w G5
play w A4
play w B4
play w C4
play b D4
play w E4
play w F4
play w G4
play b A3
play b B3
play b C3
play b E3
play b F3
play b G3
komi -5.5
11 reg_genmove b
#? [D3]

# Straight three in the corner: the vital point B1 lives for Black and kills for White (komi -16.5 makes the group's life decide the game).
boardsize 5
clear_board
play w B5
play w D5
play w A4
play w B4
play w C4
play w D4
play w E4
play w A3
play w B3
play w C3
play w D3
play w E3
play b A2
play b B2
play b C2
play b D2
play w E2
play b D1
play w E1
komi -16.5
12 reg_genmove b
#? [B1]
13 reg_genmove w
#? [B1]

# A settled game: Black owns the whole 3x3 board with two eyes; filling one would be suicide of a kind, so Black passes.
boardsize 3
clear_board
play b A3
play b B3
play b C3
play b A2
play b C2
play b A1
play b B1
komi 7.5
14 reg_genmove b
#? [PASS]

# A cut the learned patterns rank 27th: GNU Go's White H3 at move 260 of a
# 19x19 game (session 12, game 8) leaves two Black chains, of nine stones
# and three, two liberties each, and Black cannot save both (Yunzi's
# White, at 0.32, played A3 there in every search). Progressive widening
# kept it out of the search's sight until a move outside the width could
# join on its AMAF win rate (search.Widening.PromoteVisits).
loadsgf sgf/widening-cut-19x19.sgf 260
15 reg_genmove w
#? [H3]
