package engine

import (
	"errors"
	"fmt"

	"github.com/yunzi-go/yunzi/nn"
)

// ErrNoNetwork is RawNN's error when the engine has no network
// (Config.Model is nil).
var ErrNoNetwork = errors.New("no network loaded")

// network is what the engine keeps to evaluate positions with its model:
// one evaluator and its input, made at the first evaluation and reused
// (the engine runs on one goroutine, so one of each is enough).
type network struct {
	eval nn.Evaluator
	feat nn.Featurizer
	in   nn.Input
}

// HasNetwork reports whether the engine has a network to evaluate
// positions with.
func (e *Engine) HasNetwork() bool { return e.cfg.Model != nil }

// Model returns the engine's network, nil when it has none.
func (e *Engine) Model() *nn.Model { return e.cfg.Model }

// RawNN evaluates the current position for the player to move with the
// network, under symmetry s (0 to 7, numbered as KataGo numbers them), and
// writes the network's post-processed outputs to out (see nn.Output:
// probabilities, and values from White's view). It fails with
// ErrNoNetwork when there is no network and for a symmetry out of range,
// changing nothing.
func (e *Engine) RawNN(s int, out *nn.Output) error {
	if e.cfg.Model == nil {
		return ErrNoNetwork
	}
	if s < 0 || s >= nn.NumSymmetries {
		return fmt.Errorf("symmetry %d out of range 0 to %d", s, nn.NumSymmetries-1)
	}
	n := &e.net
	if n.eval == nil {
		n.eval = e.cfg.Model.NewEvaluator()
	}
	if err := n.feat.Fill(e.game, &n.in); err != nil {
		return err
	}
	n.eval.Evaluate(&n.in, s, out)
	return nil
}
