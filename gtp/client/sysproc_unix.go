//go:build unix

package client

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the engine in a process group of its own, so that
// killing it also kills any programs it started (a wrapper script's child).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine's process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill() //nolint:errcheck // already gone
	}
}
