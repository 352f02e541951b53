// Package cputime reads the CPU time the process has used, on the systems
// that tell it: GTP's cputime command and the bench's per-CPU-second
// rates read it. It imports nothing of Yunzi's.
package cputime
