// Package analysis holds what a search knows at one moment, in the terms a
// GUI shows it: candidate moves with visits, win rates and variations, the
// score estimate and who owns each point. The engine fills a Snapshot from
// the search while it runs; the gtp package prints it in the lz-analyze,
// kata-analyze and GoGui formats. It depends on the rules package alone,
// so the protocol never sees the search.
package analysis
