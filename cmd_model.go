package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/yunzi-go/yunzi/nn"
)

// loadModel reads the KataGo network at path for --model; an empty path
// is no network. A file that cannot be read, or is not a network Yunzi
// reads, gives one line that names the file and says why (the model
// version, the layer that is wrong), for main to print before exit status
// 1.
func loadModel(path string) (*nn.Model, error) {
	if path == "" {
		return nil, nil
	}
	m, err := nn.Load(path)
	if err == nil {
		return m, nil
	}
	var (
		fe *nn.FormatError
		pe *fs.PathError
	)
	switch {
	case errors.As(err, &fe):
		if fe.Layer != "" {
			return nil, fmt.Errorf("--model %s: layer %s: %s", path, fe.Layer, fe.Msg)
		}
		return nil, fmt.Errorf("--model %s: %s", path, fe.Msg)
	case errors.As(err, &pe):
		return nil, fmt.Errorf("--model %s: %w", path, pe.Err)
	}
	return nil, fmt.Errorf("--model %s: %w", path, err)
}

// modelText describes the network for the start-up log: none, or the file
// and what it holds.
func modelText(path string, m *nn.Model) string {
	if m == nil {
		return "none (Monte-Carlo playouts)"
	}
	return fmt.Sprintf("%s (%s; the search plays with the network, --playouts counts visits)", path, m)
}
