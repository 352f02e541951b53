// Package pattern rates moves by learned strengths of their features: the
// 3x3 shape around the move and the largest known spatial pattern, what
// it does to chains in or near atari, its line, and its distance to the
// last two moves. It is Coulom's model
// ("Computing Elo ratings of move patterns in the game of Go", 2007), as
// CrazyStone and Pachi use it: each feature value has a strength gamma, a
// move's strength is the product of its features' gammas, and the chance
// that a player picks a move is its strength over the sum of the strengths
// of all legal moves.
//
// The gammas are learned from game records by the minorization-maximization
// algorithm of the same paper (see Train); the table Yunzi plays with is
// embedded from gammas.txt.
//
// Start reading at features.go (the feature groups and how a move's values
// are found), then shape.go (the 3x3 shapes), spatial.go (the large
// patterns), model.go (the gamma table) and train.go (the learning).
package pattern
