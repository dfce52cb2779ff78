package engine

// prefetch asks the processor to bring the cache line at addr into its cache
// without waiting for it: the table's bucket of a position about to be probed.
//
//go:noescape
func prefetch(addr *slot)
