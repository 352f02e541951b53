# Yunzi's own regression suite: answers a correct engine gives
# deterministically. Run with: yunzi regress './yunzi' testdata/regress/rules.tst

boardsize 5
clear_board
komi 0.5
play b C3
play w D3

# occupied points and suicide
10 is_legal b C3
#? [0|false]

11 is_legal w C3
#? [0|false]

12 is_legal b B2
#? [1|true]

play b D4
play w E4
play b E3
# W D3 has one liberty (D2); B capturing there is legal
13 is_legal b D2
#? [1|true]

play b D2
# D3 was captured: an empty point again (white may not play there: suicide)
14 is_legal b D3
#? [1|true]

15 is_legal w D3
#? [0|false]

# final_score of a finished position: every point black's
clear_board
play b C3
play w pass
play b pass
30 final_score
#? [B\+24\.5]

# an empty board, komi 0.5
clear_board
31 final_score
#? [W\+0\.5]

# loadsgf relative to the suite's folder, then the board
loadsgf sgf/atari.sgf
40 is_legal b C7
#? [1|true]

41 is_legal b C5
#? [0|false]

# before move 3 only C5 and D5 are on the board
loadsgf sgf/atari.sgf 3
42 is_legal w C4
#? [1|true]

43 is_legal w D5
#? [0|false]

# an obvious capture on 7x7
boardsize 7
clear_board
komi 7.5
play b C5
play b C4
play b C3
play b D6
play b E5
play b E4
play b E3
play w D5
play w D4
play w D3
# the three white stones D5 D4 D3 are in atari at D2
50 reg_genmove b
#? [D2]

51 is_legal w D2
#? [1|true]
