package gtp

func (s *Server) finalScore(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	r, err := s.engine.FinalScore(s.ctx)
	if err != nil {
		return "", ErrCannotScore
	}
	return r.String(), nil
}

// chineseScore answers the result as the Chinese rules state it, in
// stones: "Black wins by ¾ stone".
func (s *Server) chineseScore(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	r, err := s.engine.FinalScore(s.ctx)
	if err != nil {
		return "", ErrCannotScore
	}
	return r.Chinese(), nil
}

// finalStatusList answers the stones of a status (alive, dead, seki), all
// on one line.
func (s *Server) finalStatusList(args []string) (string, error) {
	if err := want(args, 1); err != nil {
		return "", err
	}
	switch args[0] {
	case "alive", "dead", "seki":
	default:
		return "", ErrSyntax
	}
	pts, err := s.engine.FinalStatus(s.ctx, args[0])
	if err != nil {
		return "", ErrCannotScore
	}
	return vertexList(pts), nil
}
