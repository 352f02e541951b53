// Package bench measures Yunzi's speed the way `yunzi bench` reports it:
// light playouts per second (the rules package alone) and full-search
// playouts per second (tree, priors and heavy playouts), on empty and
// mid-game positions of several sizes, with 1..N threads, as the median of
// several runs, and each thread count's speedup over the first, from runs
// taken side by side.
package bench
