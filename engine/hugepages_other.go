//go:build !linux

package engine

// adviseHugePages does nothing where huge pages cannot be asked for.
func adviseHugePages([]slot) {}
