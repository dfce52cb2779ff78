//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the engine in a process group of its own, so that
// killing it kills whatever it started too (a wrapper script's engine).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group, and the process itself.
func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
