// Package jsonanalysis is KataGo's JSON analysis engine protocol
// (KataGo's docs/Analysis_Engine.md) served by Yunzi's engine: one JSON
// query a line in, one JSON response a line out as each position's
// search finishes, several positions searched at once.
//
// query.go parses a query line into the positions it asks for (or the
// error and warning lines KataGo gives), rules.go reads the rules, config.go
// the settings a config file and overrideSettings hold, response.go turns a
// search snapshot into a response from the perspective the settings name,
// and server.go queues the positions by priority and searches them on a
// pool of workers, each with an engine of its own.
package jsonanalysis
