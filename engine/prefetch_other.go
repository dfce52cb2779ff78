//go:build !amd64

package engine

// prefetch does nothing where the module has no instruction for it.
func prefetch(*slot) {}
