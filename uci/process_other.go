//go:build !unix

package uci

import "os/exec"

// ownProcessGroup does nothing where there are no process groups.
func ownProcessGroup(*exec.Cmd) {}

// killGroup kills the engine's process.
func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
