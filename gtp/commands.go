package gtp

import (
	"slices"
	"strings"

	"github.com/yunzi-go/yunzi/internal/cputime"
)

// handler answers one command: the result text, or an error (a Failure's
// text goes on the wire).
type handler func(s *Server, args []string) (string, error)

// command is an entry of the command table.
type command struct {
	run handler
	// ponder: once the command has succeeded, the engine thinks on the
	// opponent's time until the next line arrives (see Server.ponder).
	ponder bool
	// network: the command needs the engine's network. Without one it
	// still answers (with an error that says why), but list_commands and
	// known_command leave it out, so that a controller that probes them
	// before sending it does not send it only to fail.
	network bool
}

// commands returns the table of every command the server implements, by
// exact name. list_commands and known_command read it (see
// Server.available), so they never lie.
func commands() map[string]command {
	table := map[string]command{
		"protocol_version":    {run: (*Server).protocolVersion},
		"name":                {run: (*Server).name},
		"version":             {run: (*Server).versionCmd},
		"known_command":       {run: (*Server).knownCommand},
		"list_commands":       {run: (*Server).listCommands},
		"quit":                {run: (*Server).quitCmd},
		"boardsize":           {run: (*Server).boardsize},
		"clear_board":         {run: (*Server).clearBoard},
		"komi":                {run: (*Server).komi},
		"play":                {run: (*Server).play},
		"black":               {run: (*Server).playBlack},
		"white":               {run: (*Server).playWhite},
		"genmove":             {run: (*Server).genmove, ponder: true},
		"reg_genmove":         {run: (*Server).regGenmove},
		"kgs-genmove_cleanup": {run: (*Server).genmoveCleanup, ponder: true},
		"undo":                {run: (*Server).undo},
		"is_legal":            {run: (*Server).isLegal},
		"showboard":           {run: (*Server).showboard},
		"fixed_handicap":      {run: (*Server).fixedHandicap},
		"place_free_handicap": {run: (*Server).placeFreeHandicap},
		"set_free_handicap":   {run: (*Server).setFreeHandicap},
		"final_score":         {run: (*Server).finalScore},
		"final_status_list":   {run: (*Server).finalStatusList},
		"yunzi-chinese_score": {run: (*Server).chineseScore},
		"loadsgf":             {run: (*Server).loadsgf},
		"printsgf":            {run: (*Server).printsgf},
		"time_settings":       {run: (*Server).timeSettings},
		"kgs-time_settings":   {run: (*Server).kgsTimeSettings},
		"time_left":           {run: (*Server).timeLeft},
		"kgs-rules":           {run: (*Server).kgsRules},
		"kgs-game_over":       {run: (*Server).kgsGameOver},

		"lz-analyze":             {run: (*Server).lzAnalyze},
		"kata-analyze":           {run: (*Server).kataAnalyze},
		"lz-genmove_analyze":     {run: (*Server).lzGenmoveAnalyze, ponder: true},
		"kata-genmove_analyze":   {run: (*Server).kataGenmoveAnalyze, ponder: true},
		"gogui-analyze_commands": {run: (*Server).goguiAnalyzeCommands},
		"gogui-interrupt":        {run: (*Server).goguiInterrupt},
		"yunzi-ownership":        {run: (*Server).ownershipBoard},
		"yunzi-visits":           {run: (*Server).visitsGfx},
		"yunzi-winrates":         {run: (*Server).winratesGfx},
		"yunzi-pv":               {run: (*Server).pvGfx},
		"yunzi-territory":        {run: (*Server).territoryGfx},
		"yunzi-score":            {run: (*Server).scoreString},
		"yunzi-patterns":         {run: (*Server).patternsGfx},

		"kata-raw-nn":  {run: (*Server).kataRawNN, network: true},
		"yunzi-policy": {run: (*Server).policyGfx, network: true},
	}
	if _, ok := cputime.Process(); ok {
		table["cputime"] = command{run: (*Server).cputime}
	}
	return table
}

// Commands returns the names of the commands the server implements and
// can run with the engine it has, sorted.
func (s *Server) Commands() []string {
	names := make([]string, 0, len(s.commands))
	for name, cmd := range s.commands {
		if s.available(cmd) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// available reports whether cmd can run: a command that needs the network
// can only when the engine has one.
func (s *Server) available(cmd command) bool {
	return !cmd.network || s.engine.HasNetwork()
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
	cmd, ok := s.commands[args[0]]
	return boolText(ok && s.available(cmd)), nil
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
