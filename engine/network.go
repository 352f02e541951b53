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
	if err := e.fillInput(); err != nil {
		return err
	}
	e.net.eval.Evaluate(&e.net.in, s, out)
	return nil
}

// MeanNN evaluates the current position as RawNN does, under every
// symmetry, and writes the mean of the outputs to out (see nn.Averager).
func (e *Engine) MeanNN(out *nn.Output) error {
	if e.cfg.Model == nil {
		return ErrNoNetwork
	}
	if err := e.fillInput(); err != nil {
		return err
	}
	nn.NewAverager(e.net.eval).Evaluate(&e.net.in, out)
	return nil
}

// fillInput makes the engine's evaluator if it has none yet and fills its
// input from the current position.
func (e *Engine) fillInput() error {
	n := &e.net
	if n.eval == nil {
		n.eval = e.cfg.Model.NewEvaluator()
	}
	return n.feat.Fill(e.game, &n.in)
}
