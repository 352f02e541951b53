// Package bench measures Yunzi's speed the way `yunzi bench` reports it:
// light playouts per second (the rules package alone), full-search
// playouts per second (tree, priors and heavy playouts), and, for
// comparison, the total of as many one-thread searches run at once on
// trees of their own ("apart"), on empty and mid-game positions of several
// sizes, with 1..N threads, as the median of several runs, and each
// thread count's speedup over the first, from runs taken side by side;
// the share of the searches' apart speedup that the search keeps; the
// same rates per second of the CPU time the process used, which a loaded
// machine changes less; and the memory the search's tree takes per node.
//
// With a KataGo network (network.go), it also measures the network's
// evaluations per second on the same positions, by thread count (one
// evaluator a goroutine) and batch size, with the fast evaluator and the
// reference one side by side; the GFLOP/s they imply, from the work the
// layer shapes give; the process's resident memory with the network
// loaded; and the search with the network, visits per second, measured as
// the classic search is (RunNetworkSearch).
package bench
