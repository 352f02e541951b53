package gtp

func (s *Server) protocolVersion(args []string) (string, error) {
	return "2", want(args, 0)
}

func (s *Server) name(args []string) (string, error) { return Name, want(args, 0) }

func (s *Server) versionCmd(args []string) (string, error) { return s.version, want(args, 0) }

// quitCmd ends Serve after its response; it accepts and ignores arguments
// so that a controller's quit always ends the session.
func (s *Server) quitCmd(args []string) (string, error) {
	s.quit = true
	return "", nil
}
