package gtp

import "errors"

// maxCount bounds byo-yomi stones and periods.
const maxCount = 10000

// timeSettings M B S: main time, byo-yomi time, byo-yomi stones.
func (s *Server) timeSettings(args []string) (string, error) {
	if err := want(args, 3); err != nil {
		return "", err
	}
	main, err1 := parseSeconds(args[0])
	byo, err2 := parseSeconds(args[1])
	stones, err3 := parseInt(args[2], 0, maxCount)
	if err := errors.Join(err1, err2, err3); err != nil {
		return "", ErrSyntax
	}
	if s.engine.SetTimeSettings(main, byo, stones) != nil {
		return "", ErrSyntax
	}
	return "", nil
}

// kgsTimeSettings: none | absolute M | byoyomi M P N | canadian M P S.
func (s *Server) kgsTimeSettings(args []string) (string, error) {
	if len(args) == 0 {
		return "", ErrSyntax
	}
	arity := map[string]int{"none": 0, "absolute": 1, "byoyomi": 3, "canadian": 3}
	n, ok := arity[args[0]]
	if !ok || len(args) != n+1 {
		return "", ErrSyntax
	}
	vals := append(append([]string{}, args[1:]...), "0", "0", "0")
	main, err1 := parseSeconds(vals[0])
	period, err2 := parseSeconds(vals[1])
	count, err3 := parseInt(vals[2], 0, maxCount)
	if err := errors.Join(err1, err2, err3); err != nil {
		return "", ErrSyntax
	}
	if s.engine.SetKGSTime(args[0], main, period, count) != nil {
		return "", ErrSyntax
	}
	return "", nil
}

// timeLeft C T K; a negative T counts as 0.
func (s *Server) timeLeft(args []string) (string, error) {
	if err := want(args, 3); err != nil {
		return "", err
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	t, err := parseFloat(args[1])
	if err != nil || t > maxSeconds {
		return "", ErrSyntax
	}
	left := seconds(max(t, 0))
	stones, err := parseInt(args[2], 0, maxCount)
	if err != nil {
		return "", err
	}
	if s.engine.SetTimeLeft(c, left, stones) != nil {
		return "", ErrSyntax
	}
	return "", nil
}
