package gtp

import (
	"slices"
	"strings"
)

// handler answers one command: the result text, or an error (a Failure's
// text goes on the wire).
type handler func(s *Server, args []string) (string, error)

// commands returns the table of every command the server implements, by
// exact name. list_commands and known_command read it, so they never lie.
func commands() map[string]handler {
	table := map[string]handler{
		"protocol_version":    (*Server).protocolVersion,
		"name":                (*Server).name,
		"version":             (*Server).versionCmd,
		"known_command":       (*Server).knownCommand,
		"list_commands":       (*Server).listCommands,
		"quit":                (*Server).quitCmd,
		"boardsize":           (*Server).boardsize,
		"clear_board":         (*Server).clearBoard,
		"komi":                (*Server).komi,
		"play":                (*Server).play,
		"black":               (*Server).playBlack,
		"white":               (*Server).playWhite,
		"genmove":             (*Server).genmove,
		"reg_genmove":         (*Server).regGenmove,
		"kgs-genmove_cleanup": (*Server).genmoveCleanup,
		"undo":                (*Server).undo,
		"is_legal":            (*Server).isLegal,
		"showboard":           (*Server).showboard,
		"fixed_handicap":      (*Server).fixedHandicap,
		"place_free_handicap": (*Server).placeFreeHandicap,
		"set_free_handicap":   (*Server).setFreeHandicap,
		"final_score":         (*Server).finalScore,
		"final_status_list":   (*Server).finalStatusList,
		"yunzi-chinese_score": (*Server).chineseScore,
		"loadsgf":             (*Server).loadsgf,
		"printsgf":            (*Server).printsgf,
		"time_settings":       (*Server).timeSettings,
		"kgs-time_settings":   (*Server).kgsTimeSettings,
		"time_left":           (*Server).timeLeft,
		"kgs-rules":           (*Server).kgsRules,
		"kgs-game_over":       (*Server).kgsGameOver,

		"lz-analyze":             (*Server).lzAnalyze,
		"kata-analyze":           (*Server).kataAnalyze,
		"lz-genmove_analyze":     (*Server).lzGenmoveAnalyze,
		"kata-genmove_analyze":   (*Server).kataGenmoveAnalyze,
		"gogui-analyze_commands": (*Server).goguiAnalyzeCommands,
		"gogui-interrupt":        (*Server).goguiInterrupt,
		"yunzi-ownership":        (*Server).ownershipBoard,
		"yunzi-visits":           (*Server).visitsGfx,
		"yunzi-winrates":         (*Server).winratesGfx,
		"yunzi-pv":               (*Server).pvGfx,
		"yunzi-territory":        (*Server).territoryGfx,
		"yunzi-score":            (*Server).scoreString,
		"yunzi-patterns":         (*Server).patternsGfx,
	}
	if _, ok := processCPUTime(); ok {
		table["cputime"] = (*Server).cputime
	}
	return table
}

// Commands returns the names of the commands the server implements,
// sorted.
func (s *Server) Commands() []string {
	names := make([]string, 0, len(s.commands))
	for name := range s.commands {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func (s *Server) listCommands(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	return strings.Join(s.Commands(), "\n"), nil
}

func (s *Server) knownCommand(args []string) (string, error) {
	if err := want(args, 1); err != nil {
		return "", err
	}
	_, ok := s.commands[args[0]]
	return boolText(ok), nil
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
