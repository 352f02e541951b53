package gtp

// kgsRules names the rules of a KGS game: chinese, japanese, aga or
// new_zealand. Yunzi counts by area whatever they are.
func (s *Server) kgsRules(args []string) (string, error) {
	if err := want(args, 1); err != nil {
		return "", err
	}
	if s.engine.SetRules(args[0]) != nil {
		return "", ErrSyntax
	}
	return "", nil
}

func (s *Server) kgsGameOver(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	s.engine.GameOver()
	return "", nil
}
